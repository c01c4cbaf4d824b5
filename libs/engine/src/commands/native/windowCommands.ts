/**
 * Window operations through the window manager (EWMH on X11): focus-window, move-window, resize-window, minimize,
 * maximize, restore. Each resolves the accessibility window, finds its managed counterpart, asks, and reads the
 * window back (`details.verification_scope`). Positions and sizes are the frame's (decorations included), the
 * rectangle list-windows reports.
 */
import type { ArgsOf } from "@agent-desktop/contracts/commands"
import type { ManagedWindow } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs } from "../../errors/DesktopError.js"
import { ensureOnScreen, nativeDesktop } from "./nativeAccess.js"
import { operateAndVerify, type OperationPlan } from "./windowOperation.js"
import { resolveWindowTarget, windowTargetOf, type WindowTargetArgs } from "./windowTarget.js"
import { reportDisposition } from "../reportDisposition.js"

/** A position or size flag the operation needs (the spec bounds it, but cannot make a flag required). */
const required = (value: number | undefined, key: string) =>
  value === undefined
    ? Effect.fail(new InvalidArgs({ message: `Missing --${key}`, suggestion: `Pass --${key}` }))
    : Effect.succeed(value)

type Scope = "window_position" | "window_size" | "window_minimized_state" | "window_maximized_state"

const report = <A extends WindowTargetArgs, Echoed extends Readonly<Record<string, number>>>(
  command: string,
  plan: (args: A) => Effect.Effect<{ plan: OperationPlan; scope: Scope | ((before: ManagedWindow) => Scope); echoed: Echoed }, InvalidArgs>
) =>
  Effect.fn(command)(function*(args: A) {
    const { plan: operationPlan, scope, echoed } = yield* plan(args)
    const native = yield* nativeDesktop
    if (operationPlan.operation.kind === "move") {
      yield* ensureOnScreen(native, { x: operationPlan.operation.x, y: operationPlan.operation.y }, "--x/--y")
    }
    const target = yield* resolveWindowTarget(args, native)
    const { steps } = yield* operateAndVerify(native, target, operationPlan)
    return {
      action: command,
      disposition: yield* reportDisposition(command, steps),
      steps,
      target: windowTargetOf(target.info),
      ...echoed,
      details: { verification_scope: typeof scope === "function" ? scope(target.managed) : scope }
    }
  })

const same = (a: number, b: number) => Math.abs(a - b) <= 0

export const moveWindow = report("move-window", (args: ArgsOf<"move-window">) =>
  Effect.gen(function*() {
    const x = yield* required(args.x, "x")
    const y = yield* required(args.y, "y")
    return {
      plan: {
        operation: { kind: "move", x, y },
        label: "_NET_MOVERESIZE_WINDOW(position)",
        satisfied: (w: ManagedWindow) => same(w.bounds.x, x) && same(w.bounds.y, y),
        describe: () => ({ x, y })
      },
      scope: "window_position",
      echoed: { x, y }
    }
  }))

export const resizeWindow = report("resize-window", (args: ArgsOf<"resize-window">) =>
  Effect.gen(function*() {
    const width = yield* required(args.width, "width")
    const height = yield* required(args.height, "height")
    return {
      plan: {
        operation: { kind: "resize", width, height },
        label: "_NET_MOVERESIZE_WINDOW(size)",
        satisfied: (w: ManagedWindow) => same(w.bounds.width, width) && same(w.bounds.height, height),
        describe: () => ({ width, height })
      },
      scope: "window_size",
      echoed: { width, height }
    }
  }))

export const minimize = report("minimize", (_: ArgsOf<"minimize">) =>
  Effect.succeed({
    plan: {
      operation: { kind: "minimize" },
      label: "WM_CHANGE_STATE(IconicState)",
      satisfied: (w: ManagedWindow) => w.minimized,
      describe: () => ({ minimized: true })
    },
    scope: "window_minimized_state",
    echoed: {}
  }))

export const maximize = report("maximize", (_: ArgsOf<"maximize">) =>
  Effect.succeed({
    plan: {
      operation: { kind: "maximize" },
      label: "_NET_WM_STATE(add MAXIMIZED_VERT, MAXIMIZED_HORZ)",
      satisfied: (w: ManagedWindow) => w.maximized && !w.minimized,
      describe: () => ({ maximized: true })
    },
    scope: "window_maximized_state",
    echoed: {}
  }))

export const restore = report("restore", (_: ArgsOf<"restore">) =>
  Effect.succeed({
    plan: {
      operation: { kind: "restore" },
      label: "_NET_WM_STATE(remove MAXIMIZED) / _NET_ACTIVE_WINDOW",
      satisfied: (w: ManagedWindow) => !w.minimized && !w.maximized,
      describe: () => ({ minimized: false, maximized: false })
    },
    // restore undoes a maximize, else a minimize
    scope: (before: ManagedWindow) => before.maximized ? "window_maximized_state" : "window_minimized_state",
    echoed: {}
  }))

/** `focus-window`: `{focused: WindowInfo}` once the window manager reports it active (ACTION_FAILED otherwise). */
export const focusWindow = Effect.fn("focus-window")(function*(args: ArgsOf<"focus-window">) {
  const native = yield* nativeDesktop
  const target = yield* resolveWindowTarget(args, native)
  const { window } = yield* operateAndVerify(native, target, {
    operation: { kind: "focus" },
    label: "_NET_ACTIVE_WINDOW",
    satisfied: (w) => w.focused && !w.minimized,
    describe: () => ({ focused: true })
  })
  // The window as the contract's window object has it: a window without a usable tree says so in list-windows.
  const { accessibility: _accessibility, choice: _choice, ...info } = target.info
  return {
    focused: { ...info, bounds: window.bounds, is_focused: true, minimized: window.minimized }
  }
})
