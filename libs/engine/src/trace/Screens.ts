/**
 * `session start --screenshots` (artifacts "full"): every command that sends something to an app is framed by a PNG
 * of its target window (the screen when it has none) taken before it and after it (after `--wait-for`). The PNGs
 * are 0600 files under the session's `trace/screens/`; the trace holds one event per capture naming the file, never
 * the pixels. A capture never fails the command and is bounded in time: what could not be captured is recorded as
 * `screenshot.skipped` with the reason (`adapter: <CODE>: message`, `count_budget`, `budget`, `write_failed`, `read_only`: an invocation that may write no file). Per
 * invocation (a one-shot process's whole life) at most SCREEN_LIMITS.count files / SCREEN_LIMITS.bytes bytes.
 */
import { INPUT_COMMANDS } from "@agent-desktop/contracts/vocabulary"
import { parseRef, refKey } from "@agent-desktop/domain"
import { DesktopAdapter, type Bounds, type WindowInfo } from "@agent-desktop/platform"
import { EventStore } from "@agent-desktop/store"
import { Cause, Clock, Effect, Exit, Option } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Args } from "../args/Args.js"
import { nativeDesktop } from "../commands/native/nativeAccess.js"
import type { DesktopError } from "../errors/DesktopError.js"
import { fromCause } from "../errors/fromCause.js"
import { Invocation } from "../Invocation.js"
import { foldEvidence } from "../journal/foldEvidence.js"
import { writeOutputFile } from "../output/OutputFile.js"
import { loadSnapshot } from "../StoreAccess.js"
import { fullSessionFolder } from "./SessionFolder.js"

export const SCREEN_LIMITS = { count: 200, bytes: 128 * 1024 * 1024 } as const

/** The longest one capture (finding the window, grabbing, writing) may add to a command. */
export const CAPTURE_BUDGET_MS = 1500

/**
 * The post capture waits for the picture to settle: grabs SETTLE_MS apart until two agree, at most SETTLE_GRABS
 * (an animation never settles: its last grab is kept, `settled: false`).
 */
export const SETTLE_MS = 20
export const SETTLE_GRABS = 10

export const SCREENSHOT_CAPTURED = "screenshot.captured"
export const SCREENSHOT_SKIPPED = "screenshot.skipped"

/** The session folder's screens, relative to the session folder (what the events name). */
export const SCREENS_FOLDER = path.join("trace", "screens")

/** The commands that send input to an app (the spec's ref actions, keyboard and mouse commands). */
export const framedCommands = (): ReadonlySet<string> => new Set(INPUT_COMMANDS)

/**
 * What each invocation has written so far. The reference's limits are per process, and a one-shot process runs one
 * invocation (a batch is one): kept per invocation, a long-lived process (the warm host, the MCP server, wave) gets
 * the same budget for every call instead of running out after its first hundred framed actions.
 */
const takenBy = new WeakMap<object, { count: number; bytes: number }>()
let limits: { readonly count: number; readonly bytes: number } = SCREEN_LIMITS
/** Tests: run with other limits (a full budget without taking 200 pictures). */
export const setScreenLimits = (next: { readonly count: number; readonly bytes: number } = SCREEN_LIMITS): void => {
  limits = next
}
let shots = 0

/** The window the command acts on: a ref's source window, else its --app / --window-id; undefined: the screen. */
const targetWindow = Effect.fnUntraced(function*(args: Args) {
  const invocation = yield* Invocation
  const adapter = yield* DesktopAdapter
  const ref = typeof args["ref_id"] === "string" ? parseRef(args["ref_id"]) : undefined
  let query: { readonly app?: string; readonly windowId?: string } = {
    ...(typeof args["app"] === "string" ? { app: args["app"] } : {}),
    ...(typeof args["window_id"] === "string" ? { windowId: args["window_id"] } : {})
  }
  if (ref?._tag === "Ok") {
    const saved = yield* loadSnapshot(invocation.namespace, ref.ref.snapshotId).pipe(Effect.option)
    const entry = Option.isSome(saved) ? saved.value.refs[refKey(ref.ref.index)] : undefined
    if (entry?.source_window_id !== undefined) query = { windowId: entry.source_window_id }
    else if (entry !== undefined) query = { app: entry.source_app }
  }
  if (query.app === undefined && query.windowId === undefined) return undefined
  return yield* adapter.resolveWindow(query).pipe(Effect.option, Effect.map(Option.getOrUndefined))
})

const onScreen = (window: WindowInfo | undefined): Bounds | undefined =>
  window === undefined || window.minimized === true || window.bounds === undefined || window.bounds.width <= 0 || window.bounds.height <= 0
    ? undefined
    : window.bounds

/**
 * A new 0600 file in a real, owner-only folder, by OutputFile's rules ("create": O_EXCL | O_NOFOLLOW | O_NONBLOCK,
 * a regular file or nothing); rejects rather than follow a symlink or replace anything.
 */
export const writeArtifact = async (folder: string, name: string, data: Uint8Array): Promise<void> => {
  await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 })
  if (!(await fs.promises.lstat(folder)).isDirectory()) throw new Error(`${folder} is not a folder`)
  await writeOutputFile(path.join(folder, name), data, "create")
}

type Phase = "pre" | "post"

const takenIn = (invocation: object) => {
  const known = takenBy.get(invocation)
  if (known) return known
  const fresh = { count: 0, bytes: 0 }
  takenBy.set(invocation, fresh)
  return fresh
}

/** `count_budget` (the count limit) or `budget` (the byte limit) when one more PNG would not fit this invocation. */
const overBudget = (taken: { count: number; bytes: number }, bytes: number): "count_budget" | "budget" | undefined =>
  taken.count + 1 > limits.count ? "count_budget" : taken.bytes + Math.max(bytes, 1) > limits.bytes ? "budget" : undefined

/** Why a capture did not happen, in a few words for the trace. */
const reasonOf = (cause: Cause.Cause<unknown>): string => {
  const squashed = Cause.squash(cause)
  if (Cause.isTimeoutError(squashed)) return `TIMEOUT: no capture within ${CAPTURE_BUDGET_MS} ms`
  const error = squashed as Partial<DesktopError> & { message?: string }
  return error.code !== undefined ? `${error.code}: ${error.message ?? ""}`.trim() : String(error.message ?? error)
}

/** A refusal before anything was sent (bad arguments, policy, a stale ref): the "after" is the "before". */
const nothingSent = (exit: Exit.Exit<unknown, unknown>, events: Parameters<typeof foldEvidence>[0]): boolean =>
  Exit.isFailure(exit) && fromCause(exit.cause).delivery === "not_delivered" && foldEvidence(events).delivery === "not_delivered"

interface Frame {
  /** The session's folder. */
  readonly folder: string
  window: WindowInfo | undefined
}

const captureOnce = (frame: Frame, phase: Phase, args: Args) =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    const taken = takenIn(invocation)
    const spent = overBudget(taken, 0)
    if (spent !== undefined) {
      invocation.record(SCREENSHOT_SKIPPED, { phase, reason: spent })
      return
    }
    const attempt = Effect.gen(function*() {
      const native = yield* nativeDesktop
      if (phase === "pre") frame.window = yield* targetWindow(args)
      const region = onScreen(frame.window)
      const grab = native.capture(region)
      if (phase === "pre") return { image: yield* grab, region, settled: true, grabs: 1 }
      // An app repaints on its next frame, after the action returned: grab until two grabs SETTLE_MS apart agree.
      let image = yield* grab
      for (let grabs = 2; grabs <= SETTLE_GRABS; grabs++) {
        yield* Effect.sleep(SETTLE_MS)
        const next = yield* grab
        if (Buffer.from(next.png).equals(Buffer.from(image.png))) return { image: next, region, settled: true, grabs }
        image = next
      }
      return { image, region, settled: false, grabs: SETTLE_GRABS }
    })
    const started = yield* Clock.currentTimeMillis
    const exit = yield* Effect.exit(Effect.timeout(attempt, CAPTURE_BUDGET_MS))
    const elapsed_ms = (yield* Clock.currentTimeMillis) - started
    if (exit._tag === "Failure") {
      invocation.record(SCREENSHOT_SKIPPED, { phase, reason: `adapter: ${reasonOf(exit.cause)}`, elapsed_ms })
      return
    }
    const { image, region, settled, grabs } = exit.value
    const bytes = image.png.byteLength
    const over = overBudget(taken, bytes)
    if (over !== undefined) {
      invocation.record(SCREENSHOT_SKIPPED, { phase, reason: over, bytes })
      return
    }
    // Numbered: a retried invocation (a transient failure before anything was sent) frames itself again.
    const name = `${invocation.id}-${++shots}-${phase}.png`
    const folder = path.join(frame.folder, SCREENS_FOLDER)
    const written = yield* Effect.exit(Effect.tryPromise(() => writeArtifact(folder, name, image.png)))
    if (written._tag === "Failure") {
      invocation.record(SCREENSHOT_SKIPPED, { phase, reason: "write_failed", message: reasonOf(written.cause) })
      return
    }
    taken.count += 1
    taken.bytes += bytes
    invocation.record(SCREENSHOT_CAPTURED, {
      phase,
      file: path.join(SCREENS_FOLDER, name),
      bytes,
      width: image.width,
      height: image.height,
      scope: region === undefined ? "screen" : "window",
      window_id: region === undefined ? null : frame.window?.id ?? null,
      elapsed_ms,
      ...(phase === "post" ? { settled, grabs } : {})
    })
  })

/**
 * Frame `run` with a pre and a post screenshot when the invocation's session records artifacts "full" and the
 * command sends something to an app; otherwise `run` as is. The post capture happens whatever `run` ends with,
 * except after a refusal that provably sent nothing (recorded as skipped: `nothing_sent`).
 */
export const withScreens = <A, R>(
  command: string,
  args: Args,
  run: Effect.Effect<A, DesktopError, R>
): Effect.Effect<A, DesktopError, R | Invocation | DesktopAdapter | EventStore> =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    if (!framedCommands().has(command)) return yield* run
    const folder = yield* fullSessionFolder
    if (folder === undefined) return yield* run
    if (invocation.options.readOnly === true) {
      invocation.record(SCREENSHOT_SKIPPED, { phase: "pre", reason: "read_only" })
      return yield* run
    }
    const frame: Frame = { folder, window: undefined }
    yield* captureOnce(frame, "pre", args)
    return yield* run.pipe(Effect.onExit((exit) => nothingSent(exit, invocation.events())
      ? Effect.sync(() => invocation.record(SCREENSHOT_SKIPPED, { phase: "post", reason: "nothing_sent" }))
      : captureOnce(frame, "post", args)))
  })
