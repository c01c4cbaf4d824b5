import { encodePng } from "@agent-desktop/pipewire"
import { decodePng, pixelAt } from "@agent-desktop/platform"
import { assert, describe, it } from "@effect/vitest"
import { cropToRegion } from "./PortalScreenshot.js"

/** A 2x-scaled 8x6 physical picture of a 4x3 logical screen at (100, 50): each pixel's colour names its position. */
const screen = () => {
  const rows = Buffer.alloc(6 * (1 + 8 * 3))
  for (let y = 0; y < 6; y++) for (let x = 0; x < 8; x++) rows.set([x * 10, y * 10, 200], y * (1 + 8 * 3) + 1 + x * 3)
  return encodePng(8, 6, rows)
}
const layout = { x: 100, y: 50, width: 4, height: 3 }

describe("cropToRegion (the Screenshot portal's whole-screen picture cut to a region)", () => {
  it("gives the picture itself without a region, with the scale of physical to logical pixels", () => {
    const png = screen()
    const whole = cropToRegion(png, layout)
    assert.strictEqual(whole.png, png)
    assert.deepInclude(whole, { width: 8, height: 6, scaleFactor: 2 })
  })

  it("cuts a global logical region at the physical pixels it covers", () => {
    const part = cropToRegion(screen(), layout, { x: 101, y: 51, width: 2, height: 1 })
    assert.deepInclude(part, { width: 4, height: 2, scaleFactor: 2 })
    const image = decodePng(part.png)
    assert.deepStrictEqual(pixelAt(image, 0, 0), [20, 20, 200])
    assert.deepStrictEqual(pixelAt(image, 3, 1), [50, 30, 200])
  })

  it("clips a region that runs off the screen's far edges and refuses one that starts off it", () => {
    assert.deepInclude(cropToRegion(screen(), layout, { x: 103, y: 52, width: 5, height: 5 }), { width: 2, height: 2 })
    assert.throws(() => cropToRegion(screen(), layout, { x: 90, y: 50, width: 2, height: 2 }), RangeError)
  })
})
