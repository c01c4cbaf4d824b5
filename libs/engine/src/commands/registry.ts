import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import type { CommandData, CommandName } from "@agent-desktop/contracts"
import { type ArgsOf, COMMAND_NAMES, COMMANDS, type ManifestCommandName } from "@agent-desktop/contracts/commands"
import { REF_ACTION_COMMANDS } from "@agent-desktop/contracts/vocabulary"
import type { Effect } from "effect"
import type { Args } from "../args/Args.js"
import type { DesktopError } from "../errors/DesktopError.js"
import type { Invocation } from "../Invocation.js"
import { refAction, REF_ACTIONS } from "./actions/refAction.js"
import { batch } from "./batch.js"
import { failClosed } from "./failClosed.js"
import { find } from "./find.js"
import { get } from "./get.js"
import { is } from "./is.js"
import { listApps } from "./listApps.js"
import { listSurfaces } from "./listSurfaces.js"
import { listWindows } from "./listWindows.js"
import { clipboardClear } from "./native/clipboardClear.js"
import { clipboardGet } from "./native/clipboardGet.js"
import { clipboardSet } from "./native/clipboardSet.js"
import { closeApp } from "./native/closeApp.js"
import { drag } from "./native/drag.js"
import { hover } from "./native/hover.js"
import { launch } from "./native/launch.js"
import { listDisplays } from "./native/listDisplays.js"
import { mouseClick } from "./native/mouseClick.js"
import { mouseMove } from "./native/mouseMove.js"
import { mouseWheel } from "./native/mouseWheel.js"
import { pointerRefAction, POINTER_REF_ACTIONS } from "./native/pointerRefAction.js"
import { screenshot } from "./native/screenshot.js"
import { scrollRef } from "./native/scrollRef.js"
import { focusWindow, maximize, minimize, moveWindow, resizeWindow, restore } from "./native/windowCommands.js"
import { notSupported } from "./notSupported.js"
import { listNotifications } from "./notifications/listNotifications.js"
import { dismissAllNotifications, dismissNotification, notificationAction } from "./notifications/notificationMutations.js"
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
/**
 * A handler as runCommand calls it: with the arguments `decodeArgs` made for its command, which are that
 * command's `ArgsOf` (what each handler declares, below).
 */
export type Handler = (args: Args) => Effect.Effect<unknown, DesktopError, CommandServices>

type DeepReadonly<T> = T extends ReadonlyArray<infer E> ? ReadonlyArray<DeepReadonly<E>>
  : T extends object ? { readonly [P in keyof T]: DeepReadonly<T[P]> }
  : T

/**
 * A handler the compiler checks both ways against the spec: it takes its command's decoded arguments (a handler
 * that expects a value the spec does not guarantee, such as a default the spec lacks, fails `tsc`), and returns
 * its command's 2.6 `Static` data.
 */
export type ContractHandler<K extends CommandName> = (
  args: ArgsOf<K & ManifestCommandName>
) => Effect.Effect<DeepReadonly<CommandData<K>>, DesktopError, CommandServices>

/** Every handler, typed by the contract: its data must be its command's 2.6 data type, or `tsc` fails. */
const TYPED = {
  snapshot,
  version,
  status,
  session,
  trace,
  "list-apps": listApps,
  "list-windows": listWindows,
  wait,
  screenshot,
  "list-displays": listDisplays,
  skills,
  permissions,
  find,
  get,
  is,
  press,
  batch,
  "mouse-move": mouseMove,
  "mouse-click": mouseClick,
  "mouse-wheel": mouseWheel,
  "focus-window": focusWindow,
  "move-window": moveWindow,
  "resize-window": resizeWindow,
  minimize,
  maximize,
  restore,
  hover,
  drag,
  scroll: scrollRef,
  "clipboard-get": clipboardGet,
  "clipboard-set": clipboardSet,
  "clipboard-clear": clipboardClear,
  launch,
  "close-app": closeApp,
  "list-surfaces": listSurfaces,
  "list-notifications": listNotifications,
  "dismiss-notification": dismissNotification,
  "dismiss-all-notifications": dismissAllNotifications,
  "notification-action": notificationAction
} satisfies { readonly [K in CommandName]?: ContractHandler<K> }

/** Handlers built per name (the ref actions share one data shape): each is checked against its commands' data. */
const byName = <K extends CommandName>(
  names: ReadonlyArray<K>,
  make: (name: K) => ContractHandler<K>
): Readonly<Partial<Record<K, ContractHandler<K>>>> => {
  const handlers: Partial<Record<K, ContractHandler<K>>> = {}
  for (const name of names) handlers[name] = make(name)
  return handlers
}

const implementedBy = (handlers: ReadonlyArray<string>) => <K extends string>(name: K) => handlers.includes(name)

/**
 * The commands this engine implements. Everything else the command spec names is derived below: a command whose
 * spec says `fail_closed` refuses, any other answers PLATFORM_NOT_SUPPORTED. `registry.test.ts` holds this map and
 * the spec's Linux support status to each other, so adding a handler means flipping the spec entry too.
 */
const IMPLEMENTED = {
  ...TYPED,
  ...byName(REF_ACTION_COMMANDS.filter(implementedBy(REF_ACTIONS)), refAction),
  ...byName(REF_ACTION_COMMANDS.filter(implementedBy(POINTER_REF_ACTIONS)), pointerRefAction)
  // Each handler is typed for its own command's decoded arguments; runCommand decodes before it calls one.
} as unknown as Readonly<Partial<Record<ManifestCommandName, Handler>>>

export const IMPLEMENTED_COMMANDS: ReadonlyArray<string> = Object.keys(IMPLEMENTED)

const derived = (name: ManifestCommandName): Handler =>
  IMPLEMENTED[name] ?? (COMMANDS[name]?.support.linux === "fail_closed" ? failClosed(name) : notSupported(name))

/**
 * Whether runCommand decodes the command's arguments before its handler: an implemented command does; one that
 * refuses by design or is not supported here refuses whatever its arguments, as before anything else.
 */
export const decodesArgs = (name: string): boolean => Object.hasOwn(IMPLEMENTED, name)

/** Every command of the spec, by its kebab-case name; nothing else. */
export const HANDLERS: Readonly<Record<string, Handler>> = Object.fromEntries(
  COMMAND_NAMES.map((name) => [name, derived(name)])
)
