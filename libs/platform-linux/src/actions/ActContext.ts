import type { ActionOptions, DeliveryStep, KeyboardInput, SemanticAction } from "@agent-desktop/platform"
import type { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession } from "../atspi/AtspiSession.js"
import type { RawNode } from "../tree/RawNode.js"
import type { KeyboardFocusControl } from "../display/sessionWindows.js"
import type { StepLog } from "./StepLog.js"

/** What an action handler works with: the target, freshly inspected, and the delivery's step log and deadline. */
export interface ActContext {
  readonly session: AtspiSession
  readonly node: RawNode
  /** The target, read with its toolkit's profile. */
  readonly accessible: Accessible
  readonly steps: StepLog
  /** Epoch ms; every call's timeout comes out of it (`timeoutFor`). */
  readonly deadline: number
  readonly options: ActionOptions
  /** The X keyboard focus, checked before synthesized keys (default: xdotool). */
  readonly keyboardFocus?: KeyboardFocusControl
  /** The display server's keyboard, which types text where the session has one (else the registry's controller). */
  readonly keyboard?: KeyboardInput
}

/** Delivers one kind of semantic action; answers the steps taken (the journal has seen each before it was sent). */
export type ActionHandler<A extends SemanticAction> = (context: ActContext, action: A) => Promise<ReadonlyArray<DeliveryStep>>

export type ActionHandlers = { readonly [K in SemanticAction["kind"]]: ActionHandler<Extract<SemanticAction, { readonly kind: K }>> }
