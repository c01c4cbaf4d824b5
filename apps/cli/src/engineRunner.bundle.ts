/**
 * The bundle's engine runner (build.mjs puts it in place of `engineRunner.ts`): `dist/engine.cjs` (runEngine.ts
 * and everything it imports) loaded with a V8 code cache kept in the state root's private `cache/` directory
 * (bundle/PrivateDirectory.ts). The first run of a build compiles as usual and then saves the cache, which covers
 * every function that run compiled; later runs skip that work.
 */
import { COMMAND_MANIFEST } from "@agent-desktop/contracts/commands"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import type { EngineRunner } from "./EngineRequest.js"
import type * as RunEngine from "./runEngine.js"

/** The store's own rule (reference §2.5); an invalid home gets no cache and the store reports it. */
const stateRootOf = (env: Readonly<Record<string, string | undefined>>): string | undefined => {
  const home = env["AGENT_DESKTOP_HOME"]
  if (home === undefined || home === "") return path.join(os.homedir(), ".agent-desktop")
  return path.isAbsolute(home) ? path.resolve(home) : undefined
}

// engine.cjs sits beside the entry (dist/agent-desktop.cjs) that this module is bundled into.
const engineFile = fileURLToPath(new URL("./engine.cjs", import.meta.url))
/** engine.cjs's content hash, put here by build.mjs. */
declare const __AD_ENGINE_BUILD_ID__: string
/** The module id under which engine.cjs requires the command spec from this entry (build.mjs). */
declare const __AD_ENGINE_PROVIDED_MANIFEST__: string

export const runEngine: EngineRunner = async (request) => {
  const { loadCachedScript } = await import("./bundle/CachedScript.js")
  const engine = loadCachedScript<typeof RunEngine>(engineFile, stateRootOf(request.env), {
    buildId: __AD_ENGINE_BUILD_ID__,
    provided: { [__AD_ENGINE_PROVIDED_MANIFEST__]: { COMMAND_MANIFEST } }
  })
  // The CLI exits right after this call (agent-desktop.ts).
  const envelope = await engine.exports.runFromCli(request, { exitsAfter: true })
  engine.saveCache()
  return envelope
}
