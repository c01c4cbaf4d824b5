import { Effect } from "effect"
import { PlatformNotSupported } from "../errors/DesktopError.js"

/**
 * Commands of the reference whose platform work has not landed. They parse, and answer with a real
 * PLATFORM_NOT_SUPPORTED envelope (nothing sent, so not_delivered/safe).
 */
export const NOT_YET_SUPPORTED: ReadonlyArray<string> = [
  "list-surfaces", "open-system-surface",
  "scroll",
  "hover", "drag",
  "clipboard-get", "clipboard-set", "clipboard-clear",
  "launch", "close-app",
  "list-notifications", "dismiss-notification", "dismiss-all-notifications", "notification-action",
  "cursor-overlay"
]

export const notSupported = (command: string) => () =>
  Effect.fail(new PlatformNotSupported({
    message: `${command} is not implemented on ${process.platform} yet`,
    delivery: "not_delivered",
    suggestion: "Run agent-desktop skills get platform to see what this platform supports"
  }))
