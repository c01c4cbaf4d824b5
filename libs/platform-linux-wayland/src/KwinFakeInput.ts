/**
 * KDE's input channel: KWin's fake input protocol through the addon. KWin offers it only to an executable that an
 * installed .desktop file authorizes (`X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input`, `Exec=` the executable's real
 * path: KWin compares it with /proc/PID/exe), so a packaged agent-desktop ships one for the program that holds the
 * Wayland connection. Keys are evdev codes read through KWin's own keymap (the seat keymap the addon receives like any
 * client), so text is limited to the session's layout; a character's shift level is typed by holding that level's
 * modifier keys, as on a keyboard. Pointer motion is absolute, in global logical coordinates.
 */
import type { WaylandAddon } from "./Addon.js"
import { keysymOfChar, keysymOfKey, MODIFIER_KEYSYM_NAMES, type Modifier } from "./KeyNames.js"
import { OutsideLayout } from "./OutsideLayout.js"

/** The key that sets each real modifier bit (xkbcommon's fixed order: Shift 0, Lock 1, Control 2, Mod1-Mod5 3-7). */
const MODIFIER_KEYS: ReadonlyArray<[number, string]> = [
  [1 << 0, "Shift_L"],
  [1 << 2, "Control_L"],
  [1 << 3, "Alt_L"],
  [1 << 6, "Super_L"],
  [1 << 7, "ISO_Level3_Shift"]
]

const BUTTON_CODES = { left: 0x110, right: 0x111, middle: 0x112 } as const

const pause = (ms: number): void => {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

interface Key {
  readonly code: number
  readonly mask: number
}

export class KwinFakeInput {
  constructor(private readonly addon: WaylandAddon, application = "agent-desktop", reason = "drive applications for an AI agent") {
    addon.fakeInputAuthenticate(application, reason)
  }

  private key(keysym: number): Key | undefined {
    const found = this.addon.seatKeymapLookup(keysym)
    return found === null ? undefined : { code: found.keycode - 8, mask: found.mask }
  }

  private codeOf(keysymName: string): number {
    const found = this.key(this.addon.keysymFromName(keysymName))
    if (found === undefined) throw new OutsideLayout([keysymName])
    return found.code
  }

  /** Press `codes` in order, `body`, then release them in reverse, whatever happens. */
  private holding(codes: ReadonlyArray<number>, body: () => void): void {
    const held: Array<number> = []
    try {
      for (const code of codes) {
        this.addon.fakeKey(code, true)
        held.push(code)
      }
      body()
    } finally {
      for (const code of held.reverse()) this.addon.fakeKey(code, false)
    }
  }

  private levelKeys(mask: number): ReadonlyArray<number> {
    return MODIFIER_KEYS.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => this.codeOf(name))
  }

  private tap(key: Key): void {
    this.holding(this.levelKeys(key.mask), () => {
      this.addon.fakeKey(key.code, true)
      this.addon.fakeKey(key.code, false)
    })
  }

  pressKey(name: string, modifiers: ReadonlyArray<Modifier> = []): void {
    const keysym = keysymOfKey(this.addon, name)
    const key = keysym === undefined ? undefined : this.key(keysym)
    if (key === undefined) throw new OutsideLayout([name])
    this.holding(modifiers.map((m) => this.codeOf(MODIFIER_KEYSYM_NAMES[m])), () => this.tap(key))
    this.addon.sync()
  }

  /** Types text the session's layout has; any other character refuses the whole text before a key is sent. */
  type(text: string): void {
    const chars = [...text]
    const keys = chars.map((char) => {
      const keysym = keysymOfChar(this.addon, char)
      return keysym === undefined ? undefined : this.key(keysym)
    })
    const missing = chars.filter((_, i) => keys[i] === undefined)
    if (missing.length > 0) throw new OutsideLayout([...new Set(missing)])
    for (const key of keys) this.tap(key!)
    this.addon.sync()
  }

  /**
   * Absolute motion in global logical coordinates. The pointer arrives one pixel beside the point and then onto it,
   * so a client sees motion inside its window before a press (X clients on XWayland drop a press on a widget the
   * pointer jumped onto from another surface).
   */
  moveTo(x: number, y: number): void {
    const px = Math.round(x)
    const py = Math.round(y)
    this.addon.fakeMotionAbsolute(px > 0 ? px - 1 : px + 1, py)
    this.addon.fakeMotionAbsolute(px, py)
    this.addon.sync()
  }

  /** Press and release `button` `count` times at the point, holding `modifiers` throughout. */
  click(x: number, y: number, button: keyof typeof BUTTON_CODES, count: number, modifiers: ReadonlyArray<Modifier> = []): void {
    this.moveTo(x, y)
    this.holding(modifiers.map((m) => this.codeOf(MODIFIER_KEYSYM_NAMES[m])), () => {
      for (let i = 0; i < count; i++) {
        if (i > 0) pause(40)
        this.addon.fakeButton(BUTTON_CODES[button], true)
        pause(8)
        this.addon.fakeButton(BUTTON_CODES[button], false)
      }
    })
    this.addon.sync()
  }

  /** Left-button drag in steps over `durationMs`; the button is released whatever happens. */
  drag(from: { x: number; y: number }, to: { x: number; y: number }, durationMs: number, dropDelayMs: number): void {
    const steps = Math.max(10, Math.min(100, Math.round(durationMs / 10)))
    this.moveTo(from.x, from.y)
    pause(8)
    this.addon.fakeButton(BUTTON_CODES.left, true)
    try {
      for (let i = 1; i <= steps; i++) {
        pause(durationMs / steps)
        this.addon.fakeMotionAbsolute(Math.round(from.x + ((to.x - from.x) * i) / steps), Math.round(from.y + ((to.y - from.y) * i) / steps))
      }
      pause(dropDelayMs)
    } finally {
      this.addon.fakeButton(BUTTON_CODES.left, false)
    }
    this.addon.sync()
  }

  /** `dy` > 0 = up, `dx` > 0 = left (the contract's signs); one wheel notch per unit. */
  wheel(x: number, y: number, dx: number, dy: number, modifiers: ReadonlyArray<Modifier> = []): void {
    this.moveTo(x, y)
    this.holding(modifiers.map((m) => this.codeOf(MODIFIER_KEYSYM_NAMES[m])), () => {
      if (dy !== 0) this.addon.fakeAxis(0, -dy)
      if (dx !== 0) this.addon.fakeAxis(1, -dx)
    })
    this.addon.sync()
  }
}
