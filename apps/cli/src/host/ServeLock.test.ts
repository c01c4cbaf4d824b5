import { describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { takeServeLock } from "./ServeLock.js"

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "ad-serve-lock-"))

describe("the one-host-per-state-root lock", () => {
  it("is taken once; a second taker is refused while the holder is a live host; released, it can be taken again", async () => {
    const d = dir()
    // A live process whose command line says serve, standing in for a running host.
    const host = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)", "serve"], { stdio: "ignore" })
    try {
      await new Promise((resolve) => host.once("spawn", resolve))
      const release = takeServeLock(d, host.pid!)
      expect(release).toBeDefined()
      expect(fs.readFileSync(path.join(d, "serve.lock"), "utf8")).toBe(`${host.pid}\n`)
      expect(takeServeLock(d, process.pid)).toBeUndefined()
      release!()
      expect(fs.existsSync(path.join(d, "serve.lock"))).toBe(false)
      expect(takeServeLock(d, process.pid)).toBeDefined()
    } finally {
      host.kill("SIGKILL")
    }
  })

  it("takes over a lock whose holder is gone or is not a host", () => {
    const d = dir()
    fs.writeFileSync(path.join(d, "serve.lock"), "999999999\n")
    expect(takeServeLock(d, process.pid)).toBeDefined()
    const other = dir()
    // This test process is a live pid, but not an agent-desktop serve.
    fs.writeFileSync(path.join(other, "serve.lock"), `${process.ppid}\n`)
    expect(takeServeLock(other, process.pid)).toBeDefined()
  })
})
