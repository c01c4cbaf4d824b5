/**
 * Delivers one semantic action through AT-SPI and reports each step as evidence. A step is `succeeded` when the
 * toolkit accepted it, `skipped` when it declined (nothing happened) and `attempted` when the call was sent but
 * no answer came back (it may have landed). Physical input (DeviceEventController / XTEST) only when headed.
 * `act` resolves the target, inspects it and runs the handler its action's kind names in `ACTION_HANDLERS`.
 */
import {
  PlatformError,
  type ActionOptions,
  type ActionTarget,
  type DeliveryStep,
  type KeyCombo,
  type PostState,
  type SemanticAction,
  type StepJournal
} from "@agent-desktop/platform"
import { Accessible } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { contractValue, mapRole, mapStates } from "../tree/ContractNode.js"
import { refOfHandle } from "../tree/RawNode.js"
import { containerRoleOf, itemRole, mayBeItem } from "../tree/ItemRole.js"
import type { ActionHandler } from "./ActContext.js"
import { ACTION_HANDLERS } from "./ActionHandlers.js"
import { perCallMs, timeoutFor } from "./Deadline.js"
import { inspectNode } from "./inspectNode.js"
import { pressKeys } from "./pressKeys.js"
import { StepLog } from "./StepLog.js"
import type { KeyboardFocusControl } from "../display/sessionWindows.js"

export { lookupFailure } from "./Failures.js"

export class Actor {
  constructor(private readonly session: AtspiSession, private readonly keyboardFocus?: KeyboardFocusControl) {}

  private refOf(target: ActionTarget): ObjectRef {
    const ref = refOfHandle(target.handle)
    if (!ref) throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `not an AT-SPI element handle: ${target.handle}` })
    return ref
  }

  async readState(target: ActionTarget): Promise<PostState> {
    const ref = this.refOf(target)
    const node = await inspectNode(this.session, ref, perCallMs)
    const states = mapStates(node)
    const value = contractValue(node)
    // An item that reads as its renderer's label (Java) takes its role from its container, as a tree read gives it.
    const item = mayBeItem(node) ? itemRole(node, await containerRoleOf(Accessible.of(this.session, ref), perCallMs).catch(() => undefined)) : undefined
    return {
      role: item ?? mapRole(node),
      states,
      ...(value !== undefined ? { value } : {}),
      enabled: !states.includes("disabled"),
      hidden: states.includes("hidden"),
      offscreen: states.includes("offscreen")
    }
  }

  async act(
    target: ActionTarget,
    action: SemanticAction,
    options: ActionOptions,
    journal?: StepJournal["Service"]
  ): Promise<ReadonlyArray<DeliveryStep>> {
    const ref = this.refOf(target)
    const node = await inspectNode(this.session, ref, timeoutFor(options.deadline))
    // The table is keyed by kind, so the row read for `action.kind` takes exactly this action.
    const handler = ACTION_HANDLERS[action.kind] as ActionHandler<SemanticAction>
    return handler({
      session: this.session,
      node,
      // After the inspection: it has learned the app's toolkit profile.
      accessible: Accessible.of(this.session, ref),
      steps: new StepLog(journal),
      deadline: options.deadline,
      options,
      ...(this.keyboardFocus ? { keyboardFocus: this.keyboardFocus } : {})
    }, action)
  }

  /** Keys through the registry's DeviceEventController: lock modifiers, the key as a keysym, unlock. */
  pressKeys(
    combo: KeyCombo,
    window: ObjectRef | undefined,
    options: ActionOptions,
    journal?: StepJournal["Service"]
  ): Promise<ReadonlyArray<DeliveryStep>> {
    return pressKeys(this.session, combo, window, options, journal, this.keyboardFocus)
  }
}
