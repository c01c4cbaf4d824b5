/**
 * AT-SPI state sets arrive as two 32-bit words (`au`), bit N = AtspiStateType N. Only the contract's state tokens
 * (reference §2.3) leave this module; "enabled" is the absence of `disabled`.
 */
export const AtspiState = {
  active: 1,
  busy: 3,
  checked: 4,
  defunct: 6,
  editable: 7,
  enabled: 8,
  expandable: 9,
  expanded: 10,
  focusable: 11,
  focused: 12,
  iconified: 15,
  modal: 16,
  multiLine: 17,
  multiselectable: 18,
  pressed: 20,
  selectable: 22,
  selected: 23,
  sensitive: 24,
  showing: 25,
  singleLine: 26,
  visible: 30,
  managesDescendants: 31,
  indeterminate: 32,
  required: 33,
  invalidEntry: 36,
  checkable: 41,
  hasPopup: 42,
  readOnly: 43
} as const

export class StateSet {
  constructor(private readonly low: number, private readonly high: number) {}

  static from(words: unknown): StateSet {
    const array = Array.isArray(words) ? words : []
    return new StateSet(Number(array[0] ?? 0) >>> 0, Number(array[1] ?? 0) >>> 0)
  }

  /** The set of these AT-SPI state numbers. */
  static of(...states: ReadonlyArray<number>): StateSet {
    return states.reduce((set, state) => set.with(state), new StateSet(0, 0))
  }

  /** The same set plus one state. */
  with(state: number): StateSet {
    if (this.has(state)) return this
    return state < 32
      ? new StateSet((this.low | (1 << state)) >>> 0, this.high)
      : new StateSet(this.low, (this.high | (1 << (state - 32))) >>> 0)
  }

  /** The same set without one state. */
  without(state: number): StateSet {
    if (!this.has(state)) return this
    return state < 32
      ? new StateSet((this.low & ~(1 << state)) >>> 0, this.high)
      : new StateSet(this.low, (this.high & ~(1 << (state - 32))) >>> 0)
  }

  has(state: number): boolean {
    return state < 32 ? ((this.low >>> state) & 1) === 1 : ((this.high >>> (state - 32)) & 1) === 1
  }

  /** The two words as they go over the bus (`au`): what a stand-in app answers to GetState. */
  words(): [number, number] {
    return [this.low, this.high]
  }

  /** The raw AT-SPI state numbers present, for cross-checks against other clients. */
  numbers(): ReadonlyArray<number> {
    const out: Array<number> = []
    for (let i = 0; i < 64; i++) if (this.has(i)) out.push(i)
    return out
  }
}

/**
 * Contract tokens. `hidden` = not visible at all; `offscreen` = visible but not on screen (another notebook page,
 * scrolled away). `disabled` only when neither enabled nor sensitive is set. `secure` comes from the role.
 */
export const contractStates = (states: StateSet, isPassword: boolean): Array<string> => {
  const out: Array<string> = []
  if (states.has(AtspiState.focused)) out.push("focused")
  if (!states.has(AtspiState.enabled) && !states.has(AtspiState.sensitive)) out.push("disabled")
  if (isPassword) out.push("secure")
  if (states.has(AtspiState.expanded)) out.push("expanded")
  if (states.has(AtspiState.checked)) out.push("checked")
  if (states.has(AtspiState.selected)) out.push("selected")
  if (!states.has(AtspiState.visible)) out.push("hidden")
  else if (!states.has(AtspiState.showing)) out.push("offscreen")
  if (states.has(AtspiState.busy)) out.push("busy")
  if (states.has(AtspiState.modal)) out.push("modal")
  if (states.has(AtspiState.required)) out.push("required")
  if (states.has(AtspiState.indeterminate)) out.push("indeterminate")
  if (states.has(AtspiState.pressed)) out.push("pressed")
  if (states.has(AtspiState.readOnly)) out.push("readonly")
  if (states.has(AtspiState.invalidEntry)) out.push("invalid")
  if (states.has(AtspiState.multiselectable)) out.push("multiselectable")
  if (states.has(AtspiState.hasPopup)) out.push("haspopup")
  return out
}
