// Placeholder until the engine exports its layer builder: every desktop command answers with a structured error
// envelope, so the model sees a failure it can report rather than a crash.
import type { DesktopToolRunner } from "@agent-desktop/agent"
import { Effect } from "effect"

export const engineRunner = (_env: NodeJS.ProcessEnv): DesktopToolRunner => (request) =>
  Effect.succeed({
    version: "2.6",
    ok: false,
    command: request.command,
    error: { code: "ACTION_NOT_SUPPORTED", message: "desktop engine not wired yet" }
  })
