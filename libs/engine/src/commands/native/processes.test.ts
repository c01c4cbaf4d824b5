import { describe, expect, it } from "vitest"
import { isAlive, protectedReason } from "./processes.js"

describe("protectedReason", () => {
  it("protects init, ourselves, our caller and session infrastructure", () => {
    expect(protectedReason(1)).toMatch(/init/)
    expect(protectedReason(process.pid)).toMatch(/itself/)
    expect(protectedReason(process.ppid)).toMatch(/caller/)
    expect(protectedReason(4242, "gnome-shell")).toMatch(/desktop session/)
    expect(protectedReason(4242, "Xvfb")).toMatch(/desktop session/)
    expect(protectedReason(4242, "gnome-calculator")).toBeUndefined()
  })

  it("isAlive: this process yes, a free pid no", () => {
    expect(isAlive(process.pid)).toBe(true)
    expect(isAlive(2 ** 22 + 12345)).toBe(false)
  })
})
