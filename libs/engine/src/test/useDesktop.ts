import { startDesktop, type RunningDesktop, type StartOptions } from "@agent-desktop/desktop"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll } from "vitest"

/**
 * One virtual desktop for a test file: started before its tests with `process.env` pointing at it (the adapter finds
 * the display and the accessibility bus there), stopped after them with the environment restored as it was (also
 * what the tests set in it). Call at the top of the file; the returned accessor works inside tests and later hooks.
 */
export const useDesktop = (options: StartOptions): (() => RunningDesktop) => {
  let desktop: RunningDesktop | undefined
  const saved = { ...process.env }
  beforeAll(async () => {
    desktop = await startDesktop(options)
    Object.assign(process.env, desktop.env)
  }, 90_000)
  afterAll(async () => {
    await desktop?.stop()
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  }, 30_000)
  return () => {
    if (desktop === undefined) throw new Error("the virtual desktop is not running (use it inside a test or a later hook)")
    return desktop
  }
}

/** Reads until `good` holds (an app applies changes on its own time): 50 ms apart, about 3 s at most. */
export const eventually = async <A>(read: () => A | Promise<A>, good: (a: A) => boolean): Promise<A> => {
  let last = await read()
  for (let i = 0; i < 60 && !good(last); i++) {
    await sleep(50)
    last = await read()
  }
  return last
}
