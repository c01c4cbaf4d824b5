import { contractStates, foldDisposition } from "@agent-desktop/domain"
import { DesktopAdapter, type DeliveryStep, type PostState } from "@agent-desktop/platform"
import { Effect } from "effect"
import { deliver } from "../../Delivery.js"
import { ActionFailed } from "../../errors/DesktopError.js"
import { Invocation } from "../../Invocation.js"
import { awaitActionable } from "../../resolve/awaitActionable.js"
import { resolveRef } from "../../resolve/resolveRef.js"
import { reportDisposition } from "../reportDisposition.js"
import { ACTION_SPECS } from "./ActionSpec.js"
import { ocrRefAction } from "./ocrRefAction.js"
import { sourceOfHandle } from "../../sources/SourceHandle.js"

export const REF_ACTIONS: ReadonlyArray<string> = Object.keys(ACTION_SPECS)

/** The decoded arguments of every ref action this handler runs: type's TEXT, set-value's and select's VALUE. */
interface RefActionArgs {
  readonly ref_id: string
  readonly timeout_ms: number
  readonly text?: string
  readonly value?: string
}

const ALREADY_IN_STATE: DeliveryStep = { label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }

/** A post_state value longer than this is cut, ending in "…" (`type` into a 1.5 MB document echoed all of it). */
const POST_STATE_VALUE_CHARS = 4096

const postStateOf = (post: PostState) => ({
  role: post.role,
  states: contractStates(post.states),
  ...(post.value === undefined ? {} : {
    value: post.value.length > POST_STATE_VALUE_CHARS ? `${post.value.slice(0, POST_STATE_VALUE_CHARS)}…` : post.value
  }),
  ...(post.enabled === undefined ? {} : { enabled: post.enabled }),
  ...(post.hidden === undefined ? {} : { hidden: post.hidden }),
  ...(post.offscreen === undefined ? {} : { offscreen: post.offscreen })
})

/**
 * One ref action: resolve the ref strictly, skip if already in the requested state, deliver once under the
 * deadline, and for stateful actions read the element back once (2.4) — twice where the first readback shows the
 * element half way (ActionSpec.halfway: a tri-state box), after sending the action once more. The disposition is
 * always folded from the steps and the readback.
 */
export const refAction = (name: string) => Effect.fn(`action.${name}`)(function*(args: RefActionArgs) {
  const spec = ACTION_SPECS[name]!
  const { ref_id: ref, timeout_ms: timeoutMs } = args
  const input = {
    ...(args.text === undefined ? {} : { text: args.text }),
    ...(args.value === undefined ? {} : { value: args.value })
  }
  const invocation = yield* Invocation
  const adapter = yield* DesktopAdapter
  const resolved = yield* awaitActionable(name, yield* resolveRef(ref, { timeoutMs }), timeoutMs)
  // Text read from the screen has no element to ask: pointer and keys at the text, under --headed.
  if (sourceOfHandle(resolved.node.handle) === "ocr") return yield* ocrRefAction(name, ref, resolved, input, timeoutMs)
  const target = { handle: resolved.node.handle, role: resolved.node.role }
  const before = resolved.node.states
  if (spec.satisfied?.(before) === true) {
    invocation.record("step.skipped", { ...ALREADY_IN_STATE })
    return { action: name, disposition: yield* reportDisposition(name, [ALREADY_IN_STATE]), steps: [ALREADY_IN_STATE] }
  }
  const options = { headed: invocation.options.headed === true, timeoutMs }
  const first = yield* deliver(target, spec.action(input), options)
  if (spec.verify === undefined) {
    return { action: name, disposition: yield* reportDisposition(name, first.steps), steps: first.steps }
  }
  const verify = spec.verify
  const readBack = Effect.map(adapter.readState(target).pipe(Effect.option), (post) =>
    ({ post, verdict: post._tag === "Some" ? verify(post.value, before, input) : undefined }))
  let { post, verdict } = yield* readBack
  let delivered = first
  if (verdict === false && post._tag === "Some" && spec.halfway?.(post.value) === true) {
    const again = yield* deliver(target, spec.action(input), options)
    delivered = { ...again, steps: [...first.steps, ...again.steps] }
    ;({ post, verdict } = yield* readBack)
  }
  const readback = verdict === undefined ? "unavailable" as const : verdict ? "confirmed" as const : "contradicted" as const
  invocation.record("readback.observed", { ref, readback, ...(post._tag === "Some" ? { states: post.value.states } : {}) })
  const disposition = foldDisposition(delivered.steps, { readback })
  const postState = post._tag === "Some" ? { post_state: postStateOf(post.value) } : {}
  if (readback === "contradicted") {
    return yield* new ActionFailed({
      message: `${name} on ${ref} was sent, but the element's state read back contradicts it`,
      delivery: disposition.delivery,
      details: { kind: "post_action_verification", steps: delivered.steps, ...postState },
      suggestion: "Observe the element again before deciding whether to repeat the action"
    })
  }
  return {
    action: name,
    disposition: yield* reportDisposition(name, delivered.steps, { readback }),
    steps: delivered.steps,
    ...postState,
    ...(readback === "unavailable" ? { details: { verification_scope: "unavailable" as const } } : {})
  }
})
