/** XTEST pointer sequences that always release what they pressed. */
import type { X11Connection } from "../X11Connection.js"
import { withModifiers, type Modifier } from "./heldModifiers.js"
import { pause } from "./pause.js"

export type Button = "left" | "right" | "middle"

const BUTTONS: Readonly<Record<Button, number>> = { left: 1, middle: 2, right: 3 }
const WHEEL = { up: 4, down: 5, left: 6, right: 7 } as const
/**
 * Pauses like a fast human's (xdotool uses ~12 ms between press and release): toolkits that saw a press and its
 * release in the same batch under load sometimes merged the clicks of a double click. A triple click still ends
 * well inside the usual 400 ms multi-click time.
 */
const PRESS_MS = 8
const BETWEEN_CLICKS_MS = 40

export class X11Pointer {
  constructor(private readonly connection: X11Connection) {}

  private get addon() {
    return this.connection.addon
  }

  position() {
    return this.addon.queryPointer()
  }

  moveTo(x: number, y: number): void {
    this.addon.motion(x, y)
  }

  click(x: number, y: number, button: Button, count: number, modifiers: ReadonlyArray<Modifier>): void {
    this.addon.motion(x, y)
    withModifiers(this.connection, modifiers, () => {
      for (let i = 0; i < count; i++) {
        if (i > 0) pause(BETWEEN_CLICKS_MS)
        this.pressRelease(BUTTONS[button])
      }
    })
  }

  private pressRelease(button: number, hold = PRESS_MS): void {
    this.addon.button(button, true)
    pause(hold)
    this.addon.button(button, false)
  }

  /** Left-button drag from one point to another; the button is released whatever happens. */
  drag(from: { x: number; y: number }, to: { x: number; y: number }, durationMs: number, dropDelayMs: number): void {
    const steps = Math.max(10, Math.min(100, Math.round(durationMs / 10)))
    this.addon.motion(from.x, from.y)
    pause(PRESS_MS)
    this.addon.button(BUTTONS.left, true)
    try {
      for (let i = 1; i <= steps; i++) {
        pause(durationMs / steps)
        this.addon.motion(Math.round(from.x + ((to.x - from.x) * i) / steps), Math.round(from.y + ((to.y - from.y) * i) / steps))
      }
      pause(dropDelayMs)
    } finally {
      this.addon.button(BUTTONS.left, false)
    }
  }

  /** `dy` > 0 = up, `dx` > 0 = left (the reference's signs); one button press per notch. */
  wheel(x: number, y: number, dx: number, dy: number, modifiers: ReadonlyArray<Modifier>): void {
    this.addon.motion(x, y)
    withModifiers(this.connection, modifiers, () => {
      for (let i = 0; i < Math.abs(dy); i++) this.pressRelease(dy > 0 ? WHEEL.up : WHEEL.down, 0)
      for (let i = 0; i < Math.abs(dx); i++) this.pressRelease(dx > 0 ? WHEEL.left : WHEEL.right, 0)
    })
  }
}
