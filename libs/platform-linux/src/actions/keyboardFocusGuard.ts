import { PlatformError, type KeyboardFocus } from "@agent-desktop/platform"
import type { Accessible } from "../atspi/Accessible.js"
import { AppDirectory } from "../atspi/AppDirectory.js"
import { isNullRef } from "../atspi/Accessible.js"
import { Paths } from "../atspi/Interfaces.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { keyboardFocusControl, type KeyboardFocusControl } from "../display/sessionWindows.js"
import type { ActContext } from "./ActContext.js"
import { pollTimeout, timeoutFor } from "./Deadline.js"
import { pollUntil } from "./settle.js"
import { physical, step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

/** The title of the toplevel window an element is in: its ancestor whose parent is the app's root. */
export const windowTitleOf = async (accessible: Accessible, deadline: number): Promise<string> => {
  let current = accessible
  for (let depth = 0; depth < 64; depth++) {
    const parent = await current.parent(timeoutFor(deadline))
    if (isNullRef(parent) || parent.path === Paths.root) return current.name(timeoutFor(deadline))
    current = current.sibling(parent.path)
  }
  return ""
}

const holds = (focus: KeyboardFocus | undefined, pid: number): boolean => focus?.kind === "pid" && focus.pid === pid

/** Whose keys: an app (by bus name), the title of the window they are meant for, and the delivery they are part of. */
export interface KeysTarget {
  readonly session: AtspiSession
  readonly busName: string
  readonly title: () => Promise<string>
  readonly steps: StepLog
  readonly deadline: number
  readonly control?: KeyboardFocusControl | undefined
}

/**
 * Where the X keyboard focus is when it is known not to be the app's: the focus, the app's pid and the window of
 * the app the keys are meant for. Undefined where it is the app's or cannot be told: no display or xdotool, no pid
 * for the app, or none of its windows known by its pid (it sets no _NET_WM_PID, or runs in a sandbox's own pid
 * namespace), or several and none with the title.
 */
const focusElsewhere = async ({ session, busName, title: titleOf, deadline, control }: Omit<KeysTarget, "steps">) => {
  const x = control ?? keyboardFocusControl()
  const now = await x.focus(pollTimeout(deadline))
  if (now.kind === "unknown") return undefined
  const pid = await new AppDirectory(session).pidOf(busName)
  if (pid === undefined || holds(now, pid)) return undefined
  const title = await titleOf().catch(() => "")
  const xid = await x.windowOf(pid, title, timeoutFor(deadline))
  return xid === undefined ? undefined : { x, now, pid, title, xid }
}

/**
 * Synthesized keys go to the X window that has the keyboard focus, whatever AT-SPI's GrabFocus answered: before
 * typing, the target's app must hold it, or its text lands in another app (Firefox ESR 153 next to Chromium 156:
 * Firefox's field reported focused, Chromium kept the X focus and got the text). When another window has it, the
 * target's window is asked for it (a journalled step) and the focus is waited for, bounded; a focus that stays
 * elsewhere is ACTION_FAILED before any key is sent. Where the focus cannot be told, nothing is checked and the
 * keys go as they did before this guard.
 */
export const ensureAppKeyboardFocus = async (target: KeysTarget): Promise<void> => {
  const elsewhere = await focusElsewhere(target)
  if (elsewhere === undefined) return
  const { x, now, pid, title, xid } = elsewhere
  const { steps, deadline } = target
  const asked = await step(steps, "X11.FocusWindow", () => x.focusWindow(xid, timeoutFor(deadline)), physical)
  const after = asked ? await pollUntil((timeoutMs) => x.focus(timeoutMs), (focus) => holds(focus, pid), deadline) : now
  if (holds(after, pid)) return
  throw new PlatformError({
    code: "ACTION_FAILED",
    message: `the keyboard focus is with ${after?.kind === "pid" ? `another app's window (pid ${after.pid})` : "no app's window"} and could not be given to this app's window${title ? ` "${title}"` : ""}: no key was sent, since the keys would have gone there`,
    details: { kind: "keyboard_focus_elsewhere", app_pid: pid, ...(after?.kind === "pid" ? { focus_pid: after.pid } : {}) },
    steps: steps.all
  })
}

/**
 * As ensureAppKeyboardFocus, for a window whose toolkit gave no sign it is the one keys reach (GTK 4.8 refuses
 * GrabFocus and sets no ACTIVE on a dialog): true only when the app is known to hold the X keyboard focus, after it
 * was asked over where another app's window had it. A focus that cannot be told is no proof: false.
 */
export const confirmAppKeyboardFocus = async (target: KeysTarget): Promise<boolean> => {
  const x = target.control ?? keyboardFocusControl()
  if ((await x.focus(pollTimeout(target.deadline))).kind === "unknown") return false
  const pid = await new AppDirectory(target.session).pidOf(target.busName)
  if (pid === undefined) return false
  await ensureAppKeyboardFocus({ ...target, control: x })
  return holds(await x.focus(pollTimeout(target.deadline)), pid)
}

/**
 * Headless keys (no --headed: nothing may move the focus) for an app's window: refused, nothing sent, when the X
 * keyboard focus is known to be with another app's window, where they would land (a probe's `press x --app
 * calculator` typed into mousepad). Where it cannot be told, or nobody holds it (PointerRoot on a bare Xvfb, where
 * keys reach the window under the pointer), the keys go as before.
 */
export const refuseForeignKeyboardFocus = async (target: Omit<KeysTarget, "steps">): Promise<void> => {
  const elsewhere = await focusElsewhere(target)
  if (elsewhere?.now.kind !== "pid") return
  const { now, pid, title } = elsewhere
  throw new PlatformError({
    code: "POLICY_DENIED",
    message: `the keyboard focus is with another app's window (pid ${now.pid}), where keys go: none was sent to this app's window${title ? ` "${title}"` : ""}`,
    details: { kind: "window_not_active", app_pid: pid, focus_pid: now.pid },
    suggestion: "Pass --headed (it gives the app's window the focus first and verifies it), or run focus-window for it, then press again"
  })
}

/** The guard for keys typed into an element: its app, and the title of the window it is in. */
export const ensureKeyboardFocus = (context: ActContext): Promise<void> =>
  ensureAppKeyboardFocus({
    session: context.session,
    busName: context.node.ref.busName,
    title: () => windowTitleOf(context.accessible, context.deadline),
    steps: context.steps,
    deadline: context.deadline,
    control: context.keyboardFocus
  })
