// The desktop tools' engine seam, loaded on the first desktop call: D-Bus, the platform adapter and the engine are
// not needed to print system/init.
import type { DesktopEnvelope, DesktopToolRunner } from "@agent-desktop/agent"
import { errorEnvelope } from "@agent-desktop/domain"
import { Effect } from "effect"
import type { EngineRunner } from "./engineRunner.js"

export interface LazyDesktopRunner {
  readonly run: DesktopToolRunner
  /** Releases the engine (D-Bus connection, store) if it was ever loaded. */
  readonly dispose: () => Promise<void>
}

export const lazyDesktopRunner = (env: NodeJS.ProcessEnv): LazyDesktopRunner => {
  let loaded: Promise<EngineRunner> | undefined
  const load = () => loaded ??= import("./engineRunner.js").then((module) => module.engineRunner(env))
  return {
    run: (request) =>
      Effect.tryPromise(() => load()).pipe(
        Effect.flatMap((engine) => engine.run(request)),
        Effect.catch((error) =>
          Effect.succeed<DesktopEnvelope>(errorEnvelope(request.command, {
            code: "INTERNAL",
            message: `The desktop engine could not be loaded: ${String(error)}`,
            delivery: "not_delivered"
          }))
        )
      ),
    dispose: () => loaded === undefined ? Promise.resolve() : loaded.then((engine) => engine.dispose(), () => undefined)
  }
}
