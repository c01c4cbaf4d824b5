import { EventStore } from "@agent-desktop/store"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { runCommand } from "../../runCommand.js"
import { ScriptedAdapter } from "../../test/ScriptedAdapter.js"

const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-native-unit-"))

/** An adapter without a native facet (as off Linux): every native command refuses before anything is sent. */
const run = (command: string, args: Record<string, unknown>, headed: boolean) => {
  const adapter = new ScriptedAdapter()
  return Effect.runPromise(
    runCommand({ command, args, options: { headed } }).pipe(Effect.provide(Layer.mergeAll(adapter.layer, EventStore.layer({ home }))))
  ) as Promise<{ ok: boolean; error?: any }>
}

describe("native commands without a native facet", () => {
  it("pointer input: POLICY_DENIED headless, PLATFORM_NOT_SUPPORTED headed; both not_delivered", async () => {
    const denied = await run("mouse-click", { xy: { x: 1, y: 2 } }, false)
    expect(denied.error.code).toBe("POLICY_DENIED")
    expect(denied.error.disposition).toEqual({ delivery: "not_delivered", retry: "safe" })
    const missing = await run("mouse-click", { xy: { x: 1, y: 2 } }, true)
    expect(missing.error.code).toBe("PLATFORM_NOT_SUPPORTED")
    expect(missing.error.details).toMatchObject({ kind: "platform_method_missing" })
    expect(missing.error.disposition.delivery).toBe("not_delivered")
  })

  it("bad arguments are INVALID_ARGS before the policy or the platform is consulted", async () => {
    expect((await run("mouse-click", {}, true)).error.code).toBe("INVALID_ARGS")
    expect((await run("mouse-click", { xy: { x: 1, y: 2 }, modifiers: ["hyper"] }, true)).error.code).toBe("INVALID_ARGS")
    expect((await run("mouse-click", { xy: { x: 1, y: 2 }, count: 9 }, true)).error.code).toBe("INVALID_ARGS")
    expect((await run("mouse-click", { xy: { x: 1, y: 2 }, button: "side" }, true)).error.code).toBe("INVALID_ARGS")
    expect((await run("mouse-wheel", { y: 3 }, true)).error.code).toBe("INVALID_ARGS")
    expect((await run("resize-window", { width: -1, height: 5 }, false)).error.code).toBe("INVALID_ARGS")
    expect((await run("screenshot", { screen: 0, app: "x" }, false)).error.code).toBe("INVALID_ARGS")
  })

  it("screenshot, list-displays and window operations answer PLATFORM_NOT_SUPPORTED", async () => {
    for (const [command, args] of [["screenshot", {}], ["list-displays", {}], ["minimize", {}], ["move-window", { x: 1, y: 1 }]] as const) {
      expect((await run(command, args, false)).error.code).toBe("PLATFORM_NOT_SUPPORTED")
    }
  })
})
