import Type from "typebox"
import { SURFACE_KINDS } from "../vocabulary/Accessibility.js"
import type { FlagSpec, PositionalSpec } from "./CommandSpec.js"

/**
 * Argument types shared by several commands. Limits keep names and labels bounded (an agent's typo must not store
 * 130 KB as a session name); typed text and values get a generous but finite limit.
 */
export const NAME_MAX = 256
export const TEXT_MAX = 65_536
export const INT_MAX = 2 ** 31 - 1
/** Window positions and sizes: X11 carries them as 16-bit values (a larger one would wrap around). */
export const WINDOW_COORD_MAX = 32_767
/** Wheel notches per call (mouse-wheel, scroll): more is a runaway loop, not a scroll. */
export const NOTCHES_MAX = 100
/** Clicks per mouse-click: toolkits know single, double and triple clicks; a fourth press starts a new single click. */
export const CLICKS_MAX = 3
/** A drag's movement time and drop delay, in ms. */
export const DRAG_MS_MAX = 10_000

export const str = (description: string, options: Record<string, unknown> = {}) =>
  Type.String({ maxLength: NAME_MAX, ...options, description })
export const text = (description: string) => Type.String({ maxLength: TEXT_MAX, description })
export const int = (description: string, options: Record<string, unknown> = {}) =>
  Type.Integer({ minimum: 0, maximum: INT_MAX, ...options, description })
export const signedInt = (description: string, options: Record<string, unknown> = {}) =>
  Type.Integer({ minimum: -INT_MAX, maximum: INT_MAX, ...options, description })
export const bool = (description: string) => Type.Boolean({ description })
export const oneOf = <const V extends ReadonlyArray<string>>(values: V, description: string, defaultValue?: V[number]) =>
  Type.Enum(values, { description, ...(defaultValue === undefined ? {} : { default: defaultValue }) })
export const list = (description: string) => Type.Array(Type.String({ maxLength: TEXT_MAX }), { description })
export const point = (description: string) =>
  Type.Object({ x: Type.Number(), y: Type.Number() }, { description: `${description} (X,Y; '=' before negatives: --xy=-10,5)` })

export const flag = <S extends FlagSpec["schema"]>(schema: S, extra: Omit<FlagSpec, "schema"> = {}): FlagSpec<S> => ({ schema, ...extra })
export const positional = (key: string, schema: PositionalSpec["schema"], required: boolean, allowDash = false): PositionalSpec => ({
  key,
  schema,
  required,
  ...(allowDash ? { allowDash } : {})
})

/** Pattern of user-chosen ids (sessions, agents): 1-64 of [A-Za-z0-9_-]. */
export const ID_PATTERN = "^[A-Za-z0-9_-]{1,64}$"

export const app = flag(str("Application name as list-apps prints it"))
export const appFilter = flag(str("Only this application (list-apps name)"))
export const windowId = flag(str("Window id from list-windows"))
export const windowTarget = { app, "window-id": windowId }
export const surface = flag(oneOf(SURFACE_KINDS, "Surface to observe"))
export const root = flag(str("Ref of a subtree to observe (drill-down)"))
/** Agents keep the default (a slow app is waited for with `wait`), so agent tool lists leave it out. */
export const actionTimeout = flag(int("Actionability + resolution budget in ms (0 = single shot)", { default: 5000 }), { agentHidden: true })
export const ref = positional("ref_id", str("Element ref from a snapshot, e.g. @s8f3k2p9:e7"), true)
export const optionalRef = positional("ref_id", str("Element ref from a snapshot, e.g. @s8f3k2p9:e7"), false)
export const force = flag(bool("Send even a dangerous combination"))
