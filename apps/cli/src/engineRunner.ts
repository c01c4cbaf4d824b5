/**
 * The engine, loaded only when a command needs it, so `version` and parse errors never load effect, SQLite or
 * D-Bus. The CLI bundle swaps this module for `engineRunner.bundle.ts` (see build.mjs): same contract, but the
 * engine comes from a CommonJS bundle with a V8 code cache.
 */
import type { EngineRunner } from "./EngineRequest.js"

export const runEngine: EngineRunner = async (request) => {
  const { runFromCli } = await import("./runEngine.js")
  return runFromCli(request)
}
