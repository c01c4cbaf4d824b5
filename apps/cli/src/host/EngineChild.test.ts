/**
 * The host's watch on its engine process, against a scripted engine (a small Node program speaking the same IPC
 * messages as EngineProcess.ts): heartbeats passed on, an answer returned, and an engine blocked in a synchronous
 * system call killed once it has been silent for the limit, whatever the call was (sec-files' O_NONBLOCK opens
 * take the FIFO case away from the real engine; this keeps the mechanism tested on its own).
 */
import { describe, expect, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { tempHome } from "../test/binary.js"
import { type EngineChild, startEngineChild } from "./EngineChild.js"
import type { HostRequest } from "./HostProtocol.js"

/** `argv[0]`: "answer" answers after two heartbeats; "block" opens a FIFO nobody will ever open for reading. */
const SCRIPTED_ENGINE = `
const fs = require("node:fs")
process.on("message", (message) => {
  if (message.type === "dispose") process.exit(0)
  if (message.type !== "run") return
  const [what, fifo] = message.request.argv
  if (what === "block") fs.openSync(fifo, "w")
  let beats = 0
  const timer = setInterval(() => {
    process.send({ type: "alive" })
    if (++beats < 2) return
    clearInterval(timer)
    process.send({ type: "result", response: { kind: "result", stdout: "ran " + what + "\\n", stderr: "", exit: 0 } })
  }, 50)
})
process.send({ type: "ready" })
`

const request = (argv: Array<string>): HostRequest => ({ argv, env: {}, cwd: "/", fingerprint: "[]" })

const scriptedEngine = async (wedgedAfterMs: number) => {
  const dir = tempHome("engine-child")
  const module = path.join(dir, "engine.cjs")
  fs.writeFileSync(module, SCRIPTED_ENGINE)
  const exits: Array<string> = []
  const engine = await startEngineChild(module, { env: process.env, wedgedAfterMs, log: () => undefined, onExit: (_engine, why) => void exits.push(why) })
  if (typeof engine === "string") throw new Error(engine)
  return { engine: engine as EngineChild, exits, dir }
}

describe("the host's engine process", () => {
  it("passes heartbeats on and returns the answer; one call at a time", async () => {
    const { engine } = await scriptedEngine(10_000)
    let beats = 0
    const running = engine.run(request(["answer"]), () => void beats++)
    expect(engine.busy()).toBe(true)
    expect(await engine.run(request(["answer"]), () => undefined)).toBeUndefined()
    expect(await running).toEqual({ kind: "result", stdout: "ran answer\n", stderr: "", exit: 0 })
    expect(beats).toBe(2)
    expect(engine.busy()).toBe(false)
    await engine.dispose()
  })

  it("kills an engine blocked in a synchronous open() once it is silent for the limit: the call has no answer", async () => {
    const { engine, exits, dir } = await scriptedEngine(1_000)
    const fifo = path.join(dir, "fifo")
    execFileSync("mkfifo", [fifo])
    expect(await engine.run(request(["block", fifo]), () => undefined)).toBeUndefined()
    expect(exits).toEqual(["SIGKILL"])
    expect(engine.busy()).toBe(false)
  })
})
