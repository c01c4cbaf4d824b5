/**
 * A warm host cannot hold its callers hostage, and its life has no dead ends (issue 23, items 3 and 8), through the
 * built binary and both clients (the Node entry's and the installed command's native one):
 * - a SIGSTOPped host: `timeout 20 agent-desktop status` returns on its own with one valid envelope (read-only:
 *   retry-safe; an action: delivery_uncertain), and a caller's first SIGTERM gives one envelope and exit 143;
 * - a call blocked in a synchronous `open()` of a FIFO stops neither the other calls nor the host, which replaces
 *   its wedged engine and serves again;
 * - 1,000 connections sending 3 MB without a newline leave the host small (its peak memory, from /proc);
 * - a host killed -9 is replaced by the next default call; a state root of any length works;
 * - a request racing the idle shutdown is declined (its caller runs it), never answered INTERNAL.
 */
import { afterAll, afterEach, describe, expect, it } from "@effect/vitest"
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as path from "node:path"
import { type Client, countingNode, envelopeOf, hostEnv, NATIVE, NODE, oneEnvelope, type RunResult, runBinaryAsync, tempHome } from "../test/binary.js"
import { exited, hostFamily, memoryOf, newSession, runnerPids, type ServedHost, sleep, startServe, until } from "../test/warmHost.js"
import { fingerprintOf } from "./HostAddress.js"
import { forwardedEnv } from "./HostProtocol.js"

const CLIENTS: ReadonlyArray<readonly [string, Client]> = [["Node client", NODE], ["native client", NATIVE]]

const started: Array<ServedHost> = []
const serve = async (env: NodeJS.ProcessEnv, args: ReadonlyArray<string> = []) => {
  const host = await startServe(env, args)
  started.push(host)
  return host
}
afterEach(() => {
  for (const host of started.splice(0)) {
    for (const pid of hostFamily(host.pid)) {
      try {
        process.kill(pid, "SIGCONT")
        process.kill(pid, "SIGKILL")
      } catch {
        // Gone already.
      }
    }
  }
})

/**
 * Runs a client under `timeout 20` (coreutils), as the reproduction did (with a SIGKILL 5 s after the
 * SIGTERM: a client that ignores its first SIGTERM would hang timeout(1) itself). Exit 124 or 137: it hung.
 */
const runBounded = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, client: Client): Promise<RunResult> =>
  runBinaryAsync(argv, env, ["timeout", "-k", "5", "20", ...client])
const HUNG = [124, 137]

/** A client started now, with its output collected; `done` resolves at its exit. */
const startClient = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, client: Client) => {
  const child = spawn(client[0], [...client.slice(1), ...argv], { env, stdio: ["ignore", "pipe", "pipe"] })
  let stdout = ""
  let stderr = ""
  child.stdout!.on("data", (chunk) => (stdout += chunk))
  child.stderr!.on("data", (chunk) => (stderr += chunk))
  const done = new Promise<RunResult>((resolve) => child.on("close", (code, signal) => resolve({ exit: code ?? (signal === null ? -1 : 128), stdout, stderr })))
  return { child, done }
}

/** Whichever comes first: the result, or `"hung"` after `ms`. */
const within = <A>(promise: Promise<A>, ms: number): Promise<A | "hung"> =>
  Promise.race([promise, sleep(ms).then(() => "hung" as const)])

describe.each(CLIENTS)("a host that cannot answer, through the %s", (_name, client) => {
  it("SIGSTOPped: `timeout 20 agent-desktop status` returns by itself with one envelope (read-only: retry is safe; an action: delivery_uncertain)", async () => {
    const home = tempHome("life-stopped")
    const env = hostEnv(home)
    const host = await serve(env)
    process.kill(host.pid, "SIGSTOP")
    try {
      const status = await runBounded(["status"], env, client)
      expect(HUNG, `hung until timeout(1) ended it: ${status.stderr}`).not.toContain(status.exit)
      expect(envelopeOf(status)).toMatchObject({
        ok: false, command: "status", error: { code: "TIMEOUT", disposition: { delivery: "not_delivered", retry: "safe" } }
      })
      const click = await runBounded(["click", "@s0abc:e1"], env, client)
      expect(HUNG).not.toContain(click.exit)
      expect(envelopeOf(click)).toMatchObject({
        ok: false, command: "click", error: { code: "TIMEOUT", disposition: { delivery: "delivery_uncertain", retry: "unsafe" } }
      })
      // In the contract version the call asked for, like any envelope.
      const old = await runBounded(["--contract", "2.1", "status"], env, client)
      expect(envelopeOf(old)).toMatchObject({ version: "2.1", ok: false, command: "status" })
    } finally {
      process.kill(host.pid, "SIGCONT")
    }
  }, 90_000)

  it("SIGSTOPped: the first SIGTERM to a waiting caller gives one envelope and exit 143", async () => {
    const home = tempHome("life-sigterm")
    const env = hostEnv(home)
    const host = await serve(env)
    process.kill(host.pid, "SIGSTOP")
    try {
      const waiting = startClient(["click", "@s0abc:e1"], env, client)
      // Past start-up: the request is with the (stopped) host.
      await sleep(1_500)
      waiting.child.kill("SIGTERM")
      const result = await within(waiting.done, 15_000)
      if (result === "hung") waiting.child.kill("SIGKILL")
      expect(result, "the first SIGTERM was ignored").not.toBe("hung")
      const { exit, stdout } = result as RunResult
      expect(exit).toBe(143)
      expect(oneEnvelope(stdout)).toMatchObject({ ok: false, command: "click" })
    } finally {
      process.kill(host.pid, "SIGCONT")
    }
  }, 60_000)

  it("a call blocked in a synchronous open() of a FIFO stops neither the next calls nor the host", async () => {
    const home = tempHome("life-fifo")
    const env = hostEnv(home)
    const host = await serve(env)
    const session = newSession(env, "fifo")
    const fifo = path.join(home, "export.html")
    execFileSync("mkfifo", [fifo])
    const blocked = runBinaryAsync(["--session", session, "trace", "export", "--out", fifo], env, client)
    await sleep(1_500)
    const next = await within(runBinaryAsync(["--session", session, "wait", "1"], env, client), 30_000)
    expect(next, "the next call hung behind the blocked one").not.toBe("hung")
    expect(envelopeOf(next as RunResult)["ok"]).toBe(true)
    // The blocked call itself ends, with one envelope (the host's deadline, or a refusal of the FIFO).
    const first = await within(blocked, 40_000)
    expect(first, "the blocked call never returned").not.toBe("hung")
    oneEnvelope((first as RunResult).stdout)
    // The host lives on and serves calls again (a wedged engine is replaced).
    const served = await until(async () => {
      const result = await runBinaryAsync(["--session", session, "wait", "1"], env, client)
      return envelopeOf(result)["ok"] === true && hostFamily(host.pid).has(runnerPids(env, session, "wait").at(-1)!)
    }, 40_000)
    expect(served, "no later call was served by the host").toBe(true)
    expect(host.process.exitCode).toBe(null)
  }, 120_000)
})

describe("a host's memory", () => {
  it("stays bounded under 1,000 connections sending 3 MB each without a newline, and the host still answers", async () => {
    const home = tempHome("life-flood")
    const env = hostEnv(home)
    const host = await serve(env)
    const payload = Buffer.alloc(3 * 1024 * 1024, 0x61)
    const flood = async () => {
      const sockets: Array<net.Socket> = []
      await Promise.all(Array.from({ length: 1_000 }, () =>
        new Promise<void>((resolve) => {
          const socket = net.createConnection(host.socket)
          sockets.push(socket)
          socket.on("connect", () => socket.write(payload, () => resolve()))
          socket.on("error", () => resolve())
          socket.on("close", () => resolve())
          // A connection the host neither reads to the end nor closes: left after a while.
          setTimeout(resolve, 30_000).unref()
        })))
      for (const socket of sockets) socket.destroy()
    }
    await flood()
    await sleep(1_000)
    const memory = memoryOf(host.pid)
    // Before: 2-2.5 GB, never released.
    expect(memory.peak, `peak ${memory.peak}`).toBeLessThan(512 * 1024 * 1024)
    expect(memory.rss, `rss ${memory.rss}`).toBeLessThan(256 * 1024 * 1024)
    const session = newSession(env, "flood")
    expect(envelopeOf(await runBinaryAsync(["--session", session, "wait", "1"], env))["ok"]).toBe(true)
    expect(hostFamily(host.pid).has(runnerPids(env, session, "wait")[0]!)).toBe(true)
  }, 180_000)
})

/** The pid of a `serve` process for this state root, from /proc (0 when none runs). */
const servePidFor = (home: string): number => Number(fs.readdirSync("/proc").find((entry) => {
  try {
    return /^\d+$/.test(entry) && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes("serve") &&
      fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(`AGENT_DESKTOP_HOME=${home}`)
  } catch {
    return false
  }
}) ?? 0)

describe("a host's life", () => {
  // Hosts the default mode starts in the background are no child of this process: end any a test left.
  const homes: Array<string> = []
  afterAll(() => {
    for (const home of homes) {
      for (let pid = servePidFor(home), tries = 0; pid > 0 && tries < 4; pid = servePidFor(home), tries++) {
        for (const member of hostFamily(pid)) process.kill(member, "SIGKILL")
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
      }
    }
  })

  it("killed -9, its stale socket does not stop the next default call from starting a new host", async () => {
    const home = tempHome("life-stale")
    homes.push(home)
    fs.chmodSync(home, 0o700)
    // A socket standing in for the desktop's display: the default mode starts hosts only where a desktop is named.
    const display = path.join(home, "display.sock")
    const server = net.createServer().listen(display)
    await new Promise((resolve) => server.once("listening", resolve))
    try {
      const env = hostEnv(home, { WAYLAND_DISPLAY: display })
      const old = await serve(env)
      for (const pid of hostFamily(old.pid)) process.kill(pid, "SIGKILL")
      await exited(old.process)
      expect(fs.existsSync(old.socket), "kill -9 leaves the socket").toBe(true)
      const session = newSession(env, "stale")
      // Runs itself (nobody listens on the socket) and starts a host for the next calls.
      expect(envelopeOf(await runBinaryAsync(["--session", session, "wait", "1"], env))["ok"]).toBe(true)
      expect(await until(() => servePidFor(home) > 0, 15_000), "no new host was started").toBe(true)
      const fresh = servePidFor(home)
      expect(fresh).not.toBe(old.pid)
      expect(await until(async () => {
        await runBinaryAsync(["--session", session, "wait", "1"], env, NATIVE)
        return hostFamily(fresh).has(runnerPids(env, session, "wait").at(-1)!)
      }, 20_000), "the new host serves no call").toBe(true)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  }, 90_000)

  it("serves a state root of any length (a socket path under the runtime directory), also started by AGENT_DESKTOP_HOST=auto", async () => {
    let home = tempHome("life-long")
    while (home.length < 120) home = path.join(home, "a-rather-long-directory-name")
    fs.mkdirSync(home, { recursive: true, mode: 0o700 })
    homes.push(home)
    const env = hostEnv(home)
    const host = await serve(env)
    expect(Buffer.byteLength(host.socket)).toBeLessThan(108)
    const session = newSession(env, "long")
    const node = countingNode()
    for (const client of [NODE, NATIVE]) expect(envelopeOf(await runBinaryAsync(["--session", session, "wait", "1"], node.env(env), client))["ok"]).toBe(true)
    expect(node.starts(), "the native client needed Node").toBe(0)
    expect(runnerPids(env, session, "wait").every((pid) => hostFamily(host.pid).has(pid))).toBe(true)
    host.process.kill("SIGTERM")
    expect(await exited(host.process)).toBe(0)

    // auto: starts one and waits for it; the call is served by it.
    const auto = { ...env, AGENT_DESKTOP_HOST: "auto" }
    expect(envelopeOf(await runBinaryAsync(["--session", session, "wait", "2"], auto))["ok"]).toBe(true)
    const pid = servePidFor(home)
    expect(pid).toBeGreaterThan(0)
    expect(hostFamily(pid).has(runnerPids(env, session, "wait").at(-1)!)).toBe(true)
  }, 60_000)

  it("never uses a runtime directory that is not ours alone: a planted or loosened one means no host, each call runs itself", async (context) => {
    const home = tempHome("life-planted")
    // A runtime directory of this test's own (the shared /tmp one is other tests' too).
    const runtime = tempHome("life-runtime")
    fs.chmodSync(runtime, 0o700)
    const env = hostEnv(home, { XDG_RUNTIME_DIR: runtime })
    const host = await serve(env)
    expect(path.dirname(host.socket)).toBe(path.join(runtime, "agent-desktop"))
    const session = newSession(env, "planted")
    const served = (client: Client) => async () => {
      await runBinaryAsync(["--session", session, "wait", "1"], env, client)
      return hostFamily(host.pid).has(runnerPids(env, session, "wait").at(-1)!)
    }
    for (const client of [NODE, NATIVE]) expect(await served(client)()).toBe(true)
    const dir = path.dirname(host.socket)
    fs.chmodSync(dir, 0o755)
    for (const client of [NODE, NATIVE]) expect(await served(client)(), "a loosened directory was used").toBe(false)
    fs.chmodSync(dir, 0o700)
    if (process.getuid?.() !== 0) return context.skip()
    // Another user's directory at our name (as if planted before we ever made it).
    fs.chownSync(dir, 65534, 65534)
    for (const client of [NODE, NATIVE]) expect(await served(client)(), "another user's directory was used").toBe(false)
    fs.chownSync(dir, 0, 0)
    expect(await served(NATIVE)()).toBe(true)
  }, 60_000)

  it("a request arriving while the idle shutdown runs is declined (its caller runs it), never answered INTERNAL", async () => {
    const home = tempHome("life-idle")
    const env = hostEnv(home)
    const host = await serve(env, ["--idle-timeout-ms", "1000"])
    // Connected before the idle timeout, the request sent after it: the shutdown is under way.
    const connection = net.createConnection(host.socket)
    await new Promise((resolve) => connection.once("connect", resolve))
    let received = ""
    connection.on("data", (chunk) => (received += chunk))
    connection.on("error", () => undefined)
    await sleep(2_000)
    const request = { argv: ["session", "list"], env: forwardedEnv(env), cwd: process.cwd(), fingerprint: fingerprintOf(env) }
    connection.write(JSON.stringify(request) + "\n")
    await new Promise((resolve) => connection.once("close", resolve))
    const answers = received.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Record<string, any>)
    const answer = answers.find((message) => message["kind"] !== "alive")
    expect(answer, received).toMatchObject({ kind: "declined" })
    expect(await exited(host.process)).toBe(0)

    // The same race through the clients: calls started around a short idle timeout each print one ok envelope.
    const racing = await serve(env, ["--idle-timeout-ms", "300"])
    const results: Array<Promise<RunResult>> = []
    for (let i = 0; i < 12; i++) {
      results.push(runBinaryAsync(["session", "list"], env, i % 2 === 0 ? NODE : NATIVE))
      await sleep(100)
    }
    for (const result of await Promise.all(results)) expect(envelopeOf(result)["ok"], result.stdout).toBe(true)
    await exited(racing.process)
  }, 60_000)
})
