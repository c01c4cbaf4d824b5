import { NO_HOOKS, StepLog, type CdpStep, type DeliveryHooks } from "./Delivery.js"
import type { PageSession } from "./PageSession.js"

/** Keys as the contract spells them (`return`, `tab`, `ctrl+a`'s `a`) → DOM `key`, `code` and Windows key code. */
const NAMED: Readonly<Record<string, readonly [string, string, number]>> = {
  return: ["Enter", "Enter", 13], enter: ["Enter", "Enter", 13], tab: ["Tab", "Tab", 9], escape: ["Escape", "Escape", 27],
  esc: ["Escape", "Escape", 27], backspace: ["Backspace", "Backspace", 8], delete: ["Delete", "Delete", 46],
  space: [" ", "Space", 32], up: ["ArrowUp", "ArrowUp", 38], down: ["ArrowDown", "ArrowDown", 40],
  left: ["ArrowLeft", "ArrowLeft", 37], right: ["ArrowRight", "ArrowRight", 39], home: ["Home", "Home", 36],
  end: ["End", "End", 35], pageup: ["PageUp", "PageUp", 33], page_up: ["PageUp", "PageUp", 33],
  pagedown: ["PageDown", "PageDown", 34], page_down: ["PageDown", "PageDown", 34], insert: ["Insert", "Insert", 45]
}

const MODIFIER_BITS = { alt: 1, ctrl: 2, cmd: 4, shift: 8 } as const

export interface PageKey {
  readonly modifiers: ReadonlyArray<keyof typeof MODIFIER_BITS>
  readonly key: string
}

/** The DOM description of a key, or undefined when this table cannot type it through the protocol. */
export const domKey = (key: string): { key: string; code: string; keyCode: number; text?: string } | undefined => {
  const lower = key.toLowerCase()
  const named = NAMED[lower]
  if (named !== undefined) return { key: named[0], code: named[1], keyCode: named[2], ...(named[0] === "Enter" ? { text: "\r" } : named[0] === " " ? { text: " " } : {}) }
  const fn = /^f([1-9]|1[0-2])$/.exec(lower)
  if (fn !== null) return { key: `F${fn[1]}`, code: `F${fn[1]}`, keyCode: 111 + Number(fn[1]) }
  if ([...key].length === 1) {
    const upper = key.toUpperCase()
    const letter = /^[a-z]$/i.test(key)
    const digit = /^[0-9]$/.test(key)
    return { key, code: letter ? `Key${upper}` : digit ? `Digit${key}` : "", keyCode: letter || digit ? upper.charCodeAt(0) : 0, text: key }
  }
  return undefined
}

/** One key combination to the page's focused element, as trusted key events (`Input.dispatchKeyEvent`). */
export const pressPageKey = async (session: PageSession, combo: PageKey, hooks: DeliveryHooks = NO_HOOKS): Promise<ReadonlyArray<CdpStep>> => {
  const described = domKey(combo.key)
  if (described === undefined) throw new Error(`the key '${combo.key}' has no DOM key this source can send`)
  const modifiers = combo.modifiers.reduce((bits, modifier) => bits | MODIFIER_BITS[modifier], 0)
  // A character with ctrl/alt/cmd is a shortcut, not text.
  const text = modifiers & ~MODIFIER_BITS.shift ? undefined : described.text
  const base = { key: described.key, code: described.code, windowsVirtualKeyCode: described.keyCode, nativeVirtualKeyCode: described.keyCode, modifiers }
  const log = new StepLog(hooks)
  await log.deliver(`Input.dispatchKeyEvent(${combo.modifiers.map((m) => `${m}+`).join("")}${combo.key})`, async () => {
    await session.call("Input.dispatchKeyEvent", { type: text === undefined ? "rawKeyDown" : "keyDown", ...base, ...(text === undefined ? {} : { text, unmodifiedText: text }) })
    await session.call("Input.dispatchKeyEvent", { type: "keyUp", ...base })
  })
  return log.steps
}
