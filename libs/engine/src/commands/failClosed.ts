import { Effect } from "effect"
import { ActionNotSupported } from "../errors/DesktopError.js"

/** The four held-input commands: refuse before anything is sent, until a daemon can guarantee release. */
export const FAIL_CLOSED: ReadonlyArray<string> = ["key-down", "key-up", "mouse-down", "mouse-up"]

export const failClosed = (command: string) => () =>
  Effect.fail(new ActionNotSupported({
    message: `${command} refuses to run: a held ${command.startsWith("key") ? "key" : "mouse button"} could stay pressed if the agent stopped`,
    delivery: "not_delivered",
    details: { kind: "fail_closed", reason: "held_input_requires_release_daemon" },
    suggestion: command.startsWith("key")
      ? "Use press with a combo such as shift+a instead of holding keys"
      : "Use click or mouse-click instead of holding a button"
  }))
