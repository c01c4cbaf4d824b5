/** XTEST key presses by keysym, binding a spare keycode for a keysym the keymap lacks (as xdotool does). */
import { keysymOf } from "../Keysyms.js"
import type { X11Connection } from "../X11Connection.js"
import { withModifiers, type Modifier } from "./heldModifiers.js"

interface KeyPlace {
  readonly keycode: number
  /** 0 plain, 1 with shift. */
  readonly level: number
}

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
    const spares: Array<number> = []
    const place = this.placeOf(keysym, spares)
    this.stroke(place, modifiers)
    return spares.length === 0 ? {} : { spare: spares[0]! }
  }

  /**
   * Types `keysyms` in order, one key each. Every keysym the keymap lacks gets a spare keycode of its own, all bound
   * before the first key goes out: a toolkit that reads the keymap again when told it changed reads one that types
   * every key of the text (rebinding one keycode per character raced it: "€α" typed as "αα"). Returns the spare
   * keycodes for the caller to unbind once clients have read the keys.
   */
  typeKeysyms(keysyms: ReadonlyArray<number>): ReadonlyArray<number> {
    const spares: Array<number> = []
    const places = new Map<number, KeyPlace>()
    try {
      for (const keysym of keysyms) if (!places.has(keysym)) places.set(keysym, this.placeOf(keysym, spares))
    } catch (error) {
      for (const spare of spares) this.unbind(spare)
      throw error
    }
    try {
      for (const keysym of keysyms) this.stroke(places.get(keysym)!, [])
    } catch (error) {
      throw Object.assign(error as Error, { spares })
    }
    return spares
  }

  unbind(keycode: number): void {
    this.connection.addon.unbind(keycode)
  }

  /** Where the keymap has `keysym`, else a spare keycode now bound to it (pushed onto `spares`). */
  private placeOf(keysym: number, spares: Array<number>): KeyPlace {
    const addon = this.connection.addon
    const found = addon.findKeysym(keysym)
    if (found) return found
    const spare = addon.bindSpare(keysym)
    if (spare < 0) throw new RangeError(`no spare keycode is left to bind keysym 0x${keysym.toString(16)} to`)
    spares.push(spare)
    return { keycode: spare, level: 0 }
  }

  private stroke(place: KeyPlace, modifiers: ReadonlyArray<Modifier>): void {
    const addon = this.connection.addon
    const all: ReadonlyArray<Modifier> = place.level === 1 && !modifiers.includes("shift") ? [...modifiers, "shift"] : modifiers
    withModifiers(this.connection, all, () => {
      addon.key(place.keycode, true)
      addon.key(place.keycode, false)
    })
  }
}
