import { COMMAND_NAMES, COMMANDS } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { PlatformNotSupported } from "../errors/DesktopError.js"

/**
 * Commands whose Linux work has not landed (the spec's `not_implemented`). They parse, and answer with a real
 * PLATFORM_NOT_SUPPORTED envelope (nothing sent, so not_delivered/safe).
 */
export const NOT_YET_SUPPORTED: ReadonlyArray<string> = COMMAND_NAMES.filter(
  (name) => COMMANDS[name]?.support.linux === "not_implemented"
)

export const notSupported = (command: string) => () =>
  Effect.fail(new PlatformNotSupported({
    message: `${command} is not implemented on ${process.platform} yet`,
    delivery: "not_delivered",
    suggestion: "Run agent-desktop skills get platform to see what this platform supports"
  }))
