/**
 * An app whose accessibility is switched off reports children and hands out only null objects (Chromium 156 started
 * without --force-renderer-accessibility: every window has ChildCount 1 and GetChildren answers the null object).
 * A read of such a window must say so, not answer an empty tree as complete; deeper down it is a truncation.
 */
import { assert, describe, it } from "@effect/vitest"
import { PlatformError } from "@agent-desktop/platform"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState } from "../atspi/States.js"
import { fakeApp, fakeRef, type FakeObject } from "../atspi/testing/fakeApp.js"
import { chromium } from "../toolkits/chromium/profile.js"
import { gtk3 } from "../toolkits/gtk3/profile.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { TreeReader } from "./TreeReader.js"

const NULL = "/org/a11y/atspi/null"
const shown = [AtspiState.enabled, AtspiState.sensitive, AtspiState.visible, AtspiState.showing]
// The stand-in answers no Cache.GetItems: read live, as Chromium's window is when its cache holds no children.
const chromiumLive = { ...chromium, bulkCacheSafe: false }

const read = (objects: Record<string, FakeObject>, profile = chromiumLive) =>
  new TreeReader(fakeApp(profile, objects).session).read(fakeRef("/frame"), { maxDepth: 64, deadline: Date.now() + 5_000 })

describe("a window whose app has its accessibility switched off", () => {
  it("is refused with what to do (Chromium: restart it with renderer accessibility), never read as an empty complete tree", async () => {
    const error = await read({ "/frame": { role: AtspiRole.frame, name: "Form - Chromium", states: shown, children: [NULL] } }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, PlatformError)
    const failure = error as PlatformError
    assert.strictEqual(failure.code, "ACTION_NOT_SUPPORTED")
    assert.deepInclude(failure.details, { kind: "accessibility_inactive", renderer_accessibility_activation_required: true })
    assert.match(failure.suggestion ?? "", /--force-renderer-accessibility/)
  })

  it("leaves no detail read of the refused window to fail unhandled when the session closes under it", async () => {
    const unhandled: Array<unknown> = []
    const onUnhandled = (reason: unknown) => void unhandled.push(reason)
    process.on("unhandledRejection", onUnhandled)
    try {
      const { session } = fakeApp(chromiumLive, {
        "/frame": { role: AtspiRole.frame, name: "Form - Chromium", states: shown, interfaces: ["Component", "Action"], actions: ["click"], children: [NULL] }
      })
      // The window's bounds and actions are still being read when the read is refused; the session then closes.
      const call = session.call.bind(session)
      ;(session as { call: typeof session.call }).call = (target, spec, timeoutMs) =>
        spec.member === "GetExtents" || spec.member === "GetActions"
          ? new Promise((_, reject) => setTimeout(() => reject(new DbusCallError("disconnected", spec.member, undefined, "closed by client")), 30))
          : call(target, spec, timeoutMs)
      const error = await new TreeReader(session).read(fakeRef("/frame"), { maxDepth: 64, deadline: Date.now() + 5_000 }).then(() => undefined, (e: unknown) => e)
      assert.instanceOf(error, PlatformError)
      await new Promise((resolve) => setTimeout(resolve, 100))
      assert.deepStrictEqual(unhandled, [])
    } finally {
      process.off("unhandledRejection", onUnhandled)
    }
  })

  it("a drill-down root (--root) with only null children is a truncation, not an app whose accessibility is off", async () => {
    const objects: Record<string, FakeObject> = { "/panel": { role: AtspiRole.panel, states: shown, children: [NULL] } }
    const result = await new TreeReader(fakeApp(chromiumLive, objects).session).read(fakeRef("/panel"), { maxDepth: 64, deadline: Date.now() + 5_000, rootPath: [0, 2] })
    assert.isFalse(result.complete)
    assert.isTrue(result.root.budgetCut)
  })

  it("elsewhere in the tree, a node that hands out only null children is a truncation: the read is not complete", async () => {
    const result = await read({
      "/frame": { role: AtspiRole.frame, name: "App", states: shown, children: ["/panel", "/ok"] },
      "/panel": { role: AtspiRole.panel, states: shown, children: [NULL, NULL] },
      "/ok": { role: AtspiRole.pushButton, name: "OK", states: shown, interfaces: ["Action"], actions: ["click"] }
    }, { ...gtk3, bulkCacheSafe: false })
    assert.isFalse(result.complete)
    const panel = result.root.children?.find((child) => child.node.ref.path === "/panel")
    assert.isTrue(panel?.budgetCut)
    assert.isTrue(result.root.children?.some((child) => child.node.name === "OK"))
  })
})
