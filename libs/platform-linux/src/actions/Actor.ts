/**
 * Delivers one semantic action through AT-SPI and reports each step as evidence. A step is `succeeded` when the
 * toolkit accepted it, `skipped` when it declined (nothing happened) and `attempted` when the call was sent but
 * no answer came back (it may have landed). Physical input (DeviceEventController / XTEST) only when headed.
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
import { Accessible, isNullRef } from "../atspi/Accessible.js"
import type { AtspiSession, ObjectRef } from "../atspi/AtspiSession.js"
import { Iface, Paths, registryName } from "../atspi/Interfaces.js"
import { AtspiRole } from "../atspi/Roles.js"
import { AtspiState, type StateSet } from "../atspi/States.js"
import { DbusCallError } from "../dbus/DbusCallError.js"
import {
  clickActionIndex,
  contractValue,
  expandActionIndex,
  hasSettableValue,
  isEditable,
  isKeyboardEditable,
  mapRole,
  mapStates,
  wantsSelection,
  wantsText,
  wantsValue
} from "../tree/ContractNode.js"
import { confirmShowing } from "../toolkits/normalizeStates.js"
import { readRawNode, refOfHandle, type RawNode } from "../tree/RawNode.js"
import { KeySynth, keysymOf, modifierMask } from "./Keys.js"
import { StepLog } from "./StepLog.js"
import { screenExtents } from "../toolkits/screenExtents.js"

const perCallMs = 2000
/** How long typed text may take to show in a field before the read-back runs anyway. */
const keyboardSettleMs = 1500

const semantic = (label: string, outcome: DeliveryStep["outcome"]): DeliveryStep => ({ label, outcome, mechanism: "semantic_api" })
const physical = (label: string, outcome: DeliveryStep["outcome"]): DeliveryStep => ({ label, outcome, mechanism: "physical_synthetic" })

const timeoutFor = (deadline: number): number => {
  const left = deadline - Date.now()
  if (left <= 0) throw new PlatformError({ code: "TIMEOUT", message: "the action's deadline passed before anything was sent" })
  return Math.min(left, perCallMs)
}

/** Maps a failed read (nothing sent yet) to the contract code. */
export const lookupFailure = (error: unknown, what: string): PlatformError => {
  if (error instanceof PlatformError) return error
  if (error instanceof DbusCallError) {
    if (error.peerGone) return new PlatformError({ code: "APP_NOT_FOUND", message: `the app owning ${what} is gone`, platformDetail: error.message })
    if (error.objectGone) return new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `${what} no longer exists`, platformDetail: error.message })
    if (error.failure === "timeout") return new PlatformError({ code: "APP_UNRESPONSIVE", message: `the app did not answer while reading ${what}`, platformDetail: error.message })
    return new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `${what} could not be read`, platformDetail: error.message })
  }
  return new PlatformError({ code: "INTERNAL", message: `reading ${what} failed`, platformDetail: String(error) })
}

export class Actor {
  constructor(private readonly session: AtspiSession) {}

  private refOf(target: ActionTarget): ObjectRef {
    const ref = refOfHandle(target.handle)
    if (!ref) throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `not an AT-SPI element handle: ${target.handle}` })
    return ref
  }

  /** A fresh read of everything acting needs: role, states, interfaces, actions, value. */
  async inspect(ref: ObjectRef, timeoutMs: number): Promise<RawNode> {
    await this.session.toolkits.profileOf(ref.busName, timeoutMs)
    const accessible = Accessible.of(this.session, ref)
    try {
      const node = await readRawNode(accessible, timeoutMs)
      if (node.states.has(AtspiState.defunct)) throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: "the element is defunct" })
      await Promise.all([
        node.interfaces.includes("Action") ? accessible.actions(timeoutMs).then((a) => { node.actions = a.map((x) => x.name) }) : undefined,
        wantsText(node) ? accessible.text(timeoutMs).then((t) => { node.text = t }) : undefined,
        wantsValue(node) ? accessible.currentValue(timeoutMs).then((v) => { node.value = v }) : undefined,
        // A toolkit without SHOWING (GTK 4.8): only on-screen area makes a VISIBLE object showing.
        accessible.profile.showingFromVisible && node.interfaces.includes("Component")
          ? accessible.extents(timeoutMs).then((b) => { node.states = confirmShowing(node.states, b, accessible.profile) }, () => {})
          : undefined,
        wantsSelection(node)
          ? accessible.selectedChildName(timeoutMs, node.interfaces).then((name) => { if (name !== undefined) node.selected = name }, () => {})
          : undefined
      ])
      return node
    } catch (error) {
      throw lookupFailure(error, "the element")
    }
  }

  async readState(target: ActionTarget): Promise<PostState> {
    const node = await this.inspect(this.refOf(target), perCallMs)
    const states = mapStates(node)
    const value = contractValue(node)
    return {
      role: mapRole(node),
      states,
      ...(value !== undefined ? { value } : {}),
      enabled: !states.includes("disabled"),
      hidden: states.includes("hidden"),
      offscreen: states.includes("offscreen")
    }
  }

  /**
   * Sends one call, journalled first; a reply of `false` is a declined step, no reply is an attempted one. A
   * clean-up call (releasing locked modifiers) goes out even when the journal cannot record it: leaving the user's
   * keyboard locked would be worse than an unrecorded release.
   */
  private async step(
    steps: StepLog,
    label: string,
    send: () => Promise<boolean>,
    make: (label: string, outcome: DeliveryStep["outcome"]) => DeliveryStep = semantic,
    cleanup = false
  ): Promise<boolean> {
    try {
      steps.sending(make(label, "attempted"))
    } catch (error) {
      if (!cleanup) throw error
    }
    try {
      const accepted = await send()
      steps.push(make(label, accepted ? "succeeded" : "skipped"))
      return accepted
    } catch (error) {
      if (error instanceof DbusCallError && (error.failure === "timeout" || error.failure === "disconnected")) {
        steps.push(make(label, "attempted"))
        throw new PlatformError({
          code: error.failure === "timeout" ? "TIMEOUT" : "APP_UNRESPONSIVE",
          message: `${label} was sent but no answer came back; it may have taken effect`,
          platformDetail: error.message,
          steps: steps.all
        })
      }
      steps.push(make(label, "skipped"))
      throw new PlatformError({ code: "ACTION_FAILED", message: `${label} was rejected`, platformDetail: String(error), steps: steps.all })
    }
  }

  private declined(steps: StepLog, what: string): PlatformError {
    return new PlatformError({ code: "ACTION_FAILED", message: `the toolkit declined ${what}`, steps: steps.all })
  }

  private unsupported(node: RawNode, what: string): PlatformError {
    return new PlatformError({
      code: "ACTION_NOT_SUPPORTED",
      message: `a ${mapRole(node)} does not support ${what} through AT-SPI`,
      details: { role: mapRole(node), toolkit_actions: node.actions ?? [], interfaces: node.interfaces }
    })
  }

  private async doAction(steps: StepLog, node: RawNode, index: number, deadline: number): Promise<void> {
    const name = node.actions?.[index] ?? String(index)
    const accessible = Accessible.of(this.session, node.ref)
    if (!(await this.step(steps, `Action.DoAction(${name})`, () => accessible.doAction(index, timeoutFor(deadline))))) {
      throw this.declined(steps, name)
    }
  }

  private async pointerClick(steps: StepLog, node: RawNode, deadline: number): Promise<void> {
    // GTK 4.8's extents are window-relative: screenExtents places them on the screen.
    const bounds = await screenExtents(this.session, node.ref, deadline).catch(() => undefined)
    if (!bounds || bounds.width <= 0 || bounds.height <= 0) throw this.unsupported(node, "a pointer click (no on-screen bounds)")
    const x = Math.round(bounds.x + bounds.width / 2)
    const y = Math.round(bounds.y + bounds.height / 2)
    await this.step(steps, "DeviceEventController.GenerateMouseEvent(b1c)", () =>
      this.session.bus.call({
        destination: registryName, path: Paths.dec, interface: Iface.dec, member: "GenerateMouseEvent",
        signature: "iis", body: [x, y, "b1c"]
      }, timeoutFor(deadline)).then(() => true), physical)
  }

  async act(
    target: ActionTarget,
    action: SemanticAction,
    options: ActionOptions,
    journal?: StepJournal["Service"]
  ): Promise<ReadonlyArray<DeliveryStep>> {
    const ref = this.refOf(target)
    const node = await this.inspect(ref, timeoutFor(options.deadline))
    const accessible = Accessible.of(this.session, ref)
    const steps = new StepLog(journal)
    const deadline = options.deadline
    switch (action.kind) {
      case "click": {
        const index = clickActionIndex(node)
        if (index >= 0) await this.doAction(steps, node, index, deadline)
        // A GTK notebook tab has no actions: clicking it means selecting it in its tab list.
        else if (node.states.has(AtspiState.selectable)) await this.selectInParent(steps, node, deadline)
        else if (options.headed) await this.pointerClick(steps, node, deadline)
        else throw this.unsupported(node, "click")
        return steps.all
      }
      case "toggle": {
        const index = (node.actions ?? []).indexOf("toggle") >= 0 ? (node.actions ?? []).indexOf("toggle") : clickActionIndex(node)
        if (index < 0) throw this.unsupported(node, "toggle")
        const wasChecked = node.states.has(AtspiState.checked)
        await this.doAction(steps, node, index, deadline)
        await this.settle(accessible, (states) => states.has(AtspiState.checked) !== wasChecked, deadline)
        return steps.all
      }
      case "expand":
      case "collapse": {
        const want = action.kind === "expand"
        if (node.states.has(AtspiState.expandable) && node.states.has(AtspiState.expanded) === want) {
          return [{ label: "AlreadyInState", outcome: "skipped", mechanism: "semantic_api" }]
        }
        const index = expandActionIndex(node, want)
        if (index < 0) throw this.unsupported(node, action.kind)
        await this.doAction(steps, node, index, deadline)
        if (node.states.has(AtspiState.expandable)) {
          await this.settle(accessible, (states) => states.has(AtspiState.expanded) === want, deadline)
        }
        return steps.all
      }
      case "focus": {
        if (!node.interfaces.includes("Component")) throw this.unsupported(node, "focus")
        if (!(await this.step(steps, "Component.GrabFocus", () => accessible.grabFocus(timeoutFor(deadline))))) {
          throw this.declined(steps, "focus")
        }
        return steps.all
      }
      case "scroll_to": {
        if (!node.interfaces.includes("Component")) throw this.unsupported(node, "scroll-to")
        if (!(await this.step(steps, "Component.ScrollTo", () => accessible.scrollTo(timeoutFor(deadline))))) {
          throw this.declined(steps, "scroll-to")
        }
        return steps.all
      }
      case "set_value": {
        if (this.needsKeyboard(node, accessible)) return this.keyboardEntry(steps, node, action.value, true, options)
        const numeric = Number(action.value)
        const useValue = hasSettableValue(node) && action.value.trim() !== "" && Number.isFinite(numeric) &&
          (!isEditable(node) || node.role === AtspiRole.spinButton || node.role === AtspiRole.slider)
        if (useValue) {
          await this.step(steps, "Value.CurrentValue", () => accessible.setCurrentValue(numeric, timeoutFor(deadline)).then(() => true))
          return steps.all
        }
        if (!isEditable(node)) throw this.unsupported(node, `set-value ${hasSettableValue(node) ? "with a non-numeric value" : ""}`.trim())
        if (!(await this.step(steps, "EditableText.SetTextContents", () => accessible.setTextContents(action.value, timeoutFor(deadline))))) {
          throw this.declined(steps, "set-value")
        }
        return steps.all
      }
      case "clear": {
        if (this.needsKeyboard(node, accessible)) return this.keyboardEntry(steps, node, "", true, options)
        if (!isEditable(node)) throw this.unsupported(node, "clear")
        if (!(await this.step(steps, "EditableText.SetTextContents", () => accessible.setTextContents("", timeoutFor(deadline))))) {
          throw this.declined(steps, "clear")
        }
        return steps.all
      }
      case "type": {
        if (this.needsKeyboard(node, accessible)) return this.keyboardEntry(steps, node, action.text, false, options)
        if (!isEditable(node)) throw this.unsupported(node, "type")
        // Insert at the caret only when the field has focus (the caret is meaningful then); otherwise append.
        const count = await accessible.characterCount(timeoutFor(deadline)).catch(() => (node.text ?? "").length)
        let position = count
        if (node.states.has(AtspiState.focused)) {
          const caret = await accessible.caretOffset(timeoutFor(deadline)).catch(() => -1)
          if (caret >= 0 && caret <= count) position = caret
        }
        if (!(await this.step(steps, "EditableText.InsertText", () => accessible.insertText(position, action.text, timeoutFor(deadline))))) {
          throw this.declined(steps, "type")
        }
        return steps.all
      }
      case "select":
        return this.select(steps, node, action.value, deadline)
    }
  }

  /**
   * Browsers apply a state change in their content process and report it a moment later (Firefox ESR 153, Chromium
   * 156: a check box read right after DoAction was still unchecked). Poll the states, bounded, until the change
   * shows, so the engine's read-back does not read too early; a change that never shows is left to the read-back.
   */
  private async settle(accessible: Accessible, done: (states: StateSet) => boolean, deadline: number): Promise<void> {
    for (let waited = 0; waited < keyboardSettleMs; waited += 50) {
      const states = await accessible.states(Math.min(500, Math.max(1, deadline - Date.now()))).catch(() => undefined)
      if (!states || done(states) || Date.now() + 50 >= deadline) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** Text that can only go in through the keyboard: no EditableText (Chromium) or an inert one (Firefox). */
  private needsKeyboard(node: RawNode, accessible: Accessible): boolean {
    return isKeyboardEditable(node) && (!isEditable(node) || accessible.profile.editableTextInert)
  }

  /**
   * Focus the field, select its text (ctrl+a) when replacing, and type through the registry's DeviceEventController
   * (XTEST). Physical input: only with `--headed`; headless, a POLICY_DENIED that names the flag.
   */
  private async keyboardEntry(
    steps: StepLog,
    node: RawNode,
    text: string,
    replace: boolean,
    options: ActionOptions
  ): Promise<ReadonlyArray<DeliveryStep>> {
    if (!options.headed) {
      throw new PlatformError({
        code: "POLICY_DENIED",
        message: `this ${mapRole(node)} takes text only through synthesized key events (its toolkit ignores or lacks EditableText); re-run with --headed to type through XTEST`,
        details: { headed_required: true, toolkit: Accessible.of(this.session, node.ref).profile.id }
      })
    }
    const accessible = Accessible.of(this.session, node.ref)
    if (!(await this.step(steps, "Component.GrabFocus", () => accessible.grabFocus(timeoutFor(options.deadline))))) {
      throw this.declined(steps, "focus before typing")
    }
    // Focus moves asynchronously too: keys sent before it arrives land in the previously focused widget.
    for (let waited = 0; waited < keyboardSettleMs; waited += 50) {
      const states = await accessible.states(Math.min(500, Math.max(1, options.deadline - Date.now()))).catch(() => undefined)
      if (states?.has(AtspiState.focused) || Date.now() + 50 >= options.deadline) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const dec = (keycode: number, keystring: string, synth: number) => () =>
      this.session.bus.call({
        destination: registryName, path: Paths.dec, interface: Iface.dec, member: "GenerateKeyboardEvent",
        signature: "isu", body: [keycode, keystring, synth]
      }, timeoutFor(options.deadline)).then(() => true)
    if (replace) {
      const ctrl = modifierMask("ctrl")
      await this.step(steps, "DeviceEventController.LockModifiers", dec(ctrl, "", KeySynth.lockModifiers), physical)
      try {
        await this.step(steps, "DeviceEventController.GenerateKeyboardEvent(ctrl+a)", dec(keysymOf("a")!, "", KeySynth.sym), physical)
      } finally {
        await this.step(steps, "DeviceEventController.UnlockModifiers", dec(ctrl, "", KeySynth.unlockModifiers), physical, true).catch(() => false)
      }
      await this.step(steps, "DeviceEventController.GenerateKeyboardEvent(BackSpace)", dec(keysymOf("backspace")!, "", KeySynth.sym), physical)
    }
    const before = replace ? "" : await accessible.text(timeoutFor(options.deadline)).catch(() => "")
    if (text !== "") {
      await this.step(steps, "DeviceEventController.GenerateKeyboardEvent(string)", dec(0, text, KeySynth.string), physical)
    }
    // Key events reach the field asynchronously (X server, toolkit, a browser's content process): wait, bounded,
    // until the text shows them, so the engine's read-back does not read too early. Not reaching it is no error
    // here; the read-back reports what it sees.
    const expected = replace ? text : undefined
    for (let waited = 0; waited < keyboardSettleMs; waited += 50) {
      const now = await accessible.text(Math.min(500, Math.max(1, options.deadline - Date.now()))).catch(() => undefined)
      if (now !== undefined && (expected !== undefined ? now === expected : now.length >= before.length + text.length)) break
      if (Date.now() + 50 >= options.deadline) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return steps.all
  }

  /** A combo box without Selection of its own (a browser's <select>): its menu child has it. */
  private async selectionOwner(node: RawNode, deadline: number): Promise<RawNode> {
    if (node.interfaces.includes("Selection") || node.role !== AtspiRole.comboBox) return node
    const [first] = await Accessible.of(this.session, node.ref).children(timeoutFor(deadline)).catch(() => [])
    if (!first || isNullRef(first)) return node
    const child = await this.inspect({ busName: node.ref.busName, path: first.path }, timeoutFor(deadline)).catch(() => undefined)
    return child?.interfaces.includes("Selection") ? child : node
  }

  private async select(steps: StepLog, target: RawNode, value: string, deadline: number): Promise<ReadonlyArray<DeliveryStep>> {
    const node = await this.selectionOwner(target, deadline)
    const accessible = Accessible.of(this.session, node.ref)
    if (node.interfaces.includes("Selection")) {
      // A GTK combo box lists its items under a menu child (next to its entry, when it has one); other containers
      // list them directly.
      let items = await accessible.children(timeoutFor(deadline)).catch((error) => { throw lookupFailure(error, "the element") })
      if (node.role === AtspiRole.comboBox) {
        const roles = await Promise.all(items.map((item) => Accessible.of(this.session, item).role(timeoutFor(deadline)).catch(() => -1)))
        const menu = items[roles.indexOf(AtspiRole.menu)]
        items = menu ? await Accessible.of(this.session, menu).children(timeoutFor(deadline)).catch(() => []) : []
      }
      items = items.filter((i) => !isNullRef(i))
      const names = await Promise.all(items.map((item) =>
        Accessible.of(this.session, item).name(timeoutFor(deadline)).catch(() => "")
      ))
      const wanted = value.trim().toLowerCase()
      let index = names.findIndex((name) => name.trim().toLowerCase() === wanted)
      if (index < 0) index = names.findIndex((name) => name.trim().toLowerCase().includes(wanted))
      if (index < 0) {
        throw new PlatformError({
          code: "ELEMENT_NOT_FOUND",
          message: `no item named "${value}" to select`,
          details: { available: names.slice(0, 50) }
        })
      }
      if (await this.step(steps, "Selection.SelectChild", () => accessible.selectChild(index, timeoutFor(deadline)))) return steps.all
      // Chromium 156 declines SelectChild on a <select>'s menu; its items carry a "select" action that works.
      const item = await this.inspect(items[index]!, timeoutFor(deadline))
      const itemAction = (item.actions ?? []).indexOf("select")
      if (itemAction < 0) throw this.declined(steps, "select")
      await this.doAction(steps, item, itemAction, deadline)
      return steps.all
    }
    if (node.states.has(AtspiState.selectable)) return this.selectInParent(steps, node, deadline)
    throw this.unsupported(node, "select")
  }

  private async selectInParent(steps: StepLog, node: RawNode, deadline: number): Promise<ReadonlyArray<DeliveryStep>> {
    const accessible = Accessible.of(this.session, node.ref)
    const [parentRef, position] = await Promise.all([
      accessible.parent(timeoutFor(deadline)),
      accessible.indexInParent(timeoutFor(deadline))
    ]).catch((error) => { throw lookupFailure(error, "the element") })
    const parent = accessible.sibling(parentRef.path)
    if (!(await this.step(steps, "Selection.SelectChild", () => parent.selectChild(position, timeoutFor(deadline))))) {
      throw this.declined(steps, "select")
    }
    return steps.all
  }

  /** Keys through the registry's DeviceEventController: lock modifiers, the key as a keysym, unlock. */
  async pressKeys(
    combo: KeyCombo,
    window: ObjectRef | undefined,
    options: ActionOptions,
    journal?: StepJournal["Service"]
  ): Promise<ReadonlyArray<DeliveryStep>> {
    const keysym = keysymOf(combo.key)
    if (keysym === undefined) {
      throw new PlatformError({ code: "ACTION_NOT_SUPPORTED", message: `unknown key name: ${combo.key}` })
    }
    const steps = new StepLog(journal)
    if (window && options.headed) {
      await this.step(steps, "Component.GrabFocus(window)", () => Accessible.of(this.session, window).grabFocus(timeoutFor(options.deadline)))
    }
    const mask = combo.modifiers.reduce((acc, modifier) => acc | modifierMask(modifier), 0)
    const dec = (keycode: number, synth: number) => () =>
      this.session.bus.call({
        destination: registryName, path: Paths.dec, interface: Iface.dec, member: "GenerateKeyboardEvent",
        signature: "isu", body: [keycode, "", synth]
      }, timeoutFor(options.deadline)).then(() => true)
    if (mask !== 0) await this.step(steps, "DeviceEventController.LockModifiers", dec(mask, KeySynth.lockModifiers), physical)
    try {
      await this.step(steps, `DeviceEventController.GenerateKeyboardEvent(${combo.key})`, dec(keysym, KeySynth.sym), physical)
    } finally {
      if (mask !== 0) {
        await this.step(steps, "DeviceEventController.UnlockModifiers", dec(mask, KeySynth.unlockModifiers), physical, true).catch(() => false)
      }
    }
    return steps.all
  }
}
