/**
 * A window read while its page loads, against a scripted app: a BUSY document, and a childless web document that says
 * nothing of itself in a titled window (Chromium 156's stand-in for a page whose tree has not arrived) make the read
 * `loading`; a loaded page, an empty page with its address, a document that cannot say and an untitled window's empty
 * document do not, and a document with children is never asked (a loaded page's read costs no call more).
 */
import { assert, describe, it } from "@effect/vitest"
import { AtspiState } from "../../atspi/States.js"
import { fakeApp, fakeRef, type FakeObject } from "../../atspi/testing/fakeApp.js"
import { chromium } from "../../toolkits/chromium/profile.js"
import { TreeReader } from "../TreeReader.js"

const SHOWN = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
const STAND_IN = { Title: "", MimeType: "", DocType: "", URI: "" }
const LOADED = { Title: "items 5000", MimeType: "text/html", DocType: "html", URI: "file:///tmp/long.html" }

const read = async (document: Partial<FakeObject>, title = "items 5000 - Chromium", view: Partial<FakeObject> = {}) => {
  const objects: Record<string, FakeObject> = {
    "/frame": { role: 23, name: title, children: ["/view"] },
    "/view": { role: 39, children: ["/doc"], ...view },
    "/doc": { interfaces: ["Document", "Component"], ...document, role: 95 },
    "/heading": { role: 83, name: "Items" }
  }
  const asked: Array<string> = []
  const app = fakeApp({ ...chromium, bulkCacheSafe: false }, objects, {
    record: (call) => {
      if (call.member === "GetAttributes") asked.push(call.path)
      return undefined
    }
  })
  const result = await new TreeReader(app.session).read(fakeRef("/frame"), { maxDepth: 20, deadline: Date.now() + 5000, details: false })
  const doc = result.root.children![0]!.children![0]?.node ?? { loading: false }
  return { result, loading: doc.loading === true, asked }
}

describe("documents still loading", () => {
  it("a childless web document whose attributes are all empty stands in for a page not arrived: the read is loading", async () => {
    const { result, loading, asked } = await read({ documentAttributes: STAND_IN })
    assert.isFalse(result.complete)
    assert.deepStrictEqual(result.incomplete, ["loading"])
    assert.isTrue(loading)
    assert.deepStrictEqual(asked, ["/doc"])
  })

  it("a BUSY document is loading without asking it anything", async () => {
    const { result, loading, asked } = await read({ states: [...SHOWN, AtspiState.busy], children: ["/heading"], documentAttributes: LOADED })
    assert.deepStrictEqual(result.incomplete, ["loading"])
    assert.isTrue(loading)
    assert.deepStrictEqual(asked, [])
  })

  it("a loaded page is complete and costs no call more (a document with children is never asked)", async () => {
    const { result, loading, asked } = await read({ children: ["/heading"], documentAttributes: STAND_IN })
    assert.isTrue(result.complete)
    assert.isFalse(loading)
    assert.deepStrictEqual(asked, [])
  })

  it("a container that counts more children than it hands out says a change raced the read (the window is read again)", async () => {
    const { result } = await read({ children: ["/heading"], documentAttributes: LOADED }, undefined, { reportedChildCount: 2 })
    assert.isTrue(result.complete)
    assert.strictEqual(result.vanished, 1)
    const { result: settled } = await read({ children: ["/heading"], documentAttributes: LOADED })
    assert.isUndefined(settled.vanished)
  })

  it("an untitled window's empty document is just empty (Chromium 156's popup windows hold one for good)", async () => {
    const { result, loading, asked } = await read({ documentAttributes: STAND_IN }, "")
    assert.isTrue(result.complete)
    assert.isFalse(loading)
    assert.deepStrictEqual(asked, [])
  })

  it("an empty page with its address, a document that cannot say, and a hidden stand-in are no evidence of loading", async () => {
    const documents: ReadonlyArray<Partial<FakeObject>> = [
      { documentAttributes: { ...STAND_IN, URI: "about:blank", MimeType: "text/html" } },
      {},
      { documentAttributes: STAND_IN, states: [AtspiState.enabled, AtspiState.sensitive] }
    ]
    for (const document of documents) {
      const { result, loading } = await read(document)
      assert.isTrue(result.complete, JSON.stringify(document))
      assert.isFalse(loading)
    }
  })
})
