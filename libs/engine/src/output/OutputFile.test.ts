import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { inspectOutputPath, openOutputFile, readRegularFile, UnsafeOutputPath, writeOutputFile } from "./OutputFile.js"

let dir: string
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-output-")))
})
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The reason a write was refused with, or "written". */
const outcome = async (write: Promise<unknown>): Promise<string> => {
  try {
    await write
    return "written"
  } catch (error) {
    if (error instanceof UnsafeOutputPath) return error.reason
    throw error
  }
}

const mkfifo = (file: string) => execFileSync("mkfifo", ["-m", "600", file])

describe("writeOutputFile", () => {
  it("writes a new 0600 file and replaces a regular one, as read back from disk", async () => {
    const file = path.join(dir, "shot.png")
    expect(await writeOutputFile(file, Buffer.from("first, longer"), "replace")).toBe(file)
    expect(fs.readFileSync(file, "utf8")).toBe("first, longer")
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    await writeOutputFile(file, "second", "replace")
    expect(fs.readFileSync(file, "utf8")).toBe("second")
    await writeOutputFile(file, "+third", "append")
    expect(fs.readFileSync(file, "utf8")).toBe("second+third")
    expect(await outcome(writeOutputFile(file, "x", "create"))).toBe("exists")
    expect(fs.readFileSync(file, "utf8")).toBe("second+third")
  })

  it("refuses a symlink at the name, dangling or not, and leaves its target unchanged", async () => {
    const victim = path.join(dir, "victim")
    fs.writeFileSync(victim, "precious")
    const link = path.join(dir, "link.png")
    fs.symlinkSync(victim, link)
    for (const mode of ["replace", "append", "create"] as const) {
      expect(await outcome(writeOutputFile(link, "PNG", mode))).toBe("symlink")
    }
    expect(fs.readFileSync(victim, "utf8")).toBe("precious")
    const dangling = path.join(dir, "dangling.png")
    fs.symlinkSync(path.join(dir, "would-be-created"), dangling)
    expect(await outcome(writeOutputFile(dangling, "PNG", "replace"))).toBe("symlink")
    expect(fs.existsSync(path.join(dir, "would-be-created"))).toBe(false)
  })

  it("refuses a FIFO without waiting for a reader, and with one writes nothing to it", async () => {
    const fifo = path.join(dir, "fifo.png")
    mkfifo(fifo)
    // Bounded by the test's timeout: before, the open blocked until a reader came (forever).
    expect(await outcome(writeOutputFile(fifo, "PNG", "replace"))).toBe("fifo")
    expect(await outcome(writeOutputFile(fifo, "PNG", "append"))).toBe("fifo")
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
    try {
      expect(await outcome(writeOutputFile(fifo, "PNG", "replace"))).toBe("fifo")
      // Opened (its writer end came and went: end of file, or nothing yet), never written to.
      let read = 0
      try {
        read = fs.readSync(reader, Buffer.alloc(16))
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe("EAGAIN")
      }
      expect(read).toBe(0)
    } finally {
      fs.closeSync(reader)
    }
    // Reading one back (the MCP server's image block) does not wait for a writer either.
    expect(await outcome(readRegularFile(fifo))).toBe("fifo")
  }, 10_000)

  it("refuses /proc/self/fd/1, a path through a symlink into /proc, /dev and /sys", async () => {
    expect(await outcome(writeOutputFile("/proc/self/fd/1", "PNG", "replace"))).toBe("system_path")
    const fds = path.join(dir, "fds")
    fs.symlinkSync("/proc/self/fd", fds)
    expect(await outcome(writeOutputFile(path.join(fds, "1"), "PNG", "replace"))).toBe("system_path")
    expect(await outcome(writeOutputFile("/dev/null", "PNG", "replace"))).toBe("system_path")
    expect(await outcome(writeOutputFile("/dev/shm-not-there.png", "PNG", "replace"))).toBe("system_path")
    expect(await outcome(writeOutputFile("/sys/kernel/new.png", "PNG", "replace"))).toBe("system_path")
    expect(await outcome(inspectOutputPath("/proc/self/fd/1", "replace"))).toBe("system_path")
  })

  it("refuses a device node outside /dev (root only can make one) and a socket", async () => {
    if (process.getuid?.() === 0) {
      const device = path.join(dir, "null.png")
      execFileSync("mknod", ["-m", "666", device, "c", "1", "3"])
      expect(await outcome(writeOutputFile(device, "PNG", "replace"))).toBe("device")
    }
    const socketPath = path.join(dir, "sock.png")
    const server = net.createServer().listen(socketPath)
    await new Promise((resolve) => server.once("listening", resolve))
    try {
      expect(await outcome(writeOutputFile(socketPath, "PNG", "replace"))).toBe("socket")
    } finally {
      server.close()
    }
    expect(await outcome(writeOutputFile(dir, "PNG", "replace"))).toBe("directory")
  })

  it("reports a missing folder as the errno, and makes it (0700) when asked", async () => {
    const nested = path.join(dir, "a", "b", "trace.jsonl")
    await expect(writeOutputFile(nested, "x", "append")).rejects.toMatchObject({ code: "ENOENT" })
    const opened = await openOutputFile(nested, "append", { makeFolder: true })
    expect(opened.created).toBe(true)
    await opened.handle.close()
    expect(fs.statSync(path.join(dir, "a", "b")).mode & 0o777).toBe(0o700)
  })
})
