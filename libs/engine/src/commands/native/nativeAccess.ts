/**
 * What every command over the adapter's native facet (coordinate input, capture, displays, window manager) needs:
 * the facet itself (loaded on first use; PLATFORM_NOT_SUPPORTED naming what is missing), the `--headed` policy
 * for pointer input, and argument checks that run before anything is sent.
 */
import { DesktopAdapter, type InputModifier, type NativeDesktopShape, type ScreenPoint } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs, PlatformNotSupported, PolicyDenied, type DesktopError } from "../../errors/DesktopError.js"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { Invocation } from "../../Invocation.js"

export const nativeDesktop: Effect.Effect<NativeDesktopShape, DesktopError, DesktopAdapter> = Effect.gen(function*() {
  const adapter = yield* DesktopAdapter
  if (adapter.native === undefined) {
    return yield* new PlatformNotSupported({
      message: `coordinate input, screenshots, displays and window operations are not available on ${adapter.platform}`,
      delivery: "not_delivered",
      details: { kind: "platform_method_missing" },
      suggestion: "Use the semantic ref actions (click, set-value, ...) instead"
    })
  }
  return yield* adapter.native().pipe(Effect.mapError(fromPlatformError))
})

/** Pointer input needs `--headed` (reference §5.2): the cursor moves and the click lands on whatever is there. */
export const requireHeaded = (command: string): Effect.Effect<void, PolicyDenied, Invocation> =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    if (invocation.options.headed === true) return
    return yield* new PolicyDenied({
      message: `${command} moves the real pointer${command === "scroll" ? " (Linux has no accessibility scroll action)" : ""}, so it runs only with --headed`,
      delivery: "not_delivered",
      suggestion: "Repeat with --headed if moving the user's pointer is acceptable"
    })
  })

/** A point flag the command needs (the spec cannot make a flag required), on the pixel grid. */
export const requiredPoint = (value: ScreenPoint | undefined, flag: string): Effect.Effect<ScreenPoint, InvalidArgs> =>
  value === undefined
    ? Effect.fail(new InvalidArgs({ message: `Missing --${flag} X,Y`, suggestion: `Pass --${flag} X,Y (negative values as --${flag}=-10,20)` }))
    : Effect.succeed({ x: Math.round(value.x), y: Math.round(value.y) })

const MODIFIER_ALIASES: Readonly<Record<string, InputModifier>> = {
  ctrl: "ctrl",
  control: "ctrl",
  alt: "alt",
  option: "alt",
  shift: "shift",
  cmd: "cmd",
  command: "cmd",
  meta: "cmd",
  super: "cmd"
}

/** `--modifiers ctrl --modifiers shift` or `--modifiers ctrl,shift` / `ctrl+shift`. */
export const modifiersOf = (raw: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<InputModifier>, InvalidArgs> => {
  const out: Array<InputModifier> = []
  for (const part of raw.flatMap((item) => item.split(/[,+]/)).map((item) => item.trim().toLowerCase()).filter(Boolean)) {
    const modifier = MODIFIER_ALIASES[part]
    if (modifier === undefined) {
      return Effect.fail(new InvalidArgs({ message: `Unknown modifier '${part}'`, suggestion: "Use ctrl, alt, shift or cmd" }))
    }
    if (!out.includes(modifier)) out.push(modifier)
  }
  return Effect.succeed(out)
}

/** Refuse a point that lies on no display: nothing is sent. */
export const ensureOnScreen = (native: NativeDesktopShape, point: ScreenPoint, what: string) =>
  Effect.gen(function*() {
    const displays = yield* native.displays().pipe(Effect.mapError(fromPlatformError))
    const on = displays.some((d) =>
      point.x >= d.bounds.x && point.y >= d.bounds.y && point.x < d.bounds.x + d.bounds.width && point.y < d.bounds.y + d.bounds.height)
    if (!on) {
      return yield* new InvalidArgs({
        message: `${what} ${point.x},${point.y} is off every screen`,
        details: { displays: displays.map((d) => ({ id: d.id, bounds: d.bounds })) },
        suggestion: "Run agent-desktop list-displays and pass a point inside one of them"
      })
    }
  })
