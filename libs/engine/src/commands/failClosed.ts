import { FAIL_CLOSED_COMMANDS } from "@agent-desktop/contracts/vocabulary"
import { Effect } from "effect"
import { ActionNotSupported } from "../errors/DesktopError.js"

/** The held-input commands (the spec's `fail_closed` ones): refuse before anything is sent, until a daemon can guarantee release. */
export const FAIL_CLOSED: ReadonlyArray<string> = FAIL_CLOSED_COMMANDS

export const failClosed = (command: string) => () =>
  Effect.fail(new ActionNotSupported({
    message: `${command} refuses to run: a held ${command.startsWith("key") ? "key" : "mouse button"} could stay pressed if the agent stopped`,
    delivery: "not_delivered",
    details: { kind: "fail_closed", reason: "held_input_requires_release_daemon" },
    suggestion: command.startsWith("key")
      ? "Use press with a combo such as shift+a instead of holding keys"
      : "Use click or mouse-click instead of holding a button"
  }))
