import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { type StdoutSink, writeStdout } from "./writeStdout.js"

/** A sink that writes fd 1's bytes to `fd` instead, at most `chunk` bytes per call. */
const fileSink = (fd: number, chunk = Infinity): StdoutSink => ({
  writeSync: (_fd, data, offset) => fs.writeSync(fd, data, offset, Math.min(chunk, data.length - offset)),
  writeStream: () => {
    throw new Error("no stream fallback expected")
  }
})

const outcome = (text: string, sink: StdoutSink) =>
  new Promise<Error | undefined>((resolve) => writeStdout(text, resolve, sink))

describe("writeStdout", () => {
  it("writes the whole text, also when the descriptor takes it in pieces", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ad-stdout-")), "out")
    const fd = fs.openSync(file, "w")
    const text = `{"ok":true,"data":"${"ü".repeat(5000)}"}\n`
    expect(await outcome(text, fileSink(fd, 7))).toBeUndefined()
    fs.closeSync(fd)
    expect(fs.readFileSync(file, "utf8")).toBe(text)
  })

  it("reports a full disk (/dev/full) as an error", async () => {
    const fd = fs.openSync("/dev/full", "w")
    const error = await outcome("{}\n", fileSink(fd))
    fs.closeSync(fd)
    expect((error as NodeJS.ErrnoException | undefined)?.code).toBe("ENOSPC")
  })

  it("reports a reader that went away (EPIPE) as an error", async () => {
    const [readEnd, writeEnd] = pipe()
    fs.closeSync(readEnd)
    const error = await outcome("{}\n", fileSink(writeEnd))
    fs.closeSync(writeEnd)
    expect((error as NodeJS.ErrnoException | undefined)?.code).toBe("EPIPE")
  })

  it("hands the rest to the stream when a non-blocking descriptor is full (EAGAIN), and finishes once", async () => {
    const written: Array<string> = []
    let calls = 0
    const sink: StdoutSink = {
      writeSync: (_fd, data, offset) => {
        if (calls++ === 0) {
          written.push(Buffer.from(data.subarray(offset, offset + 4)).toString())
          return 4
        }
        throw Object.assign(new Error("EAGAIN: resource temporarily unavailable, write"), { code: "EAGAIN" })
      },
      writeStream: (data, done) => {
        written.push(Buffer.from(data).toString())
        done(null)
        done(null)
      }
    }
    const results: Array<Error | undefined> = []
    await new Promise<void>((resolve) => writeStdout("0123456789\n", (error) => {
      results.push(error)
      resolve()
    }, sink))
    expect(written.join("")).toBe("0123456789\n")
    expect(results).toEqual([undefined])
  })
})

/** A real pipe's two descriptors (a FIFO in a temp directory). */
const pipe = (): [number, number] => {
  const fifo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ad-fifo-")), "p")
  if (spawnSync("mkfifo", [fifo]).status !== 0) throw new Error("mkfifo failed")
  const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  const writeEnd = fs.openSync(fifo, fs.constants.O_WRONLY)
  return [readEnd, writeEnd]
}
