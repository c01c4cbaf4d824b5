/** XTEST key presses by keysym, binding a spare keycode for a keysym the keymap lacks (as xdotool does). */
import { keysymOf } from "../Keysyms.js"
import type { X11Connection } from "../X11Connection.js"
import { withModifiers, type Modifier } from "./heldModifiers.js"

export class X11Keys {
  constructor(private readonly connection: X11Connection) {}

  /**
   * Press one key with modifiers. A keysym the keymap lacks is bound to a spare keycode for the press; the binding
   * is returned so the caller can undo it once clients have read the new mapping.
   */
  pressKey(key: string, modifiers: ReadonlyArray<Modifier>): { readonly spare?: number } {
    const addon = this.connection.addon
    const keysym = keysymOf(key) ?? addon.keysymFromName(key)
    if (!keysym) throw new Error(`unknown key '${key}'`)
    let found = addon.findKeysym(keysym)
    let spare: number | undefined
    if (!found) {
      spare = addon.bindSpare(keysym)
      if (spare < 0) throw new Error(`no spare keycode to bind '${key}' to`)
      found = { keycode: spare, level: 0 }
    }
    const all: ReadonlyArray<Modifier> = found.level === 1 && !modifiers.includes("shift") ? [...modifiers, "shift"] : modifiers
    const keycode = found.keycode
    withModifiers(this.connection, all, () => {
      addon.key(keycode, true)
      addon.key(keycode, false)
    })
    return spare === undefined ? {} : { spare }
  }

  unbind(keycode: number): void {
    this.connection.addon.unbind(keycode)
  }
}
