import { describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { holds, processToken, takeServeLock } from "./ServeLock.js"

const lockIn = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ad-serve-lock-")), "serve-k.lock")

describe("the one-host-per-binding lock", () => {
  it("is taken once; a second taker is refused while the holder lives; released, it can be taken again", async () => {
    const lock = lockIn()
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" })
    try {
      await new Promise((resolve) => other.once("spawn", resolve))
      const token = processToken(other.pid!)!
      const release = takeServeLock(lock, token)
      expect(release).toBeDefined()
      expect(fs.readFileSync(lock, "utf8")).toBe(`${token}\n`)
      expect(holds(lock, token)).toBe(true)
      expect(takeServeLock(lock)).toBeUndefined()
      release!()
      expect(fs.existsSync(lock)).toBe(false)
      expect(takeServeLock(lock)).toBeDefined()
    } finally {
      other.kill("SIGKILL")
    }
  })

  it("takes over a lock whose holder is gone, or whose pid now runs another process (another start time)", () => {
    const gone = lockIn()
    fs.writeFileSync(gone, "999999999:1\n")
    expect(takeServeLock(gone)).toBeDefined()
    const reused = lockIn()
    // This test's own pid, with a start time it never had: a pid reused by another process.
    fs.writeFileSync(reused, `${process.pid}:1\n`)
    expect(takeServeLock(reused, "1:2")).toBeDefined()
    expect(holds(reused, "1:2")).toBe(true)
  })

  it("never follows a planted symlink", () => {
    const lock = lockIn()
    const target = path.join(path.dirname(lock), "elsewhere")
    fs.symlinkSync(target, lock)
    expect(takeServeLock(lock)).toBeUndefined()
    expect(fs.existsSync(target)).toBe(false)
  })
})
