/**
 * Plain synchronous X11 operations over the addon: pointer and key sequences that always release what they
 * pressed, captures clipped to the screen, RandR displays, and the EWMH view of top-level windows. The Effect
 * facade (`X11Native.ts`) maps its errors to the contract.
 */
import type { X11Addon, AddonInfo } from "./Addon.js"
import { keysymOf, MODIFIER_KEYSYMS } from "./Keysyms.js"

export type Button = "left" | "right" | "middle"
export type Modifier = keyof typeof MODIFIER_KEYSYMS

const BUTTONS: Readonly<Record<Button, number>> = { left: 1, middle: 2, right: 3 }
/**
 * Pauses like a fast human's (xdotool uses ~12 ms between press and release): toolkits that saw a press and its
 * release in the same batch under load sometimes merged the clicks of a double click. A triple click still ends
 * well inside the usual 400 ms multi-click time.
 */
const PRESS_MS = 8
const BETWEEN_CLICKS_MS = 40

const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}
const WHEEL = { up: 4, down: 5, left: 6, right: 7 } as const

/**
 * Screenshot PNGs: zlib level 1 with the "up" filter on every row, encoded in the addon. Measured on a 1280x1024
 * screen (see the README): on UI content it is as small as no filter (122 vs 120 KB; scrot 113 KB) at the same
 * cost, on photo-like content 22% smaller (514 vs 659 KB; scrot 537 KB) and no slower; Paeth or higher levels cost
 * 1.5-3x the CPU for a few percent.
 */
const PNG_LEVEL = 1
const PNG_FILTER = 2
const KEEP_SEGMENT_MS = 30_000

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface Display {
  readonly id: number
  readonly name: string
  readonly bounds: Rect
  readonly primary: boolean
}

export interface WindowView {
  readonly xid: number
  readonly title: string
  readonly pid?: number
  /** The frame: the client area plus the window manager's decorations (`_NET_FRAME_EXTENTS`), as AT-SPI reports it. */
  readonly bounds: Rect
  readonly client: Rect
  /** left, right, top, bottom */
  readonly frame: readonly [number, number, number, number]
  readonly minimized: boolean
  readonly maximized: boolean
  readonly focused: boolean
  readonly mapped: boolean
}

/** A failure after something may already have reached the X server. */
export class PartialInput extends Error {
  constructor(message: string, override readonly cause: unknown) {
    super(message)
  }
}

const inside = (rect: Rect, x: number, y: number) =>
  x >= rect.x && y >= rect.y && x < rect.x + rect.width && y < rect.y + rect.height

export class X11Session {
  readonly info: AddonInfo

  constructor(readonly addon: X11Addon, display?: string) {
    this.info = addon.open(display)
  }

  get screen(): Rect {
    return { x: 0, y: 0, width: this.info.screen_width, height: this.info.screen_height }
  }

  /** Monitors primary first; ids are positions in that order (what `screenshot --screen N` takes). */
  displays(): ReadonlyArray<Display> {
    const monitors = this.addon.monitors()
    const list = monitors.length > 0
      ? [...monitors].sort((a, b) => Number(b.primary) - Number(a.primary) || a.x - b.x || a.y - b.y)
      : [{ name: "screen", x: 0, y: 0, width: this.info.screen_width, height: this.info.screen_height, primary: true }]
    const anyPrimary = list.some((m) => m.primary)
    return list.map((m, id) => ({
      id,
      name: m.name,
      bounds: { x: m.x, y: m.y, width: m.width, height: m.height },
      primary: m.primary || (!anyPrimary && id === 0)
    }))
  }

  /** True when the point lies on some monitor (input is refused otherwise). */
  onScreen(x: number, y: number): boolean {
    return this.displays().some((d) => inside(d.bounds, x, y))
  }

  pointer() {
    return this.addon.queryPointer()
  }

  moveTo(x: number, y: number): void {
    this.addon.motion(x, y)
  }

  private modifierKeycodes(modifiers: ReadonlyArray<Modifier>): ReadonlyArray<number> {
    return modifiers.map((name) => {
      const found = this.addon.findKeysym(MODIFIER_KEYSYMS[name])
      if (!found) throw new Error(`the keymap has no key for the ${name} modifier`)
      return found.keycode
    })
  }

  /** Hold modifiers around `body`; whatever was pressed is released even when `body` throws. */
  private withModifiers(modifiers: ReadonlyArray<Modifier>, body: () => void): void {
    const keycodes = this.modifierKeycodes(modifiers)
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

  click(x: number, y: number, button: Button, count: number, modifiers: ReadonlyArray<Modifier>): void {
    this.addon.motion(x, y)
    this.withModifiers(modifiers, () => {
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
    this.withModifiers(modifiers, () => {
      for (let i = 0; i < Math.abs(dy); i++) this.pressRelease(dy > 0 ? WHEEL.up : WHEEL.down, 0)
      for (let i = 0; i < Math.abs(dx); i++) this.pressRelease(dx > 0 ? WHEEL.left : WHEEL.right, 0)
    })
  }

  /**
   * Press one key with modifiers. A keysym the keymap lacks is bound to a spare keycode for the press, as xdotool
   * does; the binding is returned so the caller can undo it once clients have read the new mapping.
   */
  pressKey(key: string, modifiers: ReadonlyArray<Modifier>): { readonly spare?: number } {
    const keysym = keysymOf(key) ?? this.addon.keysymFromName(key)
    if (!keysym) throw new Error(`unknown key '${key}'`)
    let found = this.addon.findKeysym(keysym)
    let spare: number | undefined
    if (!found) {
      spare = this.addon.bindSpare(keysym)
      if (spare < 0) throw new Error(`no spare keycode to bind '${key}' to`)
      found = { keycode: spare, level: 0 }
    }
    const all: ReadonlyArray<Modifier> = found.level === 1 && !modifiers.includes("shift") ? [...modifiers, "shift"] : modifiers
    const keycode = found.keycode
    this.withModifiers(all, () => {
      this.addon.key(keycode, true)
      this.addon.key(keycode, false)
    })
    return spare === undefined ? {} : { spare }
  }

  unbind(keycode: number): void {
    this.addon.unbind(keycode)
  }

  /** PNG of `region` (default: the whole screen), clipped to the screen; fails when nothing of it is on screen. */
  capture(region?: Rect): { png: Buffer; width: number; height: number; region: Rect } {
    const screen = this.screen
    const want = region ?? screen
    const x0 = Math.max(screen.x, Math.round(want.x))
    const y0 = Math.max(screen.y, Math.round(want.y))
    const x1 = Math.min(screen.x + screen.width, Math.round(want.x + want.width))
    const y1 = Math.min(screen.y + screen.height, Math.round(want.y + want.height))
    if (x1 <= x0 || y1 <= y0) throw new RangeError("the region is entirely off the screen")
    const shot = this.addon.capturePng(x0, y0, x1 - x0, y1 - y0, PNG_LEVEL, PNG_FILTER)
    this.keepCaptureSegment()
    return {
      png: shot.png,
      width: shot.width,
      height: shot.height,
      region: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
    }
  }

  private releaseTimer: ReturnType<typeof setTimeout> | undefined

  /**
   * The addon keeps the capture's shared-memory band (~320 KiB) so the next capture skips its set-up and page
   * faults; a process that stops capturing gives it back after a while (the timer never keeps it alive).
   */
  private keepCaptureSegment(): void {
    if (this.releaseTimer !== undefined) clearTimeout(this.releaseTimer)
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = undefined
      try {
        this.addon.captureRelease()
      } catch {
        // the display is gone; nothing is kept then
      }
    }, KEEP_SEGMENT_MS)
    this.releaseTimer.unref()
  }

  private rootProperty(name: string) {
    return this.addon.getProperty(this.info.root, name)
  }

  /** Top-level client windows: the window manager's `_NET_CLIENT_LIST`, else mapped children of the root. */
  clientWindows(): ReadonlyArray<number> {
    const list = this.rootProperty("_NET_CLIENT_LIST")
    if (list && Array.isArray(list.value)) return list.value.filter((v): v is number => typeof v === "number")
    return this.addon.children(this.info.root).filter((xid) => {
      try {
        const g = this.addon.geometry(xid)
        return g.map_state === 2 && !g.override_redirect
      } catch {
        return false
      }
    })
  }

  private numbers(xid: number, name: string): ReadonlyArray<number> {
    const prop = this.addon.getProperty(xid, name)
    return prop && Array.isArray(prop.value) ? prop.value.filter((v): v is number => typeof v === "number") : []
  }

  private strings(xid: number, name: string): ReadonlyArray<string> {
    const prop = this.addon.getProperty(xid, name)
    return prop && Array.isArray(prop.value) ? prop.value.filter((v): v is string => typeof v === "string") : []
  }

  readWindow(xid: number): WindowView {
    const geometry = this.addon.geometry(xid)
    const name = this.addon.getProperty(xid, "_NET_WM_NAME") ?? this.addon.getProperty(xid, "WM_NAME")
    const pid = this.numbers(xid, "_NET_WM_PID")[0]
    const state = this.strings(xid, "_NET_WM_STATE")
    const wmState = this.numbers(xid, "WM_STATE")[0]
    const active = this.numbers(this.info.root, "_NET_ACTIVE_WINDOW")[0]
    const extents = this.numbers(xid, "_NET_FRAME_EXTENTS")
    const [left, right, top, bottom] = extents.length === 4 ? extents as [number, number, number, number] : [0, 0, 0, 0]
    const client = { x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height }
    return {
      xid,
      title: typeof name?.value === "string" ? name.value : "",
      ...(pid === undefined ? {} : { pid }),
      bounds: { x: client.x - left, y: client.y - top, width: client.width + left + right, height: client.height + top + bottom },
      client,
      frame: [left, right, top, bottom],
      minimized: state.includes("_NET_WM_STATE_HIDDEN") || wmState === 3,
      maximized: state.includes("_NET_WM_STATE_MAXIMIZED_VERT") && state.includes("_NET_WM_STATE_MAXIMIZED_HORZ"),
      focused: active === xid,
      mapped: geometry.map_state === 2
    }
  }

  /** The client window of `pid` titled `title`; several: the one whose client area is nearest `bounds`. */
  findWindow(pid: number, title: string, bounds?: Rect): WindowView | undefined {
    const views: Array<WindowView> = []
    for (const xid of this.clientWindows()) {
      try {
        const view = this.readWindow(xid)
        if (view.pid === pid) views.push(view)
      } catch {
        // closed while we looked
      }
    }
    const titled = views.filter((v) => v.title === title)
    const distance = (v: WindowView) =>
      bounds === undefined
        ? 0
        : Math.abs(v.bounds.x - bounds.x) + Math.abs(v.bounds.y - bounds.y) +
          Math.abs(v.bounds.width - bounds.width) + Math.abs(v.bounds.height - bounds.height)
    if (titled.length === 1) return titled[0]
    if (titled.length > 1) return bounds === undefined ? undefined : [...titled].sort((a, b) => distance(a) - distance(b))[0]
    // No title matches (an accessible window may have no name): the process's only window, or the one whose frame
    // is where AT-SPI says the window is.
    if (views.length === 1) return views[0]
    if (bounds === undefined) return undefined
    const near = views.filter((v) => distance(v) <= 8)
    return near.length === 1 ? near[0] : undefined
  }

  /** The topmost mapped, not minimized client whose frame contains the point (`_NET_CLIENT_LIST_STACKING`, top last). */
  topWindowAt(x: number, y: number): number | undefined {
    const stacking = this.numbers(this.info.root, "_NET_CLIENT_LIST_STACKING")
    const order = stacking.length > 0 ? stacking : this.clientWindows()
    for (const xid of [...order].reverse()) {
      try {
        const view = this.readWindow(xid)
        if (view.mapped && !view.minimized && inside(view.bounds, x, y)) return xid
      } catch {
        // closed while we looked
      }
    }
    return undefined
  }

  /** EWMH requests to the window manager (source indication 2: a pager/tool acting for the user). */
  activate(xid: number): void {
    this.addon.clientMessage(xid, "_NET_ACTIVE_WINDOW", [2, 0, 0])
  }

  /**
   * Move the frame's top-left corner to x, y and/or size the frame to width × height (decorations included, the
   * rectangle AT-SPI and list-windows report): `_NET_MOVERESIZE_WINDOW` with NorthWestGravity, whose reference
   * point is the frame's outer corner; EWMH sizes are the client's, so the decorations are subtracted.
   */
  moveResizeFrame(xid: number, change: { x?: number; y?: number; width?: number; height?: number }): void {
    const [left, right, top, bottom] = this.readWindow(xid).frame
    const width = change.width === undefined ? undefined : change.width - left - right
    const height = change.height === undefined ? undefined : change.height - top - bottom
    if ((width !== undefined && width < 1) || (height !== undefined && height < 1)) {
      throw new RangeError(`the frame cannot be smaller than its decorations (${left + right}x${top + bottom})`)
    }
    const flags = (change.x !== undefined ? 1 << 8 : 0) | (change.y !== undefined ? 1 << 9 : 0) |
      (width !== undefined ? 1 << 10 : 0) | (height !== undefined ? 1 << 11 : 0)
    const NORTH_WEST_GRAVITY = 1
    this.addon.clientMessage(xid, "_NET_MOVERESIZE_WINDOW", [
      NORTH_WEST_GRAVITY | flags | (2 << 12),
      change.x ?? 0,
      change.y ?? 0,
      width ?? 0,
      height ?? 0
    ])
  }

  /** Ask the window manager to close the window the way its close button would (the app may ask to save first). */
  close(xid: number): void {
    this.addon.clientMessage(xid, "_NET_CLOSE_WINDOW", [0, 2])
  }

  minimize(xid: number): void {
    const ICONIC_STATE = 3
    this.addon.clientMessage(xid, "WM_CHANGE_STATE", [ICONIC_STATE])
  }

  setMaximized(xid: number, on: boolean): void {
    this.addon.clientMessage(xid, "_NET_WM_STATE", [on ? 1 : 0, "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ", 2])
  }

  /** The targets the clipboard's owner offers (empty without an owner). */
  clipboardTargets(timeoutMs = 2000): ReadonlyArray<string> {
    const got = this.addon.selectionGet("CLIPBOARD", "TARGETS", timeoutMs)
    return got && Array.isArray(got.data) ? (got.data as ReadonlyArray<string>) : []
  }

  /** The clipboard converted to `target`, or undefined when there is no owner or it refused. */
  clipboardBytes(target: string, timeoutMs = 5000): Buffer | undefined {
    const got = this.addon.selectionGet("CLIPBOARD", target, timeoutMs)
    return got && Buffer.isBuffer(got.data) ? got.data : undefined
  }

  clipboardClear(): boolean {
    return this.addon.selectionClear("CLIPBOARD")
  }

  /** The window manager's name (`_NET_SUPPORTING_WM_CHECK` → `_NET_WM_NAME`), or undefined without one. */
  windowManager(): string | undefined {
    const check = this.numbers(this.info.root, "_NET_SUPPORTING_WM_CHECK")[0]
    if (check === undefined) return undefined
    try {
      const name = this.addon.getProperty(check, "_NET_WM_NAME")
      return typeof name?.value === "string" ? name.value : "unnamed"
    } catch {
      return undefined
    }
  }
}
