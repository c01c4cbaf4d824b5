import { PlatformError } from "@agent-desktop/platform"
import type { Accessible } from "../atspi/Accessible.js"
import { AppDirectory } from "../atspi/AppDirectory.js"
import { isNullRef } from "../atspi/Accessible.js"
import { Paths } from "../atspi/Interfaces.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { xdotoolKeyboardFocus, type KeyboardFocus, type KeyboardFocusControl } from "../x11/KeyboardFocus.js"
import type { ActContext } from "./ActContext.js"
import { pollTimeout, timeoutFor } from "./Deadline.js"
import { pollUntil } from "./settle.js"
import { physical, step } from "./Step.js"
import type { StepLog } from "./StepLog.js"

/** The title of the toplevel window an element is in: its ancestor whose parent is the app's root. */
const windowTitleOf = async (accessible: Accessible, deadline: number): Promise<string> => {
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
 * Synthesized keys go to the X window that has the keyboard focus, whatever AT-SPI's GrabFocus answered: before
 * typing, the target's app must hold it, or its text lands in another app (Firefox ESR 153 next to Chromium 156:
 * Firefox's field reported focused, Chromium kept the X focus and got the text). When another window has it, the
 * target's window is asked for it (a journalled step) and the focus is waited for, bounded; a focus that stays
 * elsewhere is ACTION_FAILED before any key is sent. Where the focus cannot be told (no display, no xdotool),
 * nothing is checked.
 */
export const ensureAppKeyboardFocus = async ({ session, busName, title: titleOf, steps, deadline, control }: KeysTarget): Promise<void> => {
  const x = control ?? xdotoolKeyboardFocus
  const now = await x.focus(pollTimeout(deadline))
  if (now.kind === "unknown") return
  const pid = await new AppDirectory(session).pidOf(busName)
  if (pid === undefined || holds(now, pid)) return
  const title = await titleOf().catch(() => "")
  // None of the app's windows is known by its pid (it sets no _NET_WM_PID, or runs in a sandbox's own pid
  // namespace), or several are and none has the title: whose the focus is cannot be told, so the keys go as they
  // did before this guard.
  const xid = await x.windowOf(pid, title, timeoutFor(deadline))
  if (xid === undefined) return
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
 * Headless keys (no --headed: nothing may move the focus) for an app's window: refused, nothing sent, when the X
 * keyboard focus is known to be with another app's window, where they would land (a probe's `press x --app
 * calculator` typed into mousepad). Where it cannot be told (no display or xdotool, PointerRoot or no focus on a
 * bare Xvfb, an app none of whose windows carries its pid), the keys go as before.
 */
export const refuseForeignKeyboardFocus = async ({ session, busName, title: titleOf, deadline, control }: Omit<KeysTarget, "steps">): Promise<void> => {
  const x = control ?? xdotoolKeyboardFocus
  const now = await x.focus(pollTimeout(deadline))
  if (now.kind !== "pid") return
  const pid = await new AppDirectory(session).pidOf(busName)
  if (pid === undefined || holds(now, pid)) return
  const title = await titleOf().catch(() => "")
  if ((await x.windowOf(pid, title, timeoutFor(deadline))) === undefined) return
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
