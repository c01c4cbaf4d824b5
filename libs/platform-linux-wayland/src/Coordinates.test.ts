import { assert, describe, it } from "@effect/vitest"
import { globalExtents, NO_MARGINS, toolkitOf, windowOrigin, type Placement } from "./Coordinates.js"

// The cases measured under headless sway 1.7 (README, "Coordinates"): each expected point is where clicks around the
// widget found its true global edge.
describe("windowOrigin under sway", () => {
  const tiled = (x: number, y: number, width: number, height: number): Placement => ({ content: { x, y, width, height }, centresSmallerFrame: true })

  it("GTK 3 with server-side decorations: the content area's corner", () => {
    const origin = windowOrigin("gtk3", tiled(2, 25, 423, 997), { width: 423, height: 997 })
    assert.deepStrictEqual(globalExtents(origin, { x: 30, y: 30, width: 74, height: 22 }), { x: 32, y: 55, width: 74, height: 22 })
  })

  it("GTK 4 counts from the frame; floating, the content area is the frame", () => {
    const origin = windowOrigin("gtk4", { content: { x: 430, y: 332, width: 636, height: 997 }, centresSmallerFrame: false }, { width: 636, height: 997 })
    // AT-SPI's box for a GTK 4 check button is its content box, 4 px inside the clickable one found at (460, 362).
    assert.deepStrictEqual(globalExtents(origin, { x: 34, y: 34, width: 66, height: 18 }), { x: 464, y: 366, width: 66, height: 18 })
  })

  it("Qt 5 floating and tiled", () => {
    assert.deepStrictEqual(windowOrigin("qt5", tiled(429, 25, 423, 997), { width: 423, height: 997 }), { x: 429, y: 25 })
    assert.deepStrictEqual(windowOrigin("qt5", { content: { x: 400, y: 352, width: 636, height: 997 }, centresSmallerFrame: false }, { width: 636, height: 997 }), { x: 400, y: 352 })
  })

  it("a fixed-size window tiled in a bigger area is centred, rounding down (Qt's calculator, 304x298 in 1276x997)", () => {
    const origin = windowOrigin("qt5", tiled(2, 25, 1276, 997), { width: 304, height: 298 })
    assert.deepStrictEqual(origin, { x: 488, y: 374 })
    assert.deepStrictEqual(globalExtents(origin, { x: 59, y: 101, width: 42, height: 42 }).x, 547)
  })
})

describe("windowOrigin with client-side shadows", () => {
  const shadow = { left: 10, top: 7, right: 10, bottom: 13 }
  const placement: Placement = { content: { x: 100, y: 200, width: 400, height: 300 }, centresSmallerFrame: false }

  it("GTK 3 counts from the surface: the frame's corner minus the shadow", () => {
    assert.deepStrictEqual(windowOrigin("gtk3", placement, { width: 420, height: 320 }, shadow), { x: 90, y: 193 })
  })

  it("GTK 4 counts from the frame, whatever the shadow", () => {
    assert.deepStrictEqual(windowOrigin("gtk4", placement, { width: 400, height: 300 }, shadow), { x: 100, y: 200 })
  })

  it("centring uses the frame's size, not the surface's", () => {
    const centred = { ...placement, centresSmallerFrame: true, content: { x: 0, y: 0, width: 500, height: 400 } }
    assert.deepStrictEqual(windowOrigin("gtk3", centred, { width: 420, height: 320 }, shadow), { x: 40, y: 43 })
    assert.deepStrictEqual(windowOrigin("gtk3", centred, { width: 400, height: 300 }, NO_MARGINS), { x: 50, y: 50 })
  })
})

describe("toolkitOf", () => {
  it("reads AT-SPI's toolkit name and version", () => {
    assert.strictEqual(toolkitOf("GTK", "3.24.38"), "gtk3")
    assert.strictEqual(toolkitOf("GTK", "4.8.3"), "gtk4")
    assert.strictEqual(toolkitOf("Qt", "5.15.8"), "qt5")
    assert.isUndefined(toolkitOf("Qt", "6.4.2"))
    assert.isUndefined(toolkitOf("Gecko", "115"))
  })
})
