/**
 * KWin's windows through its scripting (`KwinScripting.ts`): the list with each window's frame and buffer geometry,
 * pid, stacking order and state, and focus, move, resize, minimize, maximize, restore and close. A window's identity is
 * KWin's `internalId` (a UUID); the display-server contract wants a number, so each UUID gets one for the life of the
 * process (`numericId`).
 *
 * KWin applies a position at once but a size only once the client acknowledged it, so each change is read back until
 * KWin shows it (or the deadline passes, and the caller reads the window back to know what happened).
 */
import type { KwinScripting } from "./KwinScripting.js"

export interface KwinRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface KwinWindow {
  /** KWin's internalId. */
  readonly id: string
  readonly caption: string
  readonly pid: number
  readonly resourceClass: string
  /** The frame (decorations included; without a decoration plugin the same as the buffer). */
  readonly frame: KwinRect
  /** The client's buffer: its surface, client-side shadows included. */
  readonly buffer: KwinRect
  readonly minimized: boolean
  readonly maximized: boolean
  readonly fullScreen: boolean
  readonly active: boolean
  /** KWin's stacking position: higher is above. */
  readonly stacking: number
  /** An application window (normal, dialog or utility), not a panel, menu, tooltip or notification. */
  readonly normal: boolean
  readonly hidden: boolean
  /** The X11 client's window on XWayland (its extents are global), else false. */
  readonly xwayland: boolean
}

const LIST = `
var r = function (g) { return { x: g.x, y: g.y, width: g.width, height: g.height }; };
var same = function (a, b) { return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height; };
var list = workspace.clientList();
var out = [];
for (var i = 0; i < list.length; i++) {
  var c = list[i];
  if (c.deleted || !c.managed) continue;
  out.push({
    id: String(c.internalId), caption: String(c.caption), pid: c.pid, resourceClass: String(c.resourceClass),
    frame: r(c.frameGeometry), buffer: r(c.bufferGeometry), minimized: !!c.minimized,
    maximized: !c.fullScreen && same(r(c.frameGeometry), r(workspace.clientArea(2, c))),
    fullScreen: !!c.fullScreen, active: workspace.activeClient === c, stacking: c.stackingOrder,
    normal: !!(c.normalWindow || c.dialog || c.utility), hidden: !!c.hidden,
    xwayland: typeof c.windowId === "number" && c.windowId !== 0
  });
}
return out;
`

const OPERATE = `
var list = workspace.clientList();
var c = null;
for (var i = 0; i < list.length; i++) if (String(list[i].internalId) === args.id) c = list[i];
if (c === null) return false;
var f = c.frameGeometry;
switch (args.kind) {
  case "focus": if (c.minimized) c.minimized = false; workspace.activeClient = c; break;
  case "move": c.frameGeometry = { x: args.x, y: args.y, width: f.width, height: f.height }; break;
  case "resize": c.frameGeometry = { x: f.x, y: f.y, width: args.width, height: args.height }; break;
  case "minimize": c.minimized = true; break;
  case "maximize": c.setMaximize(true, true); break;
  case "restore": c.minimized = false; c.fullScreen = false; c.setMaximize(false, false); break;
  case "close": c.closeWindow(); break;
}
return true;
`

export type KwinOperation =
  | { readonly kind: "focus" | "minimize" | "maximize" | "restore" | "close" }
  | { readonly kind: "move"; readonly x: number; readonly y: number }
  | { readonly kind: "resize"; readonly width: number; readonly height: number }

const ids = new Map<string, number>()
const uuids = new Map<number, string>()

/** The process-lifetime number of a KWin window UUID. */
export const numericId = (uuid: string): number => {
  let id = ids.get(uuid)
  if (id === undefined) {
    id = ids.size + 1
    ids.set(uuid, id)
    uuids.set(id, uuid)
  }
  return id
}

export const uuidOf = (nativeId: number): string | undefined => uuids.get(nativeId)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether KWin shows the operation's effect on `w` (undefined: the window is gone). */
const holds = (w: KwinWindow | undefined, operation: KwinOperation): boolean => {
  switch (operation.kind) {
    case "focus": return w?.active === true
    case "move": return w?.frame.x === operation.x && w.frame.y === operation.y
    case "resize": return w?.frame.width === operation.width && w.frame.height === operation.height
    case "minimize": return w?.minimized === true
    case "maximize": return w?.maximized === true
    case "restore": return w !== undefined && !w.minimized && !w.maximized && !w.fullScreen
    case "close": return w === undefined
  }
}

export class KwinWindows {
  constructor(private readonly scripting: KwinScripting) {}

  /** Every managed window, bottom of the stack first. */
  async list(): Promise<ReadonlyArray<KwinWindow>> {
    const windows = await this.scripting.run<Array<KwinWindow>>(LIST)
    return [...windows].sort((a, b) => a.stacking - b.stacking)
  }

  /** False when KWin has no such window; else waits (up to `settleMs`) until KWin shows the change. */
  async operate(id: string, operation: KwinOperation, settleMs = 2000): Promise<boolean> {
    const found = await this.scripting.run<boolean>(OPERATE, { id, ...operation })
    if (!found) return false
    for (const until = Date.now() + settleMs; Date.now() < until; await sleep(25)) {
      if (holds((await this.list()).find((w) => w.id === id), operation)) break
    }
    return true
  }
}
