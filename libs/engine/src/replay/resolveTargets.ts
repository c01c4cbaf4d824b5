/**
 * A step's recorded elements found in the app as it runs now: each locator bound to its window (bindLocator) and
 * resolved by the engine's own strict rule (resolveRef, in the replay's session), tried again until the budget ends
 * (an app applies the previous step on its own time: a dialog opens, a row appears). Nothing is sent. When an
 * element cannot be found, the answer says why and shows the recorded element beside what the window holds now.
 */
import { isIdentityFailureKind, pathKey, type IdentityMatch } from "@agent-desktop/domain"
import { DesktopAdapter, type WindowInfo } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Clock, Effect } from "effect"
import type { DesktopError } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { resolveRef, WHOLE_WINDOW_DEPTH } from "../resolve/resolveRef.js"
import { bindLocator } from "./bindLocator.js"
import type { DivergenceReason } from "./divergence.js"
import { identityDiff, type IdentityDiff } from "./identityDiff.js"
import type { Locator } from "./Locator.js"
import type { RefArg } from "./ReplayCommands.js"

export const POLL_MS = 200

export type TargetsResolution =
  | {
    readonly _tag: "Resolved"
    readonly refs: Readonly<Partial<Record<RefArg, string>>>
    readonly matches: Readonly<Partial<Record<RefArg, IdentityMatch>>>
  }
  | {
    readonly _tag: "Unresolved"
    readonly arg: RefArg
    readonly reason: DivergenceReason
    readonly error: DesktopError
    readonly diff?: IdentityDiff
  }

/** Runs `effect` as if the invocation's namespace were the replay's session (its snapshots, its refs). */
export const inNamespace = <A, E, R>(namespace: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Invocation> =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    return yield* Effect.provideService(effect, Invocation, Invocation.of({ ...invocation, namespace }))
  })

const matchOf = (locator: Locator, node: { readonly path: ReadonlyArray<number>; readonly name?: string }): IdentityMatch =>
  (node.name ?? "") !== (locator.name ?? "") ? "renamed" : pathKey(node.path) === pathKey(locator.path) ? "exact" : "moved"

const IDENTITY_REASON: Readonly<Record<string, DivergenceReason>> = {
  saved_ref_absent: "target_absent",
  retained_object_stale: "target_absent",
  saved_ref_ambiguous: "target_ambiguous",
  identity_not_unique: "target_ambiguous",
  resolution_identity_unknown: "target_unreadable"
}

/** Why an element or a window could not be found, as a divergence reason (anything else: the step failed). */
export const reasonOf = (error: DesktopError): DivergenceReason => {
  const kind = error.details?.["kind"]
  if (kind === "replay_window_absent") return "window_absent"
  if (kind === "replay_window_ambiguous") return "window_ambiguous"
  if (isIdentityFailureKind(kind)) return IDENTITY_REASON[kind] ?? "target_absent"
  // The engine's own window choice (resolveWindow): no such app or window, or several to choose from.
  if (error.code === "APP_NOT_FOUND" || error.code === "WINDOW_NOT_FOUND") return "window_absent"
  if (error.code === "AMBIGUOUS_TARGET") return "window_ambiguous"
  return "step_failed"
}

/** The window read whole, and the recorded element against it (what a divergence shows). */
const diffIn = (locator: Locator, window: WindowInfo, timeoutMs: number) =>
  Effect.gen(function*() {
    const adapter = yield* DesktopAdapter
    const deadline = (yield* Clock.currentTimeMillis) + timeoutMs
    const read = yield* adapter.readTree(window, { maxDepth: WHOLE_WINDOW_DEPTH, deadline }).pipe(Effect.option)
    return read._tag === "Some" ? identityDiff(locator, read.value.root) : undefined
  })

type Attempt =
  | { readonly _tag: "Ok"; readonly ref: string; readonly match: IdentityMatch }
  | { readonly _tag: "Failed"; readonly error: DesktopError; readonly window?: WindowInfo }

const attempt = (locator: Locator, namespace: string, timeoutMs: number) =>
  Effect.gen(function*() {
    const bound = yield* Effect.result(bindLocator(locator, namespace, { timeoutMs }))
    if (bound._tag === "Failure") return { _tag: "Failed", error: bound.failure } satisfies Attempt as Attempt
    const resolved = yield* Effect.result(inNamespace(namespace, resolveRef(bound.success.ref, { timeoutMs })))
    if (resolved._tag === "Success") {
      return { _tag: "Ok", ref: bound.success.ref, match: matchOf(locator, resolved.success.node) } satisfies Attempt as Attempt
    }
    return { _tag: "Failed", error: resolved.failure, window: bound.success.window } satisfies Attempt as Attempt
  })

/**
 * Resolve every target of a step in the replay's namespace. `once` (a dry run) tries each once; otherwise each is
 * tried until it resolves or `timeoutMs` has passed since the step began.
 */
export const resolveTargets = Effect.fn("replay.resolveTargets")(function*(
  targets: Readonly<Partial<Record<RefArg, Locator>>>,
  namespace: string,
  options: { readonly timeoutMs: number; readonly once: boolean }
): Effect.fn.Return<TargetsResolution, never, DesktopAdapter | EventStore | Invocation> {
  const until = (yield* Clock.currentTimeMillis) + options.timeoutMs
  const refs: Partial<Record<RefArg, string>> = {}
  const matches: Partial<Record<RefArg, IdentityMatch>> = {}
  for (const [arg, locator] of Object.entries(targets) as Array<[RefArg, Locator]>) {
    let last = yield* attempt(locator, namespace, options.timeoutMs)
    while (last._tag === "Failed" && !options.once && reasonOf(last.error) !== "step_failed" && (yield* Clock.currentTimeMillis) < until) {
      yield* Effect.sleep(POLL_MS)
      last = yield* attempt(locator, namespace, options.timeoutMs)
    }
    if (last._tag === "Failed") {
      const reason = reasonOf(last.error)
      const diff = last.window === undefined || reason === "step_failed" ? undefined : yield* diffIn(locator, last.window, options.timeoutMs)
      return { _tag: "Unresolved", arg, reason, error: last.error, ...(diff === undefined ? {} : { diff }) }
    }
    refs[arg] = last.ref
    matches[arg] = last.match
  }
  return { _tag: "Resolved", refs, matches }
})
