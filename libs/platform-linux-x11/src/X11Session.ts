/**
 * One X display and the backend's parts over it, one per seam of the display-server layer: pointer and key input,
 * capture, displays, windows (EWMH) and the clipboard. Plain synchronous operations; `X11DisplayServer.ts` puts
 * them behind the `DisplayServerShape` Effects and maps their errors to the contract.
 */
import type { AddonInfo, X11Addon } from "./Addon.js"
import { X11Capture } from "./capture/X11Capture.js"
import { X11Clipboard } from "./clipboard/X11Clipboard.js"
import { X11Displays } from "./displays/X11Displays.js"
import { X11Keys } from "./input/X11Keys.js"
import { X11Pointer } from "./input/X11Pointer.js"
import { X11Windows } from "./windows/X11Windows.js"
import { X11Connection, type Rect } from "./X11Connection.js"

export class X11Session {
  readonly connection: X11Connection
  readonly pointer: X11Pointer
  readonly keys: X11Keys
  readonly capture: X11Capture
  readonly displays: X11Displays
  readonly windows: X11Windows
  readonly clipboard: X11Clipboard

  constructor(readonly addon: X11Addon, display?: string) {
    this.connection = new X11Connection(addon, display)
    this.pointer = new X11Pointer(this.connection)
    this.keys = new X11Keys(this.connection)
    this.capture = new X11Capture(this.connection)
    this.displays = new X11Displays(this.connection)
    this.windows = new X11Windows(this.connection)
    this.clipboard = new X11Clipboard(this.connection)
  }

  get info(): AddonInfo {
    return this.connection.info
  }

  get screen(): Rect {
    return this.connection.screen
  }
}
