/**
 * Test support: one virtual desktop per test file, with the adapter pointed at it. Test-only (imported by
 * *.test.ts); kept out of src so the library build never depends on tools/desktop.
 */
import type { DesktopAdapterShape } from "@agent-desktop/platform"
import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { Effect, type Effect as E } from "effect"
import { makeLinuxAdapter } from "../src/LinuxAdapter.js"

export interface TestDesktop {
  readonly desktop: RunningDesktop
  readonly adapter: DesktopAdapterShape
}

export const openTestDesktop = async (apps: ReadonlyArray<string>): Promise<TestDesktop> => {
  const desktop = await startDesktop({ apps, timeoutMs: 60_000 })
  // The adapter finds its buses through the environment, as it does on a user's desktop.
  Object.assign(process.env, desktop.env)
  return { desktop, adapter: makeLinuxAdapter() }
}

export const closeTestDesktop = async (test: TestDesktop | undefined): Promise<void> => {
  if (!test) return
  await Effect.runPromise(test.adapter.close())
  await test.desktop.stop()
}

export const run = <A, Err>(effect: E.Effect<A, Err>): Promise<A> => Effect.runPromise(effect)

export const flip = <A, Err>(effect: E.Effect<A, Err>): Promise<Err> => Effect.runPromise(Effect.flip(effect))
