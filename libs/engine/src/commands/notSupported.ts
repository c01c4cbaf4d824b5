import { COMMAND_NAMES, COMMANDS } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { PlatformNotSupported } from "../errors/DesktopError.js"

/**
 * Commands that answer PLATFORM_NOT_SUPPORTED here (nothing sent, so not_delivered/safe): the spec's
 * `not_implemented` ones (Linux work that has not landed) and its `not_applicable` ones (no Linux counterpart;
 * the spec's `refusal` says why).
 */
export const NOT_YET_SUPPORTED: ReadonlyArray<string> = COMMAND_NAMES.filter(
  (name) => COMMANDS[name]?.support.linux === "not_implemented"
)
export const NOT_APPLICABLE: ReadonlyArray<string> = COMMAND_NAMES.filter(
  (name) => COMMANDS[name]?.support.linux === "not_applicable"
)

export const notSupported = (command: string) => () => {
  const refusal = COMMANDS[command]?.refusal?.linux
  return Effect.fail(new PlatformNotSupported({
    message: refusal ?? `${command} is not implemented on ${process.platform} yet`,
    delivery: "not_delivered",
    ...(refusal === undefined ? {} : { details: { kind: "not_applicable", platform: process.platform } }),
    suggestion: "Run agent-desktop skills get platform to see what this platform supports"
  }))
}
