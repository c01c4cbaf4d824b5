/** Monitors through XRandR 1.5 (the whole screen as one display where RandR lists none). */
import { inside, type Rect, type X11Connection } from "../X11Connection.js"

export interface Display {
  readonly id: number
  readonly name: string
  readonly bounds: Rect
  readonly primary: boolean
}

export class X11Displays {
  constructor(private readonly connection: X11Connection) {}

  /** Monitors primary first; ids are positions in that order (what `screenshot --screen N` takes). */
  list(): ReadonlyArray<Display> {
    const info = this.connection.info
    const monitors = this.connection.addon.monitors()
    const list = monitors.length > 0
      ? [...monitors].sort((a, b) => Number(b.primary) - Number(a.primary) || a.x - b.x || a.y - b.y)
      : [{ name: "screen", x: 0, y: 0, width: info.screen_width, height: info.screen_height, primary: true }]
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
    return this.list().some((d) => inside(d.bounds, x, y))
  }
}
