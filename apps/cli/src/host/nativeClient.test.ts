/**
 * The native host client (native/hostClient.c, run by bin/agent-desktop) against a scripted host on the trusted
 * socket: it must send the request the Node client sends (argv, forwarded environment, working directory, binding
 * fingerprint, escaped exactly as JSON.stringify does) and print exactly what the Node client prints for every
 * answer: a result (any text, an exit code, fields it does not know), a refusal, garbage, a connection closed
 * mid-request, and a signal (alone, then a refusal, then a lost host); stdout that is a non-blocking pipe; a
 * handoff variable inherited from elsewhere.
 */
import { afterEach, describe, expect, it } from "@effect/vitest"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as path from "node:path"
import { BIN, type Client, envelopeOf, hostEnv, countingNode, LAUNCHER, NATIVE, NATIVE_CLIENT, NODE, oneEnvelope, runBinary, tempHome } from "../test/binary.js"
import { HANDOFF_VARIABLE } from "./Handoff.js"
import { fingerprintOf, hostSocketPath } from "./HostAddress.js"
import { GLOBAL_FLAGS } from "@agent-desktop/contracts/commands"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { ABORT_GRACE_MS, CONNECT_MS, FIRST_BYTE_MS, forwardedEnv, type HostRequest, SILENCE_MS } from "./HostProtocol.js"
import { MAX_RUNTIME_BASE } from "./RuntimeDirectory.js"

interface Run {
  readonly exit: number | null
  readonly stdout: Buffer
  readonly stderr: Buffer
}

/** A host that records each request line and answers with `answer(request, lines)` (undefined: hang up). */
const scriptedHost = async (home: string, answer: (request: HostRequest, connection: net.Socket) => void, env: NodeJS.ProcessEnv = hostEnv(home)) => {
  const dir = path.join(home, "host")
  fs.mkdirSync(dir, { mode: 0o700 })
  const requests: Array<HostRequest> = []
  const extraLines: Array<string> = []
  const server = net.createServer((connection) => {
    let buffer = ""
    let seen = false
    connection.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        if (seen) {
          extraLines.push(line)
          continue
        }
        seen = true
        const request = JSON.parse(line) as HostRequest
        requests.push(request)
        answer(request, connection)
      }
    })
    connection.on("error", () => undefined)
  })
  const socket = hostSocketPath(env, true)!
  await new Promise<void>((resolve) => server.listen(socket, () => resolve()))
  fs.chmodSync(socket, 0o600)
  servers.push(server)
  return { requests, extraLines }
}

const servers: Array<net.Server> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

const run = (client: Client, argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, onSpawn?: (pid: number) => void) =>
  new Promise<Run>((resolve, reject) => {
    const child = spawn(client[0], [...client.slice(1), ...argv], { env })
    const stdout: Array<Buffer> = []
    const stderr: Array<Buffer> = []
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk))
    child.on("error", reject)
    child.on("spawn", () => onSpawn?.(child.pid!))
    child.on("close", (code) => resolve({ exit: code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) }))
  })

/** A spawn hook: SIGINT to the client as soon as the scripted host holds its request (a connection in `pending`). */
const interruptOnceHeld = (pending: Array<net.Socket>) => (pid: number) => {
  const poll = setInterval(() => {
    if (pending.length === 0) return
    clearInterval(poll)
    pending.splice(0)
    process.kill(pid, "SIGINT")
  }, 20)
}

const TRICKY = "quote\" back\\slash\ttab\nline \u0001\u001f\u007f é 日本 😀 \u2028\u2029 </script>"

describe("the native host client", () => {
  it("was built (scripts/build-host-client.mjs) and is what the installed command runs", () => {
    expect(fs.statSync(NATIVE_CLIENT).mode & 0o111).not.toBe(0)
  })

  it("sends the request the Node client sends and prints the answer byte for byte", async () => {
    const home = tempHome("native-same")
    const answer = { kind: "result", stdout: `out ${TRICKY} \ud800 lone \udc00 and a pair \ud83d\ude00\n`, stderr: `err ✓ ${TRICKY}\n`, exit: 3 }
    const env = hostEnv(home, { AGENT_DESKTOP_CONTRACT: "2.4", AGENT_DESKTOP_X: TRICKY, DISPLAY: ":7\"", XDG_SESSION_TYPE: "" })
    const host = await scriptedHost(home, (_request, connection) => connection.end(JSON.stringify(answer) + "\n"), env)
    const argv = ["find", "--name", TRICKY, "--role", "", "@s0abc:e1"]
    const viaNode = await run(NODE, argv, env)
    // The compiled client itself, as an installed package runs it (the source checkout's bin/agent-desktop is a shell
    // script in front of it, which exports PWD into the environment both clients forward).
    const viaNative = await run([NATIVE_CLIENT], argv, env)
    expect(host.requests).toHaveLength(2)
    expect(host.requests[1]).toEqual(host.requests[0])
    expect(host.requests[1]).toEqual({ argv, env: forwardedEnv(env), cwd: process.cwd(), fingerprint: fingerprintOf(env) })
    expect(viaNative.stdout.equals(viaNode.stdout)).toBe(true)
    expect(viaNative.stderr.equals(viaNode.stderr)).toBe(true)
    expect(viaNative.stdout.toString("utf8")).toBe(`out ${TRICKY} \ufffd lone \ufffd and a pair 😀\n`)
    expect([viaNative.exit, viaNode.exit]).toEqual([3, 3])
  })

  it("runs the command itself when the host declines (another desktop), as the Node client does", async () => {
    const home = tempHome("native-declined")
    const host = await scriptedHost(home, (_request, connection) => connection.end(JSON.stringify({ kind: "declined", reason: "another desktop or state root" }) + "\n"))
    const env = hostEnv(home)
    const local = runBinary(["click", "@s0abc:e1"], { ...env, AGENT_DESKTOP_HOST: "off" })
    const viaNative = await run(NATIVE, ["click", "@s0abc:e1"], env)
    // Asked once: the Node entry it hands the call to does not ask the host again.
    expect(host.requests).toHaveLength(1)
    expect(viaNative.stdout.toString("utf8")).toBe(local.stdout)
    expect(viaNative.exit).toBe(1)
  })

  for (const [label, respond] of [
    ["an unreadable answer", (connection: net.Socket) => connection.end("{\"kind\":\"result\",\"stdout\":\"x\n")],
    ["a connection closed without an answer", (connection: net.Socket) => connection.end()]
  ] as const) {
    it(`reports ${label} after the request as delivery unknown (read-only: not delivered), with the Node client's envelope`, async () => {
      const home = tempHome("native-lost")
      await scriptedHost(home, (_request, connection) => respond(connection))
      const env = hostEnv(home)
      for (const [argv, delivery] of [[["click", "@s0abc:e1"], "unknown"], [["wait", "5"], "not_delivered"]] as const) {
        const viaNode = await run(NODE, argv, env)
        const viaNative = await run(NATIVE, argv, env)
        expect(viaNative.stdout.toString("utf8")).toBe(viaNode.stdout.toString("utf8"))
        expect(oneEnvelope(viaNative.stdout.toString("utf8"))).toMatchObject({ ok: false, error: { code: "INTERNAL", disposition: { delivery } } })
        expect([viaNative.exit, viaNode.exit]).toEqual([1, 1])
      }
    })
  }

  it("passes SIGINT on as an abort line, prints the host's answer and exits 130", async () => {
    const home = tempHome("native-signal")
    const pending: Array<net.Socket> = []
    const host = await scriptedHost(home, (_request, connection) => {
      pending.push(connection)
      connection.on("data", (chunk) => {
        if (chunk.toString("utf8").includes("abort")) connection.end(JSON.stringify({ kind: "result", stdout: "aborted\n", stderr: "", exit: 1 }) + "\n")
      })
    })
    const env = hostEnv(home)
    for (const client of [NODE, NATIVE]) {
      const result = await run(client, ["wait", "60000"], env, interruptOnceHeld(pending))
      expect(result.stdout.toString("utf8")).toBe("aborted\n")
      expect(result.exit).toBe(130)
    }
    expect(host.extraLines).toEqual(['{"abort":"SIGINT"}', '{"abort":"SIGINT"}'])
  })

  it("ignores answer fields it does not know, as the Node client does", async () => {
    const home = tempHome("native-extra")
    const answer = `{"kind":"result","stdout":"out\\n","durationMs":3.5e0,"meta":{"a":[1,true,null,{"b":"}"}]},"stderr":"","exit":4,"late":false}\n`
    await scriptedHost(home, (_request, connection) => connection.end(answer))
    const node = countingNode()
    const env = node.env(hostEnv(home))
    for (const client of [NODE, NATIVE]) {
      const result = await run(client, ["wait", "5"], env)
      expect(result.stdout.toString("utf8")).toBe("out\n")
      expect(result.exit).toBe(4)
    }
    expect(node.starts()).toBe(0)
  })

  for (const [label, after] of [["refuses the call", "declined"], ["goes away", "lost"]] as const) {
    it(`after SIGINT, a host that then ${label}: the same envelope and exit 130 from both clients`, async () => {
      const home = tempHome("native-signal-then")
      const pending: Array<net.Socket> = []
      await scriptedHost(home, (_request, connection) => {
        pending.push(connection)
        connection.on("data", (chunk) => {
          if (!chunk.toString("utf8").includes("abort")) return
          if (after === "declined") connection.end(JSON.stringify({ kind: "declined", reason: "another desktop or state root" }) + "\n")
          else connection.destroy()
        })
      })
      const env = hostEnv(home)
      const outputs: Array<string> = []
      for (const client of [NODE, NATIVE]) {
        const result = await run(client, ["wait", "60000"], env, interruptOnceHeld(pending))
        expect(result.exit).toBe(130)
        outputs.push(result.stdout.toString("utf8"))
      }
      const envelope = JSON.parse(outputs[1]!)
      // `wait` is read-only (the command spec): a lost host leaves nothing that a retry could do twice.
      expect(envelope).toMatchObject(after === "lost"
        ? { ok: false, error: { code: "INTERNAL", disposition: { delivery: "not_delivered" } } }
        : { ok: false, command: "wait", error: { disposition: { delivery: "not_delivered" } } })
      expect(outputs[1]).toBe(outputs[0])
    })
  }

  it("ignores a handoff variable it did not make (an inherited one): the call runs as usual", async () => {
    const home = tempHome("native-inherited")
    const env = hostEnv(home, { [HANDOFF_VARIABLE]: "1;SIGINT;lost;planted" })
    const local = runBinary(["click", "@s0abc:e1"], hostEnv(home, { AGENT_DESKTOP_HOST: "off" }))
    for (const client of [NODE, NATIVE]) {
      const result = await run(client, ["click", "@s0abc:e1"], env)
      expect(result.stdout.toString("utf8")).toBe(local.stdout)
      expect(JSON.parse(local.stdout)).toMatchObject({ error: { code: "SNAPSHOT_NOT_FOUND" } })
    }
  })

  it("writes a large answer whole to a non-blocking stdout pipe that is read slowly", async () => {
    const home = tempHome("native-nonblocking")
    const big = "x".repeat(4 * 1024 * 1024) + "\n"
    await scriptedHost(home, (_request, connection) => connection.end(JSON.stringify({ kind: "result", stdout: big, stderr: "", exit: 0 }) + "\n"))
    // Python gives the client a pipe whose write end is O_NONBLOCK (as a Node parent's can be), then reads it late.
    const reader = [
      "import os, subprocess, sys, time",
      "r, w = os.pipe(); os.set_blocking(w, False)",
      "p = subprocess.Popen(sys.argv[1:], stdout=w); os.close(w); time.sleep(0.5)",
      "n = 0",
      "while True:",
      "    chunk = os.read(r, 1 << 20)",
      "    if not chunk: break",
      "    n += len(chunk)",
      "print(n, p.wait())"
    ].join("\n")
    const result = await run(["python3", "-c", reader, ...NATIVE], ["screenshot"], hostEnv(home))
    expect(result.stdout.toString("utf8").trim()).toBe(`${big.length} 0`)
  })

  it("keeps the rules it shares with the TypeScript side: deadlines, runtime directory, contract version, global value flags", () => {
    const source = fs.readFileSync(path.join(path.dirname(LAUNCHER), "..", "native", "hostClient.c"), "utf8")
    const define = (name: string) => new RegExp(`#define ${name} (\\S+)`).exec(source)?.[1]
    expect(define("CONNECT_MS")).toBe(String(CONNECT_MS))
    expect(define("FIRST_BYTE_MS")).toBe(String(FIRST_BYTE_MS))
    expect(define("SILENCE_MS")).toBe(String(SILENCE_MS))
    expect(define("ABORT_GRACE_MS")).toBe(String(ABORT_GRACE_MS))
    expect(define("MAX_RUNTIME_BASE")).toBe(String(MAX_RUNTIME_BASE))
    expect(define("CONTRACT_VERSION")).toBe(JSON.stringify(LATEST_CONTRACT_VERSION))
    const listed = /GLOBAL_VALUE_FLAGS\[\] = \{([^}]*)\}/.exec(source)![1]!.match(/"[^"]+"/g)!.map((text) => JSON.parse(text) as string)
    const spec = Object.entries(GLOBAL_FLAGS).filter(([, flag]) => flag.syntax === "value")
      .flatMap(([name, flag]) => [`--${name}`, ...(flag.short === undefined ? [] : [`-${flag.short}`])])
    expect([...listed].sort()).toEqual([...spec].sort())
  })

  it("skips the host's heartbeats and prints its answer, as the Node client does", async () => {
    const home = tempHome("native-progress")
    await scriptedHost(home, (_request, connection) => {
      connection.write('{"kind":"alive"}\n{"kind":"alive"}\n')
      setTimeout(() => connection.write('{"kind":"alive"}\n{"kind":"result","stdout":"done\\n",'), 200)
      setTimeout(() => connection.end('"stderr":"","exit":0}\n'), 400)
    })
    for (const client of [NODE, NATIVE]) {
      const result = await run(client, ["wait", "5"], hostEnv(home))
      expect(result.stdout.toString("utf8")).toBe("done\n")
      expect(result.exit).toBe(0)
    }
  })

  for (const [label, behave, reason] of [
    ["never replies to the request", (_connection: net.Socket) => undefined, `no reply within ${FIRST_BYTE_MS} ms`],
    ["sends a heartbeat and then goes silent", (connection: net.Socket) => void connection.write('{"kind":"alive"}\n'), `silent for ${SILENCE_MS} ms`]
  ] as const) {
    it(`a host that ${label}: the same TIMEOUT envelope from both clients, bounded, never run again here`, async () => {
      const home = tempHome("native-silent")
      const host = await scriptedHost(home, (_request, connection) => behave(connection))
      const env = hostEnv(home)
      const outputs: Array<string> = []
      for (const client of [NODE, NATIVE]) {
        const result = await run(client, ["click", "@s0abc:e1"], env)
        expect(result.exit).toBe(1)
        outputs.push(result.stdout.toString("utf8"))
      }
      expect(outputs[1]).toBe(outputs[0])
      expect(oneEnvelope(outputs[0]!)).toMatchObject({
        ok: false, command: "click", error: { code: "TIMEOUT", disposition: { delivery: "delivery_uncertain", retry: "unsafe" } }
      })
      expect(JSON.parse(outputs[0]!).error.message).toContain(reason)
      expect(host.requests).toHaveLength(2)
    }, 60_000)
  }

  it("SIGTERM while a silent host holds the request: one envelope and exit 143 from both clients", async () => {
    const home = tempHome("native-silent-term")
    const pending: Array<net.Socket> = []
    const host = await scriptedHost(home, (_request, connection) => void pending.push(connection))
    for (const client of [NODE, NATIVE]) {
      const result = await run(client, ["click", "@s0abc:e1"], hostEnv(home), (pid) => {
        const poll = setInterval(() => {
          if (pending.length === 0) return
          clearInterval(poll)
          pending.splice(0)
          process.kill(pid, "SIGTERM")
        }, 20)
      })
      expect(result.exit).toBe(143)
      expect(oneEnvelope(result.stdout.toString("utf8"))).toMatchObject({ ok: false, command: "click", error: { code: "TIMEOUT" } })
    }
    expect(host.extraLines).toEqual(['{"abort":"SIGTERM"}', '{"abort":"SIGTERM"}'])
  }, 60_000)

  it("prints one envelope when Node cannot be started: arguments and environment just under the system's limit", () => {
    const home = tempHome("native-e2big")
    const base = hostEnv(home, { AGENT_DESKTOP_HOST: "off" })
    // Just a short argv[0]: the client's own exec then fits where Node's (its path, the entry's) does not.
    const withPadding = (bytes: number) => {
      const env: NodeJS.ProcessEnv = { ...base }
      for (let i = 0; bytes > 0; i++, bytes -= 100_000) env[`PAD${i}`] = "x".repeat(Math.min(bytes, 100_000))
      return env
    }
    const attempt = (bytes: number) => spawnSync(NATIVE_CLIENT, ["version"], { env: withPadding(bytes), argv0: "a", encoding: "utf8", maxBuffer: 1 << 20 })
    const starts = (bytes: number) => (attempt(bytes).error as NodeJS.ErrnoException | undefined)?.code !== "E2BIG"
    let low = 0
    let high = 16 * 1024 * 1024
    expect(starts(low)).toBe(true)
    expect(starts(high)).toBe(false)
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (starts(middle)) low = middle
      else high = middle
    }
    const result = attempt(low)
    const envelope = envelopeOf({ exit: result.status ?? -1, stdout: result.stdout, stderr: result.stderr })
    expect(envelope).toMatchObject({ ok: false, command: "version", error: { code: "INVALID_ARGS", disposition: { delivery: "not_delivered" } } })
    expect(result.stderr).toContain("Argument list too long")
  }, 120_000)

  it("refuses a stdout closed at start (`agent-desktop version >&-`): non-zero, the reason on stderr; the shell launcher too", () => {
    // The shell launcher without a client beside it (a package whose client was not compiled).
    const pkg = tempHome("native-closed")
    fs.mkdirSync(path.join(pkg, "bin"))
    fs.copyFileSync(LAUNCHER, path.join(pkg, "bin", "agent-desktop"))
    fs.chmodSync(path.join(pkg, "bin", "agent-desktop"), 0o755)
    fs.symlinkSync(BIN, path.join(pkg, "bin", "agent-desktop.js"))
    for (const command of [NATIVE_CLIENT, path.join(pkg, "bin", "agent-desktop")]) {
      const closed = spawnSync("sh", ["-c", '"$0" version >&-', command], { encoding: "utf8" })
      expect(closed.status, command).toBe(1)
      expect(closed.stderr).toContain("stdout is closed")
      const open = spawnSync(command, ["version"], { encoding: "utf8" })
      expect(open.status).toBe(0)
      expect(oneEnvelope(open.stdout)).toMatchObject({ ok: true, command: "version" })
    }
  })
})
