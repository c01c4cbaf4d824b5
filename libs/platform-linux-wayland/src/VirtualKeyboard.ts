/**
 * Keys and text through the compositor's virtual-keyboard protocol, with one keyboard and one keymap for the life of
 * the connection (`Keymap.ts`): the user's layout, complete, plus extra keysyms on spare keys. A key the layout has
 * is typed with the modifiers its shift level needs (set through the protocol's modifiers request around that one key
 * and restored after); explicit modifiers (ctrl+a) are pressed as their keys, as a person would, and always released.
 */
import type { WaylandAddon } from "./Addon.js"
import { keymapWithExtras, SpareKeyAllocator } from "./Keymap.js"
import { keysymOfChar, keysymOfKey, MODIFIER_KEYSYM_NAMES, type Modifier } from "./KeyNames.js"
import { SEAT_KEYBOARD, withNewDevice } from "./SeatSettle.js"

/** RMLVO names of the layout (xkbcommon's defaults, XKB_DEFAULT_* or us, where omitted). */
export interface LayoutNames {
  readonly rules?: string
  readonly model?: string
  readonly layout?: string
  readonly variant?: string
  readonly options?: string
}

export class UnknownKey extends Error {}

interface Located {
  readonly keycode: number
  readonly mask: number
}

export class VirtualKeyboard {
  private base: string | undefined
  private spare: SpareKeyAllocator | undefined
  private spareKeycodes = new Set<number>()
  private uploads = 0

  constructor(private readonly addon: WaylandAddon, private readonly names: LayoutNames = {}) {}

  /** How many keymaps this keyboard sent so far (the first, plus one per change of extras). */
  get keymapUploads(): number {
    return this.uploads
  }

  private ensureKeymap(): { base: string; spare: SpareKeyAllocator } {
    if (this.base === undefined || this.spare === undefined) {
      const n = this.names
      const base = this.addon.keymapFromNames(n.rules ?? null, n.model ?? null, n.layout ?? null, n.variant ?? null, n.options ?? null)
      const spareKeys = this.addon.keymapSpareKeys(base)
      this.base = base
      this.spare = new SpareKeyAllocator(spareKeys)
      this.spareKeycodes = new Set(spareKeys.map((key) => key.keycode))
      withNewDevice(this.addon, SEAT_KEYBOARD, () => this.upload())
    }
    return { base: this.base, spare: this.spare }
  }

  private upload(): void {
    const { base, spare } = { base: this.base!, spare: this.spare! }
    const extras = spare.bindings().map(({ keysym, key }) => ({ key, keysymName: this.addon.keysymName(keysym) ?? `0x${keysym.toString(16)}` }))
    this.addon.keymapUpload(keymapWithExtras(base, extras))
    this.uploads++
  }

  /**
   * A keysym the layout itself has on a key XWayland clients can see too (keycodes above 255 exist only for Wayland
   * clients: us has EuroSign on <I443>); anything else goes on a spare key.
   */
  private inLayout(keysym: number): Located | undefined {
    const found = this.addon.keymapLookup(keysym)
    return found !== null && found.keycode <= 255 && !this.spareKeycodes.has(found.keycode) ? found : undefined
  }

  /** Makes every keysym typeable (binding extras, one new keymap when they change) and says where each one is. */
  private locate(keysyms: ReadonlyArray<number>): ReadonlyArray<Located> {
    const { spare } = this.ensureKeymap()
    const extras = keysyms.filter((keysym) => this.inLayout(keysym) === undefined)
    if (spare.bind(extras)) this.upload()
    return keysyms.map((keysym) => {
      const found = this.addon.keymapLookup(keysym)
      if (found === null) throw new Error(`keysym 0x${keysym.toString(16)} is missing from the uploaded keymap`)
      return found
    })
  }

  /** Splits keysyms into runs that each need at most `capacity` distinct extras. */
  private runs(keysyms: ReadonlyArray<number>): ReadonlyArray<ReadonlyArray<number>> {
    const { spare } = this.ensureKeymap()
    const out: Array<Array<number>> = []
    let run: Array<number> = []
    let extras = new Set<number>()
    for (const keysym of keysyms) {
      const extra = this.inLayout(keysym) === undefined
      if (extra && !extras.has(keysym) && extras.size === spare.capacity) {
        out.push(run)
        run = []
        extras = new Set()
      }
      if (extra) extras.add(keysym)
      run.push(keysym)
    }
    if (run.length > 0) out.push(run)
    return out
  }

  /** One key press and release with the level's modifiers set around it (restored after, whatever happens). */
  private tap(located: Located): void {
    if (located.mask === 0) {
      this.addon.key(located.keycode, true)
      this.addon.key(located.keycode, false)
      return
    }
    const before = this.addon.modifierState()
    this.addon.modifiers(before.depressed | located.mask, before.latched, before.locked, before.group)
    try {
      this.addon.key(located.keycode, true)
      this.addon.key(located.keycode, false)
    } finally {
      this.addon.modifiers(before.depressed, before.latched, before.locked, before.group)
    }
  }

  /** Holds the modifiers' keys around `body`; whatever was pressed is released even when `body` throws. */
  private withModifiers(modifiers: ReadonlyArray<Modifier>, body: () => void): void {
    const keycodes = modifiers.map((name) => {
      const keysym = this.addon.keysymFromName(MODIFIER_KEYSYM_NAMES[name])
      const found = this.inLayout(keysym)
      if (found === undefined) throw new UnknownKey(`the layout has no key for the ${name} modifier`)
      return found.keycode
    })
    const held: Array<number> = []
    try {
      for (const keycode of keycodes) {
        this.addon.key(keycode, true)
        held.push(keycode)
      }
      body()
    } finally {
      for (const keycode of held.reverse()) this.addon.key(keycode, false)
    }
  }

  /** Press one key (a contract key name, a character or an xkb keysym name) with modifiers held. */
  pressKey(key: string, modifiers: ReadonlyArray<Modifier> = []): void {
    const keysym = keysymOfKey(this.addon, key)
    if (keysym === undefined) throw new UnknownKey(`unknown key '${key}'`)
    this.ensureKeymap()
    const [located] = this.locate([keysym])
    this.withModifiers(modifiers, () => this.tap(located!))
  }

  /** Hold modifiers (each pressed as its key) around `body`: ctrl-click, shift-scroll. */
  holding(modifiers: ReadonlyArray<Modifier>, body: () => void): void {
    if (modifiers.length === 0) return body()
    this.ensureKeymap()
    this.withModifiers(modifiers, body)
  }

  /** Type text: each character by its key and level; characters the layout lacks through extras. */
  type(text: string): void {
    const keysyms = [...text].map((char) => {
      const keysym = keysymOfChar(this.addon, char)
      if (keysym === undefined) throw new UnknownKey(`cannot type U+${char.codePointAt(0)!.toString(16).padStart(4, "0")}`)
      return keysym
    })
    for (const run of this.runs(keysyms)) {
      const located = this.locate(run)
      for (const key of located) this.tap(key)
    }
  }
}
