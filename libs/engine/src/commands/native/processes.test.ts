import { describe, expect, it } from "vitest"
import { commandName, isAlive, processesNamed, protectedReason } from "./processes.js"

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

describe("processesNamed", () => {
  it("finds a live process of this user by its executable's name, not by a part of it; never a protected one", async () => {
    const { spawn } = await import("node:child_process")
    const child = spawn("sleep", ["30"], { stdio: "ignore" })
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(processesNamed("sleep")).toContain(child.pid)
      expect(processesNamed("SLEEP")).toContain(child.pid)
      expect(processesNamed("slee")).not.toContain(child.pid)
      expect(processesNamed("no-such-process-xyz")).toEqual([])
      expect(processesNamed(commandName(process.pid)!)).not.toContain(process.pid)
    } finally {
      child.kill("SIGKILL")
    }
  })
})
