/**
 * One open X display through the addon, and the property reads every part of the X11 backend shares. The parts
 * (input/, capture/, displays/, windows/, clipboard/) each take the connection; `X11Session.ts` holds them together.
 */
import type { AddonInfo, X11Addon } from "./Addon.js"

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export const inside = (rect: Rect, x: number, y: number): boolean =>
  x >= rect.x && y >= rect.y && x < rect.x + rect.width && y < rect.y + rect.height

export class X11Connection {
  readonly info: AddonInfo

  constructor(readonly addon: X11Addon, display?: string) {
    this.info = addon.open(display)
  }

  get screen(): Rect {
    return { x: 0, y: 0, width: this.info.screen_width, height: this.info.screen_height }
  }

  /** A window property's numbers (CARDINAL, WINDOW, ATOM lists); empty when it is unset. */
  numbers(xid: number, name: string): ReadonlyArray<number> {
    const prop = this.addon.getProperty(xid, name)
    return prop && Array.isArray(prop.value) ? prop.value.filter((v): v is number => typeof v === "number") : []
  }

  /** A window property's atom names or strings; empty when it is unset. */
  strings(xid: number, name: string): ReadonlyArray<string> {
    const prop = this.addon.getProperty(xid, name)
    return prop && Array.isArray(prop.value) ? prop.value.filter((v): v is string => typeof v === "string") : []
  }

  rootNumbers(name: string): ReadonlyArray<number> {
    return this.numbers(this.info.root, name)
  }
}
