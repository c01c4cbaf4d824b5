/**
 * A window looked up by id whose app does not answer in time is a busy app, not a window that is gone: Firefox's
 * parent process stayed busy for minutes after a 50,000-row page loaded, and a ref's click then answered STALE_REF
 * "its window is gone" (retry: never) while the window was there all along.
 */
import { PlatformError } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { DbusCallError } from "../dbus/DbusCallError.js"
import { genericProfile } from "../toolkits/generic/profile.js"
import { AppDirectory } from "./AppDirectory.js"
import type { AtspiSession } from "./AtspiSession.js"
import { windowIdOf } from "./WindowId.js"

const lookUp = async (failure: DbusCallError): Promise<unknown> => {
  const session = {
    call: () => Promise.reject(failure),
    bus: { call: () => Promise.reject(failure) },
    toolkits: { profileNow: () => genericProfile, profileOf: () => Promise.resolve(genericProfile) }
  } as unknown as AtspiSession
  const directory = new AppDirectory(session)
  const app = { ref: { busName: ":1.5", path: "/org/a11y/atspi/accessible/root" }, name: "Firefox", pid: 1584 }
  ;(directory as unknown as { apps: () => Promise<unknown> }).apps = () => Promise.resolve([app])
  return directory.windowById(windowIdOf({ busName: ":1.5", path: "/org/a11y/atspi/accessible/2" })).then(() => undefined, (error: unknown) => error)
}

describe("a window looked up by id", () => {
  it("is APP_UNRESPONSIVE when its app does not answer in time", async () => {
    const error = await lookUp(new DbusCallError("timeout", "GetState", undefined, "no reply within 1000 ms"))
    assert.instanceOf(error, PlatformError)
    assert.strictEqual((error as PlatformError).code, "APP_UNRESPONSIVE")
    assert.deepInclude((error as PlatformError).details, { unresponsive_pids: [1584] })
  })

  it("is WINDOW_NOT_FOUND when the object is gone", async () => {
    const error = await lookUp(new DbusCallError("remote", "GetState", "org.freedesktop.DBus.Error.UnknownObject", "no such object"))
    assert.strictEqual((error as PlatformError).code, "WINDOW_NOT_FOUND")
  })
})
