/**
 * The helper executable KWin authorizes (`build/Release/agent-desktop-kwin`, `native/kwinhelper.c`). KWin grants fake
 * input and ScreenShot2 per executable (/proc/PID/exe against an installed .desktop file's Exec=), and agent-desktop
 * runs on Node: a grant to Node would reach every Node program of the user. So the grant names this small program,
 * which a process starts once and keeps (a warm host's calls all go through one helper, one Wayland connection, one
 * fake-input device): it answers `ready <fake input version>` when it starts, then one answer per request on its
 * stdout. Requests are answered in order; a screenshot's PNG follows its header line.
 */
import { type ChildProcessByStdio, spawn } from "node:child_process"
import { realpathSync } from "node:fs"
import { join } from "node:path"
import type { Readable, Writable } from "node:stream"
import { packageRoot } from "./Addon.js"

export const KWIN_HELPER_NAME = "agent-desktop-kwin"

/** Where the package built the helper (its real path: KWin compares that with Exec=). */
export const kwinHelperPath = (root: string = packageRoot()): string => {
  const built = join(root, "build", "Release", KWIN_HELPER_NAME)
  try {
    return realpathSync(built)
  } catch {
    return built
  }
}

/** A refusal or failure the helper reported (`code` as the addon's: WL_*, DBUS_*, ...) or its end. */
export class KwinHelperError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** For input: how many ops KWin received before the failure (0: nothing was sent). */
    readonly done = 0
  ) {
    super(message)
    this.name = "KwinHelperError"
  }
}

/** Ops of one input batch (see native/kwinhelper.c): keys and buttons by code, absolute motion, wheel notches, pauses. */
export const fakeOp = {
  key: (code: number, down: boolean) => `k${code},${down ? 1 : 0}`,
  button: (code: number, down: boolean) => `b${code},${down ? 1 : 0}`,
  motion: (x: number, y: number) => `m${Math.round(x)},${Math.round(y)}`,
  axis: (axis: 0 | 1, notches: number) => `a${axis},${Math.round(notches)}`,
  pause: (ms: number) => `w${Math.max(0, Math.round(ms))}`
} as const

/** Where fake input goes: the helper, or a test double of it. */
export interface FakeInputDevice {
  send(ops: ReadonlyArray<string>): Promise<void>
}

type Reader = (buffer: Buffer) => number

/** Bytes read before the helper answers a request whose own waits are bounded (5 s each, plus the batch's pauses). */
const REQUEST_SLACK_MS = 20_000

export class KwinHelper implements FakeInputDevice {
  private buffer: Buffer = Buffer.alloc(0)
  private readonly readers: Array<{ read: Reader; fail: (error: Error) => void; timer: NodeJS.Timeout }> = []
  private ended: Error | undefined

  private constructor(
    private readonly child: ChildProcessByStdio<Writable, Readable, null>,
    readonly path: string
  ) {
    child.stdout.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
      this.pump()
    })
    const end = (why: string) => {
      this.ended ??= new KwinHelperError("WL_CONNECTION_LOST", `the KWin helper (${path}) ${why}`)
      for (const reader of this.readers.splice(0)) {
        clearTimeout(reader.timer)
        reader.fail(this.ended)
      }
    }
    child.on("exit", (code, signal) => end(signal ? `was ended by ${signal}` : `exited with ${code}`))
    child.on("error", (error) => end(`could not run: ${error.message}`))
    child.stdin.on("error", () => undefined)
    // An idle helper keeps no process alive: it ends with its parent (its stdin closes).
    child.unref()
    this.idle()
  }

  /** Starts the helper for the session in `env`; resolves when it is connected, with the fake-input version KWin offered it (0: none). */
  static async start(path: string = kwinHelperPath(), env: NodeJS.ProcessEnv = process.env): Promise<{ readonly helper: KwinHelper; readonly fakeInput: number }> {
    const child = spawn(path, [], { stdio: ["pipe", "pipe", "inherit"], env })
    const helper = new KwinHelper(child, path)
    const line = await helper.request(undefined, helper.line())
    const [tag, ...rest] = line.split("\t")
    if (tag === "ready") return { helper, fakeInput: Number(rest[0] ?? 0) }
    helper.close()
    throw new KwinHelperError(rest[0] ?? "WL_CONNECT_FAILED", rest.slice(1).join(" ") || line)
  }

  get alive(): boolean {
    return this.ended === undefined
  }

  /** Sends one batch of ops and waits until KWin has read them all. */
  async send(ops: ReadonlyArray<string>): Promise<void> {
    if (ops.length === 0) return
    const pauses = ops.reduce((sum, op) => sum + (op.startsWith("w") ? Number(op.slice(1)) : 0), 0)
    const line = await this.request(`input\t${ops.join(" ")}\n`, this.line(), pauses)
    if (line === "ok") return
    const [, code = "WL_PROTOCOL_ERROR", done = "0", ...message] = line.split("\t")
    throw new KwinHelperError(code, message.join(" "), Number(done))
  }

  /** KWin's ScreenShot2 capture of a global logical region, made by the helper on its own session-bus connection. */
  async screenshot(socket: { readonly path: string; readonly abstract: boolean }, x: number, y: number, width: number, height: number): Promise<{ readonly width: number; readonly height: number; readonly png: Buffer }> {
    let answer: { readonly header: ReadonlyArray<string>; readonly png?: Buffer } | undefined
    await this.request(`shot\t${socket.path}\t${socket.abstract ? 1 : 0}\t${Math.round(x)}\t${Math.round(y)}\t${Math.round(width)}\t${Math.round(height)}\n`, (buffer) => {
      const end = buffer.indexOf(10)
      if (end < 0) return -1
      const header = buffer.subarray(0, end).toString("utf8").split("\t")
      if (header[0] !== "png") {
        answer = { header }
        return end + 1
      }
      const size = Number(header[3])
      if (buffer.length < end + 1 + size) return -1
      answer = { header, png: Buffer.from(buffer.subarray(end + 1, end + 1 + size)) }
      return end + 1 + size
    })
    const { header, png } = answer!
    if (png === undefined) throw new KwinHelperError(header[1] ?? "DBUS_ERROR", header.slice(2).join(" "))
    return { width: Number(header[1]), height: Number(header[2]), png }
  }

  close(): void {
    this.ended ??= new KwinHelperError("WL_CONNECTION_LOST", "the KWin helper was closed")
    this.child.stdin.end()
    this.child.kill()
  }

  /** A reader of one answer line (without its newline). */
  private line(): Reader & { value?: string } {
    const reader: Reader & { value?: string } = (buffer) => {
      const end = buffer.indexOf(10)
      if (end < 0) return -1
      reader.value = buffer.subarray(0, end).toString("utf8")
      return end + 1
    }
    return reader
  }

  private request(text: string | undefined, read: Reader & { value?: string }, extraMs = 0): Promise<string> {
    if (this.ended) return Promise.reject(this.ended)
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.ended ??= new KwinHelperError("WL_TIMEOUT", `the KWin helper did not answer within ${REQUEST_SLACK_MS + extraMs} ms`)
        this.child.kill()
      }, REQUEST_SLACK_MS + extraMs)
      this.readers.push({
        read: (buffer) => {
          const used = read(buffer)
          if (used >= 0) {
            clearTimeout(timer)
            resolve(read.value ?? "")
          }
          return used
        },
        fail: reject,
        timer
      })
      this.busy()
      if (text !== undefined) this.child.stdin.write(text)
    })
  }

  private pump(): void {
    while (this.readers.length > 0) {
      const used = this.readers[0]!.read(this.buffer)
      if (used < 0) return
      this.readers.shift()
      this.buffer = this.buffer.subarray(used)
      if (this.readers.length === 0) this.idle()
    }
  }

  /** While an answer is awaited the pipes keep the process alive; idle, they do not. */
  private busy(): void {
    ;(this.child.stdout as unknown as { ref?: () => void }).ref?.()
    ;(this.child.stdin as unknown as { ref?: () => void }).ref?.()
  }

  private idle(): void {
    ;(this.child.stdout as unknown as { unref?: () => void }).unref?.()
    ;(this.child.stdin as unknown as { unref?: () => void }).unref?.()
  }
}
