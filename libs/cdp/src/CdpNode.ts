/** A page's element as this package reads it: contract vocabulary, plus what re-identifies it later. */
export interface CdpNode {
  readonly role: string
  /** Chromium's own role name (`textbox`, `RootWebArea`, `Canvas`), for diagnostics and OCR routing. */
  readonly chromiumRole: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly states: ReadonlyArray<string>
  readonly actions: ReadonlyArray<string>
  /** The DOM node behind it (stable while its document lives); absent for nodes without one. */
  readonly backendNodeId?: number
  /** The frame whose document holds it, and that document's loader (a navigation gives the frame a new one). */
  readonly frameId: string
  readonly loaderId: string
  /** Viewport CSS pixels of its first box, when asked for (`readPage({ bounds: true })`). */
  readonly viewportBox?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
  readonly children: ReadonlyArray<CdpNode>
}

/** What a page read saw: the tree from the main frame's root web area, and how many AX nodes Chromium sent. */
export interface PageRead {
  readonly root: CdpNode
  readonly axNodes: number
  readonly frames: number
  /** Frames that could not be read (an out-of-process frame of another site, a frame that went away meanwhile). */
  readonly unreadFrames: ReadonlyArray<{ readonly frameId: string; readonly url?: string; readonly reason: string }>
}
