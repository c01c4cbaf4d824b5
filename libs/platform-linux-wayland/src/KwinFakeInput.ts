/**
 * KDE's input channel: KWin's fake input protocol. KWin offers it only to an executable that an installed .desktop
 * file authorizes (`X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input`, `Exec=` the executable's real path: KWin
 * compares it with /proc/PID/exe), so the fake-input connection is held by agent-desktop's own helper executable
 * (`KwinHelper.ts`), never by Node. This module turns keys, text and pointer actions into one batch of ops per action
 * and sends it to that device: one round trip per action, the action's pauses (click timings, drag steps) kept by the
 * helper. Keys are evdev codes read through KWin's own keymap (the seat keymap the addon receives like any client, on
 * the process's unprivileged connection), so text is limited to the session's layout; a character's shift level is
 * typed by holding that level's modifier keys, as on a keyboard. Pointer motion is absolute, in global logical
 * coordinates.
 */
import type { WaylandAddon } from "./Addon.js"
import { fakeOp, type FakeInputDevice } from "./KwinHelper.js"
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

interface Key {
  readonly code: number
  readonly mask: number
}

export class KwinFakeInput {
  constructor(
    /** Keymap lookups: the process's own Wayland connection (any client gets the seat keymap). */
    private readonly addon: WaylandAddon,
    private readonly device: FakeInputDevice
  ) {}

  private key(keysym: number): Key | undefined {
    const found = this.addon.seatKeymapLookup(keysym)
    return found === null ? undefined : { code: found.keycode - 8, mask: found.mask }
  }

  private codeOf(keysymName: string): number {
    const found = this.key(this.addon.keysymFromName(keysymName))
    if (found === undefined) throw new OutsideLayout([keysymName])
    return found.code
  }

  /** Press `codes` in order, `body`, then release them in reverse (the helper stops at a failure; see `send`). */
  private holding(codes: ReadonlyArray<number>, body: ReadonlyArray<string>): Array<string> {
    return [...codes.map((code) => fakeOp.key(code, true)), ...body, ...[...codes].reverse().map((code) => fakeOp.key(code, false))]
  }

  private modifierCodes(modifiers: ReadonlyArray<Modifier>): ReadonlyArray<number> {
    return modifiers.map((m) => this.codeOf(MODIFIER_KEYSYM_NAMES[m]))
  }

  private levelKeys(mask: number): ReadonlyArray<number> {
    return MODIFIER_KEYS.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => this.codeOf(name))
  }

  private tap(key: Key): Array<string> {
    return this.holding(this.levelKeys(key.mask), [fakeOp.key(key.code, true), fakeOp.key(key.code, false)])
  }

  pressKey(name: string, modifiers: ReadonlyArray<Modifier> = []): Promise<void> {
    const keysym = keysymOfKey(this.addon, name)
    const key = keysym === undefined ? undefined : this.key(keysym)
    if (key === undefined) throw new OutsideLayout([name])
    return this.device.send(this.holding(this.modifierCodes(modifiers), this.tap(key)))
  }

  /** Types text the session's layout has; any other character refuses the whole text before a key is sent. */
  type(text: string): Promise<void> {
    const chars = [...text]
    const keys = chars.map((char) => {
      const keysym = keysymOfChar(this.addon, char)
      return keysym === undefined ? undefined : this.key(keysym)
    })
    const missing = chars.filter((_, i) => keys[i] === undefined)
    if (missing.length > 0) throw new OutsideLayout([...new Set(missing)])
    return this.device.send(keys.flatMap((key) => this.tap(key!)))
  }

  /**
   * Absolute motion in global logical coordinates. The pointer arrives one pixel beside the point and then onto it,
   * so a client sees motion inside its window before a press (X clients on XWayland drop a press on a widget the
   * pointer jumped onto from another surface).
   */
  private arrive(x: number, y: number): Array<string> {
    const px = Math.round(x)
    const py = Math.round(y)
    return [fakeOp.motion(px > 0 ? px - 1 : px + 1, py), fakeOp.motion(px, py)]
  }

  moveTo(x: number, y: number): Promise<void> {
    return this.device.send(this.arrive(x, y))
  }

  /** Press and release `button` `count` times at the point, holding `modifiers` throughout. */
  click(x: number, y: number, button: keyof typeof BUTTON_CODES, count: number, modifiers: ReadonlyArray<Modifier> = []): Promise<void> {
    const code = BUTTON_CODES[button]
    const presses = Array.from({ length: count }, (_, i) => [
      ...(i > 0 ? [fakeOp.pause(40)] : []),
      fakeOp.button(code, true),
      fakeOp.pause(8),
      fakeOp.button(code, false)
    ]).flat()
    return this.device.send([...this.arrive(x, y), ...this.holding(this.modifierCodes(modifiers), presses)])
  }

  /** Left-button drag in steps over `durationMs`, the release the batch's last op. */
  drag(from: { x: number; y: number }, to: { x: number; y: number }, durationMs: number, dropDelayMs: number): Promise<void> {
    const steps = Math.max(10, Math.min(100, Math.round(durationMs / 10)))
    const path = Array.from({ length: steps }, (_, i) => [
      fakeOp.pause(durationMs / steps),
      fakeOp.motion(from.x + ((to.x - from.x) * (i + 1)) / steps, from.y + ((to.y - from.y) * (i + 1)) / steps)
    ]).flat()
    return this.device.send([
      ...this.arrive(from.x, from.y),
      fakeOp.pause(8),
      fakeOp.button(BUTTON_CODES.left, true),
      ...path,
      fakeOp.pause(dropDelayMs),
      fakeOp.button(BUTTON_CODES.left, false)
    ])
  }

  /** `dy` > 0 = up, `dx` > 0 = left (the contract's signs); one wheel notch per unit. */
  wheel(x: number, y: number, dx: number, dy: number, modifiers: ReadonlyArray<Modifier> = []): Promise<void> {
    const turns = [...(dy !== 0 ? [fakeOp.axis(0, -dy)] : []), ...(dx !== 0 ? [fakeOp.axis(1, -dx)] : [])]
    return this.device.send([...this.arrive(x, y), ...this.holding(this.modifierCodes(modifiers), turns)])
  }
}
