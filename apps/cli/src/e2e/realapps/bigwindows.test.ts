import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, envelopeOf, runBinaryAsync, tempHome } from "../../test/binary.js"
import { assertAlive, installed, nodes, probeRead, refOf, type Node } from "./realApp.js"

/**
 * Big windows (issue 8): a GTK 3 window with 20,103 refs (`rows:6700`, ~34,000 nodes) snapshots whole, and its refs
 * act; mousepad with a 1.5 MB document is observed, found, typed into and saved, read back from the saved file.
 * Before: the 5,000-row GtkGrid fixture kept GTK 3 busy for minutes (quadratic in its own accessibility), the RefMap
 * limit (1 MiB) refused 15,000 refs, and `type` echoed the whole document in post_state.
 */
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("bigwindows")
const cli = async (...argv: Array<string>): Promise<Record<string, any>> => envelopeOf(await runBinaryAsync(argv, env))

/** Polls `read` every 250 ms until it returns something, for at most `ms`. */
const until = async <A>(read: () => Promise<A | undefined>, ms: number): Promise<A | undefined> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const ROWS = 6700
const documentPath = join(home, "big.txt")
const documentText = (() => {
  let text = ""
  for (let line = 0; text.length < 1_500_000; line++) text += `line ${String(line).padStart(6, "0")} the quick brown fox jumps over the lazy dog\n`
  return text
})()

const mousepad = installed("/usr/bin/mousepad", "big-window real-app suite")

describe("big windows", () => {
  beforeAll(async () => {
    writeFileSync(documentPath, documentText)
    desktop = await startDesktop({ apps: [`rows:${ROWS}`], timeoutMs: 120_000 })
    env = { ...cleanEnv(home), ...desktop.env }
    if (mousepad) await desktop.launch(`/usr/bin/mousepad ${documentPath}`, 60_000)
  }, 180_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("a window with 20,103 refs snapshots whole; one of its check boxes toggles, read back by libatspi", async () => {
    // The app registers while it still builds its 34,000 accessibles: wait until it lists its window.
    const listed = await until(async () => {
      const windows = await cli("list-windows", "--app", "rows")
      return windows["ok"] && windows["data"].length > 0 ? windows : undefined
    }, 90_000)
    assert.isDefined(listed, "the rows window never appeared")
    // --max-children 0: the whole window (-i prints 50 children per container by default).
    const envelope = await cli("snapshot", "--app", "rows", "-i", "--compact", "--max-children", "0", "--timeout-ms", "120000")
    assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 2000))
    assert.isTrue(envelope["data"]["complete"])
    assert.strictEqual(envelope["data"]["ref_count"], ROWS * 3 + 3)
    const all = nodes(envelope["data"]["tree"] as Node)
    const toggled = await cli("toggle", refOf(all, "checkbox", "check 7"), "--timeout-ms", "120000")
    assert.isTrue(toggled["ok"], JSON.stringify(toggled))
    assert.include(probeRead(env, "rows", "check box", "check 7")["states"], "checked")
    assertAlive(env, "rows")
  }, 300_000)

  it.skipIf(!mousepad)("mousepad with a 1.5 MB document: snapshot, find, type, saved file read back", async () => {
    const envelope = await cli("snapshot", "--app", "mousepad", "-i", "--timeout-ms", "20000")
    assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 2000))
    assert.isTrue(envelope["data"]["complete"])
    const size = JSON.stringify(envelope).length
    assert.isBelow(size, 200_000, "the document is read up to 4,096 characters in a snapshot")
    const found = await cli("find", "--app", "mousepad", "--role", "textfield", "--first")
    assert.isTrue(found["ok"], JSON.stringify(found).slice(0, 2000))
    const typed = await cli("type", found["data"]["match"]["ref_id"], "HELLO-AGENT ")
    assert.isTrue(typed["ok"], JSON.stringify(typed).slice(0, 2000))
    assert.isBelow(JSON.stringify(typed).length, 10_000, "post_state does not echo the document")
    // File > Save through its menu item (keys would go to whichever window has the X focus).
    // Save is enabled once mousepad has seen the change.
    const save = await until(async () => {
      const item = await cli("find", "--app", "mousepad", "--role", "menuitem", "--name", "Save", "--exact", "--first")
      return item["ok"] && !(item["data"]["match"]["states"] ?? []).includes("disabled") ? item : undefined
    }, 10_000)
    assert.isDefined(save, "File > Save never became enabled")
    const saved = await cli("click", save!["data"]["match"]["ref_id"])
    assert.isTrue(saved["ok"], JSON.stringify(saved))
    let text = ""
    for (let i = 0; i < 40 && !text.includes("HELLO-AGENT "); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      text = existsSync(documentPath) ? readFileSync(documentPath, "utf8") : ""
    }
    // The text goes in at the caret: the saved file is the document with it inserted once, wherever the caret was.
    const at = text.indexOf("HELLO-AGENT ")
    assert.isAtLeast(at, 0, "the saved file holds the typed text")
    assert.strictEqual(text.slice(0, at) + text.slice(at + "HELLO-AGENT ".length), documentText)
    assertAlive(env, "mousepad")
  }, 120_000)
})
