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

/** The spec's platform names for `process.platform`. */
const platformOf = (platform: NodeJS.Platform): "linux" | "macos" | "windows" | undefined =>
  platform === "linux" ? "linux" : platform === "darwin" ? "macos" : platform === "win32" ? "windows" : undefined

export const notSupported = (command: string) => () => {
  const platform = platformOf(process.platform)
  const spec = COMMANDS[command]
  // The refusal is this platform's, and only where the spec calls the command not applicable here.
  const refusal = platform !== undefined && spec?.support[platform] === "not_applicable" ? spec.refusal?.[platform] : undefined
  return Effect.fail(new PlatformNotSupported({
    message: refusal ?? `${command} is not implemented on ${process.platform} yet`,
    delivery: "not_delivered",
    ...(refusal === undefined ? {} : { details: { kind: "not_applicable", platform: process.platform } }),
    suggestion: "Run agent-desktop skills get platform to see what this platform supports"
  }))
}
