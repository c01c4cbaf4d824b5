// The desktop tools run in-process through the engine host (libs/engine host/EngineHost.ts): one long-lived engine
// (platform adapter + event store) for the whole run, so the D-Bus connection is opened once. With --auto-recover, a
// failure whose disposition is safe and whose recovery is automatic is retried by the engine's Recovery before the
// model sees it.
import type { DesktopEnvelope, DesktopToolRunner } from "@agent-desktop/agent"
import { makeEngineHost } from "@agent-desktop/engine"
import { forProcess } from "@agent-desktop/platform-linux"
import { Effect } from "effect"

export interface EngineRunner {
  readonly run: DesktopToolRunner
  readonly dispose: () => Promise<void>
}

export const engineRunner = async (env: NodeJS.ProcessEnv): Promise<EngineRunner> => {
  // wave reads each window afresh (not warm), as a one-shot CLI call does.
  const engine = makeEngineHost({ env, platforms: { linux: forProcess }, warm: false })
  // The tool call's abort (wave's signal, a killed background task) reaches the engine as its AbortSignal, not as an
  // interruption: the command then stops waiting, folds its evidence and ends its invocation in the store.
  const run: DesktopToolRunner = (request) =>
    Effect.promise((signal) =>
      engine.run({
        command: request.command,
        args: request.args,
        options: {
          headed: request.options.headed ?? false,
          ...(request.options.session === undefined ? {} : { session: request.options.session }),
          signal
        },
        autoRecover: request.options.autoRecover === true
      })
    ).pipe(Effect.map((envelope) => envelope as DesktopEnvelope))
  return { run, dispose: engine.dispose }
}
