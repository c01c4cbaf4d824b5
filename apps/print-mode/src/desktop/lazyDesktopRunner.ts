// The desktop tools' engine seam, loaded on the first desktop call (D-Bus, the platform adapter and the store are
// not needed to print system/init).
import type { DesktopEnvelope, DesktopToolRunner } from "@agent-desktop/agent"
import { Effect } from "effect"

export const lazyDesktopRunner = (env: NodeJS.ProcessEnv): DesktopToolRunner => {
  let loaded: Promise<DesktopToolRunner> | undefined
  const load = () => loaded ??= import("./engineRunner.js").then((module) => module.engineRunner(env))
  return (request) =>
    Effect.flatMap(
      Effect.tryPromise(() => load()).pipe(
        Effect.catch((error) =>
          Effect.succeed<DesktopToolRunner>(() =>
            Effect.succeed<DesktopEnvelope>({
              version: "2.6",
              ok: false,
              command: request.command,
              error: { code: "INTERNAL", message: `The desktop engine could not be loaded: ${String(error)}` }
            })
          )
        )
      ),
      (runner) => runner(request)
    )
}
