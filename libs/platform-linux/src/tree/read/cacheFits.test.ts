/**
 * The whole-app cache is asked only of an app whose objects Collection counts within its profile's bound: a browser
 * page past it is read live (asking it whole disconnected Chromium 156 from the bus), one within it as before.
 */
import { assert, describe, it } from "@effect/vitest"
import { AtspiRole } from "../../atspi/Roles.js"
import { fakeApp, fakeBus, fakeRef } from "../../atspi/testing/fakeApp.js"
import { chromium } from "../../toolkits/chromium/profile.js"
import { TreeReader } from "../TreeReader.js"

const read = async (objects: number, profile = chromium) => {
  const members: Array<string> = []
  const app = fakeApp(profile, {
    "/org/a11y/atspi/accessible/root": { role: 75 /* application */, name: "Chromium", children: ["/win"] },
    "/org/a11y/atspi/cache": { role: 0 },
    "/win": { role: AtspiRole.frame, name: "Page" }
  }, {
    record: (call) => {
      if (call.member === "GetMatches" || call.member === "GetItems") members.push(`${call.member} ${call.path} ${call.member === "GetMatches" ? String(call.body[2]) : ""}`.trim())
      return undefined
    },
    onSend: (member) => {
      if (member === "GetMatches") return Array.from({ length: objects }, (_, i) => [fakeBus, `/o${i}`])
      if (member === "GetItems") return []
      return undefined
    }
  })
  await app.session.toolkits.profileOf(fakeBus, 1000)
  const result = await new TreeReader(app.session).read(fakeRef("/win"), { maxDepth: 4, deadline: Date.now() + 10_000 })
  return { members, result }
}

describe("the whole-app cache and its size bound", () => {
  it("is not asked of an app Collection counts past the bound: the window is read live", async () => {
    const { members, result } = await read(chromium.bulkCacheMaxObjects! + 1)
    assert.deepStrictEqual(members, [`GetMatches /org/a11y/atspi/accessible/root ${chromium.bulkCacheMaxObjects! + 1}`])
    assert.strictEqual(result.source, "walk")
  })

  it("is asked of an app within the bound", async () => {
    const { members } = await read(300)
    assert.deepStrictEqual(members, [`GetMatches /org/a11y/atspi/accessible/root ${chromium.bulkCacheMaxObjects! + 1}`, "GetItems /org/a11y/atspi/cache"])
  })

  it("is asked without counting where the profile sets no bound", async () => {
    const { bulkCacheMaxObjects: _bound, ...unbounded } = chromium
    const { members } = await read(300, unbounded)
    assert.deepStrictEqual(members, ["GetItems /org/a11y/atspi/cache"])
  })
})
