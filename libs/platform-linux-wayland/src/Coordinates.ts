/**
 * Global coordinates for AT-SPI extents on Wayland. A Wayland client never learns where its window is, so every
 * toolkit answers AT-SPI's screen-coordinate requests with window-relative extents; the compositor knows where the
 * window is. Global = the window's origin as the compositor places it + AT-SPI's window-relative extents, where the
 * origin AT-SPI counts from is toolkit-specific:
 *
 * - GTK 3: the surface (its buffer's top-left), which includes client-side shadows when GTK draws its own decorations;
 * - GTK 4: the frame (the xdg window geometry, shadows excluded);
 * - Qt 5: the surface (Qt draws no shadows).
 *
 * The compositor places the frame: sway at the container's content area, centred in it when the frame is smaller (a
 * fixed-size window tiled: floor((content - frame) / 2), measured). On sway every toolkit above gets server-side
 * decorations (GTK 3 through KDE's server-decoration protocol, Qt through xdg-decoration, GTK 4.8 draws no title bar
 * of its own there), so frame and surface coincide and the offset is 0 (numbers in the README).
 */

export interface Point {
  readonly x: number
  readonly y: number
}

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export type Toolkit = "gtk3" | "gtk4" | "qt5"

/** What the toolkit's window-relative AT-SPI coordinates count from. */
export const TOOLKIT_ORIGIN: Readonly<Record<Toolkit, "surface" | "frame">> = {
  gtk3: "surface",
  gtk4: "frame",
  qt5: "surface"
}

/** Client-side decoration drawn outside the frame (GTK 3's shadows); zero under server-side decorations or tiled. */
export interface Margins {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

export const NO_MARGINS: Margins = { left: 0, top: 0, right: 0, bottom: 0 }

/** Where the compositor shows a window: its content area (global) and whether it centres a smaller frame there. */
export interface Placement {
  readonly content: Rect
  readonly centresSmallerFrame: boolean
}

/**
 * The global point that the toolkit's window-relative (0, 0) is, from the compositor's placement and the size AT-SPI
 * gives the window itself (its window-relative extents' width and height).
 */
export const windowOrigin = (toolkit: Toolkit, placement: Placement, atspiWindow: { readonly width: number; readonly height: number }, margins: Margins = NO_MARGINS): Point =>
  originFrom(TOOLKIT_ORIGIN[toolkit], placement, atspiWindow, margins)

/** The same, from what the toolkit's extents count from (the adapter's toolkit profiles say it). */
export const originFrom = (reference: "surface" | "frame", placement: Placement, atspiWindow: { readonly width: number; readonly height: number }, margins: Margins = NO_MARGINS): Point => {
  const frameWidth = reference === "surface" ? atspiWindow.width - margins.left - margins.right : atspiWindow.width
  const frameHeight = reference === "surface" ? atspiWindow.height - margins.top - margins.bottom : atspiWindow.height
  const { content } = placement
  const frameX = content.x + (placement.centresSmallerFrame ? Math.max(0, Math.floor((content.width - frameWidth) / 2)) : 0)
  const frameY = content.y + (placement.centresSmallerFrame ? Math.max(0, Math.floor((content.height - frameHeight) / 2)) : 0)
  return reference === "surface" ? { x: frameX - margins.left, y: frameY - margins.top } : { x: frameX, y: frameY }
}

/** Window-relative AT-SPI extents as global ones. */
export const globalExtents = (origin: Point, windowRelative: Rect): Rect => ({
  x: origin.x + windowRelative.x,
  y: origin.y + windowRelative.y,
  width: windowRelative.width,
  height: windowRelative.height
})

/** A toolkit from what AT-SPI says about the application (its ToolkitName and version). */
export const toolkitOf = (toolkitName: string, version: string): Toolkit | undefined => {
  const name = toolkitName.toLowerCase()
  if (name === "gtk") return version.startsWith("4.") ? "gtk4" : version.startsWith("3.") ? "gtk3" : undefined
  if (name === "qt") return version.startsWith("5.") ? "qt5" : undefined
  return undefined
}
