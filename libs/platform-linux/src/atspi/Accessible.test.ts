import { assert, describe, it } from "@effect/vitest"
import { chromium } from "../toolkits/chromium/profile.js"
import { gecko } from "../toolkits/gecko/profile.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { Accessible, cleanName, cleanText } from "./Accessible.js"
import type { AppCall, AtspiSession, ObjectRef } from "./AtspiSession.js"

describe("names and text as an agent reads them", () => {
  it("trims padded names (LibreOffice 7.4 menu items: \"Save As...      \")", () => {
    assert.strictEqual(cleanName("Save As...      "), "Save As...")
  })

  it("drops U+FFFC object-replacement characters (Chromium 156 shows one per embedded child)", () => {
    assert.strictEqual(cleanText("\ufffc\ufffc\ufffc"), "")
    assert.strictEqual(cleanText("a\ufffcb"), "ab")
    // Gecko's pad after a character beyond the BMP goes; a U+FEFF anywhere else is the text's own.
    assert.strictEqual(cleanText("a😀\ufeffb𝄞\ufeff"), "a😀b𝄞")
    assert.strictEqual(cleanText("\ufeffa\ufeff"), "\ufeffa\ufeff")
  })
})

/** A session that answers from a table and records each call's member (pure unit test of the call pattern). */
const scriptedSession = (answers: Record<string, (body: ReadonlyArray<unknown>) => ReadonlyArray<unknown>>) => {
  const sent: Array<string> = []
  const session = {
    call: async (_ref: ObjectRef, spec: AppCall) => {
      const key = spec.member === "Get" ? `Get ${String(spec.body?.[1])}` : spec.member
      sent.push(`${key}${spec.body && spec.member !== "Get" ? `(${spec.body.join(",")})` : ""}`)
      const answer = answers[key]
      if (!answer) throw new Error(`unexpected ${key}`)
      return answer(spec.body ?? [])
    }
  } as unknown as AtspiSession
  return { session, sent }
}

const ref = { busName: ":1.2", path: "/org/a11y/atspi/accessible/12" }
// Chromium 156: GetActions names are empty; GetName(i) answers the default verb at 0, then showContextMenu.
const chromiumAnswers = {
  GetActions: () => [[["", "", ""], ["", "", ""]]],
  GetName: (body: ReadonlyArray<unknown>) => [["check", "showContextMenu"][Number(body[0])] ?? ""],
  "Get CharacterCount": () => [["i", [5]]],
  GetText: (body: ReadonlyArray<unknown>) => [Number(body[1]) < 0 ? "hello" : "hello".slice(0, Number(body[1]))]
}

describe("the calls a tree read sends per toolkit", () => {
  it("asks a toolkit whose first action decides (Chromium) for GetName(0) alone, and acting still reads every name", async () => {
    const { session, sent } = scriptedSession(chromiumAnswers)
    const decider = await new Accessible(session, ref, chromium).deciderActions(1000)
    assert.deepStrictEqual(decider.map((a) => a.name), ["toggle"])
    assert.deepStrictEqual(sent, ["GetName(0)"])
    sent.length = 0
    const all = await new Accessible(session, ref, chromium).actions(1000)
    assert.deepStrictEqual(all.map((a) => a.name), ["toggle", "showcontextmenu"])
    assert.deepStrictEqual(sent, ["GetActions", "GetName(0)", "GetName(1)"])
  })

  it("reads an empty first name as no action (Chromium answers \"\" past the last action)", async () => {
    const { session } = scriptedSession({ GetName: () => [""] })
    assert.deepStrictEqual(await new Accessible(session, ref, chromium).deciderActions(1000), [])
  })

  it("reads every name elsewhere (GTK 3)", async () => {
    const { session, sent } = scriptedSession({ GetActions: () => [[["click", "", ""]]] })
    assert.deepStrictEqual((await new Accessible(session, ref, gtk3).deciderActions(1000)).map((a) => a.name), ["click"])
    assert.deepStrictEqual(sent, ["GetActions"])
  })

  it("reads capped text in one call where the toolkit clamps the end (Chromium), else counts first (Firefox)", async () => {
    const clamped = scriptedSession(chromiumAnswers)
    assert.strictEqual(await new Accessible(clamped.session, ref, chromium).text(1000, 4096), "hello")
    assert.deepStrictEqual(clamped.sent, ["GetText(0,4096)"])
    const counted = scriptedSession(chromiumAnswers)
    assert.strictEqual(await new Accessible(counted.session, ref, gecko).text(1000, 4096), "hello")
    assert.deepStrictEqual(counted.sent, ["Get CharacterCount", "GetText(0,5)"])
  })
})
