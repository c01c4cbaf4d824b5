/**
 * The virtual keyboard's keymap: the user's layout as xkbcommon compiles it, complete, plus keysyms the layout lacks
 * bound to keys it names but leaves empty (like xdotool's spare keycodes on X11). Keeping the whole layout in every
 * keymap we upload is what keeps BackSpace, Ctrl+A and the rest working in GTK 3 when extras change; wtype uploads a
 * keymap of only the typed characters per run, and GTK 3 then ignores BackSpace and Ctrl+A.
 *
 * Only keys up to 255 are used (XWayland clients cannot see higher keycodes); a text needing more extras than there are
 * spare keys (17 in the us layout) is typed in parts, one keymap per part.
 */

export interface SpareKey {
  readonly keycode: number
  /** The key's name in the keymap (`I120`, `AB11`, ...). */
  readonly name: string
}

export interface ExtraBinding {
  readonly key: SpareKey
  /** xkbcommon's name of the keysym (`EuroSign`, `U1F600`). */
  readonly keysymName: string
}

export class KeymapTextError extends Error {}

/** The keymap text with each extra keysym bound, one level, to its spare key (inserted at the end of xkb_symbols). */
export const keymapWithExtras = (base: string, extras: ReadonlyArray<ExtraBinding>): string => {
  if (extras.length === 0) return base
  const symbols = base.search(/^xkb_symbols\b/m)
  if (symbols < 0) throw new KeymapTextError("the keymap has no xkb_symbols section")
  const close = /^};[ \t]*$/m.exec(base.slice(symbols))
  if (close === null) throw new KeymapTextError("the keymap's xkb_symbols section is not closed")
  const at = symbols + close.index
  for (const extra of extras) {
    if (!/^[A-Za-z0-9_+-]+$/.test(extra.key.name) || !/^[A-Za-z0-9_]+$/.test(extra.keysymName)) {
      throw new KeymapTextError(`cannot bind ${extra.keysymName} to <${extra.key.name}>`)
    }
  }
  const lines = extras.map((extra) => `\tkey <${extra.key.name}> { [ ${extra.keysymName} ] };\n`).join("")
  return base.slice(0, at) + lines + base.slice(at)
}

/**
 * Which extra keysym sits on which spare key. Bindings persist (a keysym typed once stays bound, so typing it again
 * needs no new keymap); when the spare keys run out, the least recently used bindings not needed now make room.
 */
export class SpareKeyAllocator {
  private readonly bound = new Map<number, SpareKey>()
  private readonly lastUse = new Map<number, number>()
  private clock = 0

  constructor(private readonly spare: ReadonlyArray<SpareKey>) {}

  get capacity(): number {
    return this.spare.length
  }

  /**
   * Binds every keysym of `wanted` (at most `capacity`), evicting others as needed. Returns whether the bindings
   * changed (a new keymap must be uploaded).
   */
  bind(wanted: ReadonlyArray<number>): boolean {
    const distinct = [...new Set(wanted)]
    if (distinct.length > this.spare.length) {
      throw new RangeError(`${distinct.length} extra keysyms at once, but only ${this.spare.length} spare keys`)
    }
    const now = ++this.clock
    let changed = false
    for (const keysym of distinct) if (this.bound.has(keysym)) this.lastUse.set(keysym, now)
    for (const keysym of distinct) {
      if (this.bound.has(keysym)) continue
      const used = new Set([...this.bound.values()].map((key) => key.keycode))
      let key = this.spare.find((candidate) => !used.has(candidate.keycode))
      if (key === undefined) {
        const victim = [...this.bound.keys()]
          .filter((bound) => this.lastUse.get(bound)! < now)
          .sort((a, b) => this.lastUse.get(a)! - this.lastUse.get(b)!)[0]!
        key = this.bound.get(victim)!
        this.bound.delete(victim)
        this.lastUse.delete(victim)
      }
      this.bound.set(keysym, key)
      this.lastUse.set(keysym, now)
      changed = true
    }
    return changed
  }

  keyOf(keysym: number): SpareKey | undefined {
    return this.bound.get(keysym)
  }

  bindings(): ReadonlyArray<{ readonly keysym: number; readonly key: SpareKey }> {
    return [...this.bound.entries()].map(([keysym, key]) => ({ keysym, key })).sort((a, b) => a.key.keycode - b.key.keycode)
  }
}
