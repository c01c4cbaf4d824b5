import { Effect } from "effect"
import { fromPlatformError } from "../../errors/fromPlatformError.js"
import { nativeDesktop } from "./nativeAccess.js"

/** `list-displays`: a bare array, primary first; `id` is what `screenshot --screen N` takes. */
export const listDisplays = Effect.fn("list-displays")(function*() {
  const native = yield* nativeDesktop
  const displays = yield* native.displays().pipe(Effect.mapError(fromPlatformError))
  return displays.map((d) => ({
    id: /^\d+$/.test(d.id) ? Number(d.id) : d.id,
    bounds: d.bounds,
    is_primary: d.isPrimary,
    scale: d.scale
  }))
})
