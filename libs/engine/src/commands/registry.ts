import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import type { Effect } from "effect"
import type { Args } from "../Args.js"
import type { DesktopError } from "../errors/DesktopError.js"
import type { Invocation } from "../Invocation.js"
import { refAction, REF_ACTIONS } from "./actions/refAction.js"
import { batch } from "./batch.js"
import { failClosed, FAIL_CLOSED } from "./failClosed.js"
import { find } from "./find.js"
import { get } from "./get.js"
import { is } from "./is.js"
import { listApps } from "./listApps.js"
import { listWindows } from "./listWindows.js"
import { listDisplays } from "./native/listDisplays.js"
import { mouseClick } from "./native/mouseClick.js"
import { mouseMove } from "./native/mouseMove.js"
import { mouseWheel } from "./native/mouseWheel.js"
import { pointerRefAction, POINTER_REF_ACTIONS } from "./native/pointerRefAction.js"
import { screenshot } from "./native/screenshot.js"
import { focusWindow, maximize, minimize, moveWindow, resizeWindow, restore } from "./native/windowCommands.js"
import { notSupported, NOT_YET_SUPPORTED } from "./notSupported.js"
import { permissions } from "./permissions.js"
import { press } from "./press.js"
import { session } from "./session.js"
import { skills } from "./skills.js"
import { snapshot } from "./snapshot.js"
import { status } from "./status.js"
import { trace } from "./trace.js"
import { version } from "./version.js"
import { wait } from "./wait.js"

export type CommandServices = DesktopAdapter | EventStore | Invocation
export type Handler = (args: Args) => Effect.Effect<unknown, DesktopError, CommandServices>

/** Every command of the reference, by its kebab-case name. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  version,
  skills,
  status,
  permissions,
  session,
  trace,
  "list-apps": listApps,
  "list-windows": listWindows,
  snapshot,
  find,
  get,
  is,
  press,
  wait,
  batch,
  screenshot,
  "list-displays": listDisplays,
  "mouse-move": mouseMove,
  "mouse-click": mouseClick,
  "mouse-wheel": mouseWheel,
  "focus-window": focusWindow,
  "move-window": moveWindow,
  "resize-window": resizeWindow,
  minimize,
  maximize,
  restore,
  ...Object.fromEntries(REF_ACTIONS.map((name) => [name, refAction(name)])),
  ...Object.fromEntries(POINTER_REF_ACTIONS.map((name) => [name, pointerRefAction(name)])),
  ...Object.fromEntries(FAIL_CLOSED.map((name) => [name, failClosed(name)])),
  ...Object.fromEntries(NOT_YET_SUPPORTED.map((name) => [name, notSupported(name)]))
}
