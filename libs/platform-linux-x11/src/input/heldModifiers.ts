import { MODIFIER_KEYSYMS } from "../Keysyms.js"
import type { X11Connection } from "../X11Connection.js"

export type Modifier = keyof typeof MODIFIER_KEYSYMS

const modifierKeycodes = (connection: X11Connection, modifiers: ReadonlyArray<Modifier>): ReadonlyArray<number> =>
  modifiers.map((name) => {
    const found = connection.addon.findKeysym(MODIFIER_KEYSYMS[name])
    if (!found) throw new Error(`the keymap has no key for the ${name} modifier`)
    return found.keycode
  })

/** Hold modifiers around `body`; whatever was pressed is released even when `body` throws. */
export const withModifiers = (connection: X11Connection, modifiers: ReadonlyArray<Modifier>, body: () => void): void => {
  const keycodes = modifierKeycodes(connection, modifiers)
  const held: Array<number> = []
  try {
    for (const keycode of keycodes) {
      connection.addon.key(keycode, true)
      held.push(keycode)
    }
    body()
  } finally {
    for (const keycode of held.reverse()) connection.addon.key(keycode, false)
  }
}
