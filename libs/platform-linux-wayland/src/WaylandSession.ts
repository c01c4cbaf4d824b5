/**
 * Plain synchronous operations on a Wayland compositor that offers the wlroots protocols, over the addon: displays
 * (outputs in global logical coordinates), pointer sequences that always release what they pressed, captures of a
 * global rectangle, the foreign-toplevel window list, and keys and text through `VirtualKeyboard`. The same shapes as
 * the X11 session (`X11Session` in platform-linux-x11), so a display-server backend can be written over either.
 */
import type { ConnectionInfo, RawCapture, RawToplevel, ToplevelAction, WaylandAddon } from "./Addon.js"
import type { Modifier } from "./KeyNames.js"
import { SEAT_POINTER, withNewDevice } from "./SeatSettle.js"
import { VirtualKeyboard, type LayoutNames } from "./VirtualKeyboard.js"

export type Button = "left" | "right" | "middle"

/** Linux input event codes (linux/input-event-codes.h), what wl_pointer buttons are. */
const BUTTON_CODES: Readonly<Record<Button, number>> = { left: 0x110, right: 0x111, middle: 0x112 }

/** Same pauses as the X11 session: a fast human's press, and clicks of a multi-click well inside 400 ms. */
const PRESS_MS = 8
const BETWEEN_CLICKS_MS = 40
/** Surface units of the scroll that primes a wheel (a notch is 15). */
const PRIMING_SCROLL = 0.1

const pause = (ms: number): void => {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface Display {
  readonly id: number
  readonly name: string
  /** Logical pixels in the compositor's global space (what pointer coordinates and window geometry use). */
  readonly bounds: Rect
  readonly scale: number
  /** Wayland has no primary output; the one at the origin (else the first) stands in. */
  readonly primary: boolean
}

export interface Capture {
  readonly png: Buffer
  readonly width: number
  readonly height: number
  /** The captured rectangle in global logical coordinates. */
  readonly region: Rect
}

const inside = (rect: Rect, x: number, y: number): boolean =>
  x >= rect.x && y >= rect.y && x < rect.x + rect.width && y < rect.y + rect.height

export class WaylandSession {
  readonly info: ConnectionInfo
  readonly keyboard: VirtualKeyboard

  constructor(readonly addon: WaylandAddon, display?: string, layout: LayoutNames = {}) {
    this.info = addon.connect(display ?? null)
    this.keyboard = new VirtualKeyboard(addon, layout)
  }

  /** Outputs, the one at the origin first; ids are positions in that order (what `screenshot --screen N` takes). */
  displays(): ReadonlyArray<Display> {
    const outputs = this.addon.outputs().map((o, index) => ({ o, index }))
    const sorted = [...outputs].sort((a, b) => Number(b.o.x === 0 && b.o.y === 0) - Number(a.o.x === 0 && a.o.y === 0) || a.index - b.index)
    return sorted.map(({ o }, id) => ({
      id,
      name: o.name ?? `output-${id}`,
      bounds: { x: o.x, y: o.y, width: o.width, height: o.height },
      scale: o.scale,
      primary: id === 0
    }))
  }

  /** The bounding box of all outputs: virtual-pointer absolute motion maps its extent onto it. */
  layout(): Rect {
    const displays = this.displays()
    if (displays.length === 0) throw new RangeError("the compositor has no outputs")
    const x0 = Math.min(...displays.map((d) => d.bounds.x))
    const y0 = Math.min(...displays.map((d) => d.bounds.y))
    const x1 = Math.max(...displays.map((d) => d.bounds.x + d.bounds.width))
    const y1 = Math.max(...displays.map((d) => d.bounds.y + d.bounds.height))
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
  }

  onScreen(x: number, y: number): boolean {
    return this.displays().some((d) => inside(d.bounds, x, y))
  }

  private pointerReady = false

  /**
   * Moves the pointer to (x, y) as a hand arrives: a motion beside the point, then onto it. A jump straight from
   * another surface gives the target only a pointer enter; XWayland's X clients then drop the next button press on a
   * widget the pointer entered that way (seen: GTK 3 on XWayland ignored every click on a button until the pointer
   * moved inside the window), while a motion within the surface after its enter makes the press count.
   */
  moveTo(x: number, y: number): void {
    if (!this.onScreen(x, y)) throw new RangeError(`(${x}, ${y}) is on no output`)
    const beside = this.onScreen(x - 1, y) ? x - 1 : x + 1
    if (this.onScreen(beside, y)) this.motion(beside, y)
    this.motion(x, y)
  }

  /** One absolute motion (a step of a path that is already inside the surface it crosses). */
  private motion(x: number, y: number): void {
    if (!this.onScreen(x, y)) throw new RangeError(`(${x}, ${y}) is on no output`)
    const box = this.layout()
    const motion = () => this.addon.pointerMotion(Math.round(x - box.x), Math.round(y - box.y), box.width, box.height)
    if (!this.pointerReady) {
      // The first motion creates the pointer; a client that bound its wl_pointer only now gets its enter event from
      // the next motion, so the motion is sent again once clients had their moment.
      withNewDevice(this.addon, SEAT_POINTER, motion)
      this.pointerReady = true
    }
    motion()
    this.at = { x, y }
  }

  /** Where our pointer was last sent (undefined before the first motion). */
  private at: { x: number; y: number } | undefined

  private pressRelease(button: Button, hold = PRESS_MS): void {
    this.addon.pointerButton(BUTTON_CODES[button], true)
    try {
      pause(hold)
    } finally {
      this.addon.pointerButton(BUTTON_CODES[button], false)
    }
  }

  click(x: number, y: number, button: Button, count: number, modifiers: ReadonlyArray<Modifier> = []): void {
    this.moveTo(x, y)
    this.keyboard.holding(modifiers, () => {
      for (let i = 0; i < count; i++) {
        if (i > 0) pause(BETWEEN_CLICKS_MS)
        this.pressRelease(button)
      }
    })
    this.addon.sync()
  }

  /** Left-button drag; press, the moves and the release all from this one client, released whatever happens. */
  drag(from: { x: number; y: number }, to: { x: number; y: number }, durationMs: number, dropDelayMs: number): void {
    const steps = Math.max(10, Math.min(100, Math.round(durationMs / 10)))
    this.moveTo(from.x, from.y)
    pause(PRESS_MS)
    this.addon.pointerButton(BUTTON_CODES.left, true)
    try {
      for (let i = 1; i <= steps; i++) {
        pause(durationMs / steps)
        this.motion(Math.round(from.x + ((to.x - from.x) * i) / steps), Math.round(from.y + ((to.y - from.y) * i) / steps))
      }
      pause(dropDelayMs)
    } finally {
      this.addon.pointerButton(BUTTON_CODES.left, false)
    }
    this.addon.sync()
  }

  /** `dy` > 0 = up, `dx` > 0 = left (the contract's signs, as on X11); one wheel notch per unit. */
  wheel(x: number, y: number, dx: number, dy: number, modifiers: ReadonlyArray<Modifier> = []): void {
    const arrived = this.at?.x !== x || this.at?.y !== y
    this.moveTo(x, y)
    if (arrived) {
      // An XInput 2 client on XWayland (GTK 3, Qt 5) takes the first scroll after the pointer entered its window as
      // its baseline and drops it (seen: the first notch on GTK 3 under XWayland did nothing): a sub-notch scroll
      // there and back gives it that baseline and moves nothing (it is below a notch for X11 core clients, and nets
      // to zero for everyone).
      for (const [axis, wanted] of [[0, dy], [1, dx]] as const) {
        if (wanted === 0) continue
        this.addon.pointerScroll(axis, PRIMING_SCROLL)
        this.addon.pointerScroll(axis, -PRIMING_SCROLL)
      }
    }
    this.keyboard.holding(modifiers, () => {
      if (dy !== 0) this.addon.pointerAxis(0, -dy)
      if (dx !== 0) this.addon.pointerAxis(1, -dx)
    })
    this.addon.sync()
  }

  pressKey(key: string, modifiers: ReadonlyArray<Modifier> = []): void {
    this.keyboard.pressKey(key, modifiers)
    this.addon.sync()
  }

  type(text: string): void {
    this.keyboard.type(text)
    this.addon.sync()
  }

  /**
   * PNG of `region` (global logical coordinates; default the first display), clipped to the output that holds its
   * top-left corner. A region across outputs is refused rather than silently cut.
   */
  capture(region?: Rect, cursor = false): Capture {
    const displays = this.displays()
    const want = region ?? displays[0]?.bounds
    if (want === undefined) throw new RangeError("the compositor has no outputs")
    const display = displays.find((d) => inside(d.bounds, want.x, want.y))
    if (display === undefined) throw new RangeError("the region's corner is on no output")
    const b = display.bounds
    const x0 = Math.max(b.x, Math.round(want.x))
    const y0 = Math.max(b.y, Math.round(want.y))
    const x1 = Math.min(b.x + b.width, Math.round(want.x + want.width))
    const y1 = Math.min(b.y + b.height, Math.round(want.y + want.height))
    if (Math.round(want.x + want.width) > b.x + b.width || Math.round(want.y + want.height) > b.y + b.height) {
      const other = displays.some((d) => d.id !== display.id && inside(d.bounds, Math.min(want.x + want.width - 1, x1), Math.min(want.y + want.height - 1, y1)))
      if (other) throw new RangeError(`the region spans more than one output (${display.name} and another)`)
    }
    if (x1 <= x0 || y1 <= y0) throw new RangeError("the region is empty on its output")
    const shot = this.captureOutput(display, { x: x0 - b.x, y: y0 - b.y, width: x1 - x0, height: y1 - y0 }, cursor, "png")
    return { png: shot.png!, width: shot.width, height: shot.height, region: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } }
  }

  /** The raw capture of an output-local region (tests compare pixels with the compositor's own tools). */
  captureOutput(display: Display, local: Rect, cursor: boolean, encoding: "png" | "raw"): RawCapture {
    const index = this.addon.outputs().findIndex((o) => (o.name ?? "") === display.name && o.x === display.bounds.x && o.y === display.bounds.y)
    if (index < 0) throw new RangeError(`output ${display.name} is gone`)
    const whole = local.x === 0 && local.y === 0 && local.width === display.bounds.width && local.height === display.bounds.height
    return whole
      ? this.addon.capture(index, 0, 0, 0, 0, cursor, encoding)
      : this.addon.capture(index, local.x, local.y, local.width, local.height, cursor, encoding)
  }

  /** The compositor's toplevel windows (title, app id, state; no geometry in this protocol). */
  toplevels(): ReadonlyArray<RawToplevel> {
    return this.addon.toplevels()
  }

  toplevel(id: number, action: ToplevelAction): void {
    this.addon.toplevelAction(id, action)
  }

  close(): void {
    this.addon.disconnect()
  }
}
