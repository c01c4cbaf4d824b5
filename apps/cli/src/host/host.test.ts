/**
 * The warm host through the built binary: the same bytes as in-process, which process ran each invocation (the
 * trace's command.start carries the pid), refusals of planted sockets and foreign desktops, idle exit, signals,
 * auto-start, and a host that dies mid-request. Each case runs through both clients: the Node entry's
 * (HostClient.ts) and the native one the installed command runs first (bin/agent-desktop, native/hostClient.c).
 */
import { afterAll, afterEach, describe, expect, it } from "@effect/vitest"
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as path from "node:path"
import { BIN, type Client, hostEnv, countingNode, envelopeOf, hostSocketIn, NATIVE, NODE, runBinary, runBinaryAsync, tempHome } from "../test/binary.js"
import { enginePidOf, hostFamily } from "../test/warmHost.js"

const hosts: Array<ChildProcess> = []
afterEach(() => {
  for (const host of hosts.splice(0)) {
    for (const pid of hostFamily(host.pid!)) {
      try {
        process.kill(pid, "SIGKILL")
      } catch {
        // Gone already.
      }
    }
  }
})

/** Whether `pid` is one of the host's processes (the host or its engine process: EngineProcess.ts). */
const ranIn = (host: ChildProcess | number, pid: number | undefined): boolean =>
  pid !== undefined && hostFamily(typeof host === "number" ? host : host.pid!).has(pid)

const socketOf = hostSocketIn

const serve = async (env: NodeJS.ProcessEnv, args: Array<string> = []) => {
  const host = spawn(process.execPath, [BIN, "serve", ...args], { env, stdio: ["ignore", "ignore", "pipe"] })
  hosts.push(host)
  for (let i = 0; i < 250 && !fs.existsSync(socketOf(env)); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(fs.existsSync(socketOf(env))).toBe(true)
  return host
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on("exit", (code) => resolve(code))))

/** The pid that ran the last invocation of `command`, from the trace of a session. */
const runnerPids = (env: NodeJS.ProcessEnv, session: string, command: string): Array<number> => {
  const events = envelopeOf(runBinary(["trace", "show", "--session", session], { ...env, AGENT_DESKTOP_HOST: "off" }))["data"]["events"] as Array<Record<string, any>>
  return events.filter((event) => event["event"] === "command.start" && event["command"] === command).map((event) => event["pid"] as number)
}

const CASES: ReadonlyArray<ReadonlyArray<string>> = [
  ["click", "@s0abc:e1"],
  ["--contract", "2.1", "click", "@s0abc:e1"],
  ["click"],
  ["frobnicate"],
  ["click", "@e1"],
  ["session", "list"],
  ["skills", "get", "agent-desktop"],
  ["--contract", "2.3", "skills", "list"],
  ["wait", "10"],
  ["get", "@s0abc:e1", "--property", "nope"]
]

const CLIENTS: ReadonlyArray<readonly [string, Client]> = [["Node client", NODE], ["native client", NATIVE]]

describe.each(CLIENTS)("agent-desktop serve (warm host) through the %s", (_name, client) => {
  it("answers every case with the bytes and exit code of an in-process run, and really runs them in the host", async () => {
    const home = tempHome("host-same")
    const env = hostEnv(home)
    const host = await serve(env)
    const mode = fs.statSync(socketOf(env)).mode & 0o777
    expect(mode).toBe(0o600)
    expect(fs.statSync(path.join(home, "host")).mode & 0o777).toBe(0o700)
    const node = countingNode()
    for (const argv of CASES) {
      const local = runBinary(argv, { ...env, AGENT_DESKTOP_HOST: "off" })
      const viaHost = runBinary(argv, node.env(env), client)
      expect(viaHost.stdout, argv.join(" ")).toBe(local.stdout)
      expect(viaHost.exit, argv.join(" ")).toBe(local.exit)
    }
    // The native client served every case without starting Node.
    if (client === NATIVE) expect(node.starts()).toBe(0)
    const session = envelopeOf(runBinary(["session", "start", "--name", "host"], env, client))["data"]["session_id"] as string
    runBinary(["--session", session, "wait", "1"], env, client)
    runBinary(["--session", session, "wait", "2"], { ...env, AGENT_DESKTOP_HOST: "off" })
    const pids = runnerPids(env, session, "wait")
    expect(ranIn(host, pids[0])).toBe(true)
    expect(ranIn(host, pids[1])).toBe(false)
  })

  it("runs a -v call in its own process, so its debug log reaches the caller's stderr", async () => {
    const home = tempHome("host-verbose")
    const env = hostEnv(home)
    await serve(env)
    const session = envelopeOf(runBinary(["session", "start", "--name", "verbose"], env))["data"]["session_id"] as string
    const verbose = runBinary(["-v", "--session", session, "wait", "1"], env, client)
    expect(verbose.stderr).toContain("agent-desktop: wait")
    expect(runnerPids(env, session, "wait").every((pid) => !ranIn(hosts.at(-1)!, pid))).toBe(true)
  })

  it("runs a request from another desktop in-process (not through this desktop's host) and ignores a socket that is not ours", async () => {
    const home = tempHome("host-foreign")
    const env = hostEnv(home)
    const host = await serve(env)
    const session = envelopeOf(runBinary(["session", "start", "--name", "x"], env))["data"]["session_id"] as string
    const node = countingNode()
    expect(envelopeOf(runBinary(["--session", session, "wait", "1"], node.env({ ...env, DISPLAY: ":4242" }), client))["ok"]).toBe(true)
    expect(ranIn(host, runnerPids(env, session, "wait")[0])).toBe(false)
    if (client === NATIVE) expect(node.starts()).toBe(1)
    if (process.getuid?.() === 0) {
      fs.chownSync(socketOf(env), 65534, 65534)
      runBinary(["--session", session, "wait", "2"], env, client)
      expect(ranIn(host, runnerPids(env, session, "wait")[1])).toBe(false)
      fs.chownSync(socketOf(env), 0, 0)
    }
    fs.chmodSync(socketOf(env), 0o666)
    runBinary(["--session", session, "wait", "3"], env, client)
    expect(ranIn(host, runnerPids(env, session, "wait").at(-1))).toBe(false)
  })

  it("exits after its idle timeout and removes its socket; refuses to start twice", async () => {
    const home = tempHome("host-idle")
    const env = hostEnv(home)
    const host = await serve(env, ["--idle-timeout-ms", "1500"])
    const second = spawn(process.execPath, [BIN, "serve"], { env, stdio: "ignore" })
    expect(await exited(second)).toBe(1)
    expect(await exited(host)).toBe(0)
    expect(fs.existsSync(socketOf(env))).toBe(false)
    // With no host, the CLI runs in-process as before.
    expect(envelopeOf(runBinary(["session", "list"], env, client))["ok"]).toBe(true)
  })

  it("passes a signal on: SIGTERM during a wait gives one envelope and exit 143; the host lives on", async () => {
    const home = tempHome("host-signal")
    const env = hostEnv(home)
    const host = await serve(env)
    const waiting = spawn(client[0], [...client.slice(1), "wait", "60000"], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    waiting.stdout!.on("data", (chunk) => (stdout += chunk))
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    waiting.kill("SIGTERM")
    expect(await exited(waiting)).toBe(143)
    const lines = stdout.trim().split("\n")
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: false, command: "wait", error: { disposition: { delivery: "not_delivered" } } })
    expect(host.exitCode).toBe(null)
    expect(envelopeOf(runBinary(["session", "list"], env))["ok"]).toBe(true)
  })

  it("a call that arrives while another runs is declined and runs in its own process: a long wait holds up nothing", async () => {
    const home = tempHome("host-busy")
    const env = hostEnv(home)
    await serve(env)
    const session = envelopeOf(runBinary(["session", "start", "--name", "busy"], { ...env, AGENT_DESKTOP_HOST: "off" }))["data"]["session_id"] as string
    let slowDone = false
    const slow = runBinaryAsync(["--session", session, "wait", "8000"], env, client).then((result) => ((slowDone = true), result))
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    // Asynchronous, so the first call's end would be seen first if the second had waited behind it.
    expect(JSON.parse((await runBinaryAsync(["--session", session, "wait", "1"], env, client)).stdout)["ok"]).toBe(true)
    expect(slowDone, "the second call waited behind the first").toBe(false)
    expect(JSON.parse((await slow).stdout)["ok"]).toBe(true)
    // The long wait ran in the host, the short one in a process of its own.
    expect(new Set(runnerPids(env, session, "wait")).size).toBe(2)
  }, 60_000)

  it("with AGENT_DESKTOP_HOST=auto starts a host when none runs", async () => {
    const home = tempHome("host-auto")
    fs.chmodSync(home, 0o700)
    const env = { ...hostEnv(home), AGENT_DESKTOP_HOST: "auto" }
    expect(envelopeOf(runBinary(["session", "list"], env, client))["ok"]).toBe(true)
    expect(fs.existsSync(socketOf(env))).toBe(true)
    const pid = Number(fs.readdirSync("/proc").find((entry) => {
      try {
        return /^\d+$/.test(entry) && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("serve") &&
          fs.readFileSync(`/proc/${entry}/environ`, "utf8").includes(`AGENT_DESKTOP_HOME=${home}`)
      } catch {
        return false
      }
    }))
    expect(pid).toBeGreaterThan(0)
    process.kill(pid, "SIGTERM")
  })

  it("reports a host that dies mid-request (a read-only wait: not delivered), and never runs the command again here", async () => {
    const home = tempHome("host-dies")
    const env = hostEnv(home)
    const host = await serve(env)
    const session = envelopeOf(runBinary(["session", "start", "--name", "dies"], env))["data"]["session_id"] as string
    const engine = enginePidOf(host.pid!)
    const pending = runBinaryAsync(["--session", session, "wait", "60000"], env, client)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    host.kill("SIGKILL")
    const result = await pending
    expect(result.exit).toBe(1)
    // An action would say `unknown` (nativeClient.test.ts); `wait` is read-only in the command spec.
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: "INTERNAL", disposition: { delivery: "not_delivered", retry: "safe" } } })
    // Run once, by the host's engine (which ends the call when its host is gone), never again here.
    expect(runnerPids(env, session, "wait")).toEqual([engine])
  })
})

/** The pid of the warm host serving this state root, from /proc (0 when none runs). */
const hostPidFor = (home: string): number => Number(fs.readdirSync("/proc").find((entry) => {
  try {
    return /^\d+$/.test(entry) && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes("serve") &&
      fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(`AGENT_DESKTOP_HOME=${home}`)
  } catch {
    return false
  }
}) ?? 0)

const until = async (check: () => boolean, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; !check() && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 50))
  return check()
}

describe("without AGENT_DESKTOP_HOST (the default)", () => {
  // Hosts these tests start in the background are no child of this process: end any a failed assertion left.
  const homes: Array<string> = []
  afterAll(() => {
    for (const home of homes) {
      for (let pid = hostPidFor(home), tries = 0; pid > 0 && tries < 4; pid = hostPidFor(home), tries++) {
        process.kill(pid, "SIGKILL")
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
      }
    }
  })

  it("a call on a desktop runs itself and starts a host for the next calls, which exits once its desktop is gone", async () => {
    const home = tempHome("host-default")
    homes.push(home)
    fs.chmodSync(home, 0o700)
    // A socket standing in for the desktop's display: the host watches it.
    const display = path.join(home, "display.sock")
    const server = net.createServer().listen(display)
    await new Promise((resolve) => server.once("listening", resolve))
    const env = hostEnv(home, { WAYLAND_DISPLAY: display })
    const first = runBinary(["session", "start", "--name", "default"], env)
    const session = envelopeOf(first)["data"]["session_id"] as string
    expect(await until(() => fs.existsSync(socketOf(env)), 15_000)).toBe(true)
    const host = hostPidFor(home)
    expect(host).toBeGreaterThan(0)
    expect(envelopeOf(runBinary(["--session", session, "wait", "1"], env))["ok"]).toBe(true)
    expect(envelopeOf(runBinary(["--session", session, "wait", "2"], env, NATIVE))["ok"]).toBe(true)
    // session start ran in its own process; the two waits in the host.
    expect(runnerPids(env, session, "session").every((pid) => !ranIn(host, pid))).toBe(true)
    const waits = runnerPids(env, session, "wait")
    expect(waits).toHaveLength(2)
    expect(waits.every((pid) => ranIn(host, pid))).toBe(true)

    await new Promise((resolve) => server.close(resolve))
    expect(await until(() => hostPidFor(home) === 0, 15_000)).toBe(true)
    expect(fs.existsSync(socketOf(env))).toBe(false)
    // Started a moment ago: the next call does not start another one at once (at most one start a minute).
    fs.writeFileSync(display, "")
    expect(envelopeOf(runBinary(["session", "list"], env))["ok"]).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(hostPidFor(home)).toBe(0)
  }, 60_000)

  it("two desktops on one state root each get a host of their own, and neither waits behind the other", async () => {
    const home = tempHome("host-two")
    homes.push(home)
    fs.chmodSync(home, 0o700)
    const displays = ["a.sock", "b.sock"].map((name) => path.join(home, name))
    const servers = displays.map((display) => net.createServer().listen(display))
    try {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.once("listening", resolve))))
      const [a, b] = displays.map((display) => hostEnv(home, { WAYLAND_DISPLAY: display }))
      for (const env of [a!, b!]) runBinary(["session", "list"], env)
      expect(hostSocketIn(a!)).not.toBe(hostSocketIn(b!))
      expect(await until(() => fs.existsSync(hostSocketIn(a!)) && fs.existsSync(hostSocketIn(b!)), 15_000)).toBe(true)
      // A long call on desktop A does not hold up desktop B.
      const session = envelopeOf(runBinary(["session", "start", "--name", "two"], { ...a!, AGENT_DESKTOP_HOST: "off" }))["data"]["session_id"] as string
      let slowDone = false
      const slow = runBinaryAsync(["--session", session, "wait", "8000"], a!).then((result) => ((slowDone = true), result))
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(envelopeOf(runBinary(["--session", session, "wait", "1"], b!))["ok"]).toBe(true)
      expect(slowDone, "desktop B's call waited for desktop A's").toBe(false)
      expect(JSON.parse((await slow).stdout)["ok"]).toBe(true)
      // Each ran in its own desktop's host.
      const hosts = new Set([...runnerPids(a!, session, "wait")])
      expect(hosts.size).toBe(2)
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    }
  }, 60_000)

  it("starts none where no display is named", async () => {
    const home = tempHome("host-nodisplay")
    fs.chmodSync(home, 0o700)
    const env = hostEnv(home)
    expect(envelopeOf(runBinary(["session", "list"], env))["ok"]).toBe(true)
    expect(envelopeOf(runBinary(["session", "list"], env))["ok"]).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(hostPidFor(home)).toBe(0)
    const hostDir = path.join(home, "host")
    expect(fs.existsSync(hostDir) ? fs.readdirSync(hostDir).filter((name) => name.startsWith("last-start")) : []).toEqual([])
  })
})

describe("a warm host whose installation changed", () => {
  it("declines calls once its bundle was replaced (they run in-process) and exits", async () => {
    // A copy of the built package, so this test can upgrade it under a running host.
    const cliRoot = path.dirname(path.dirname(BIN))
    const pkg = tempHome("host-package")
    for (const dir of ["bin", "dist", "build"]) fs.cpSync(path.join(cliRoot, dir), path.join(pkg, dir), { recursive: true })
    fs.copyFileSync(path.join(cliRoot, "package.json"), path.join(pkg, "package.json"))
    fs.symlinkSync(path.join(cliRoot, "..", "..", "node_modules"), path.join(pkg, "node_modules"))
    const home = tempHome("host-upgrade")
    const env = hostEnv(home)
    const host = spawn(process.execPath, [path.join(pkg, "bin", "agent-desktop.js"), "serve"], { env, stdio: "ignore" })
    hosts.push(host)
    for (let i = 0; i < 250 && !fs.existsSync(socketOf(env)); i++) await new Promise((resolve) => setTimeout(resolve, 20))
    const engine = enginePidOf(host.pid!)
    const installed: Client = [path.join(pkg, "bin", "agent-desktop")]
    const session = envelopeOf(runBinary(["session", "start", "--name", "upgrade"], { ...env, AGENT_DESKTOP_HOST: "off" }))["data"]["session_id"] as string
    expect(envelopeOf(runBinary(["--session", session, "wait", "1"], env, installed))["ok"]).toBe(true)
    // The upgrade: the host's bundle replaced by a new file (as npm or a rebuild does).
    const serveBundle = path.join(pkg, "dist", "modes", "serve.js")
    fs.copyFileSync(serveBundle, `${serveBundle}.new`)
    fs.renameSync(`${serveBundle}.new`, serveBundle)
    expect(envelopeOf(runBinary(["--session", session, "wait", "2"], env, installed))["ok"]).toBe(true)
    expect(await Promise.race([exited(host), new Promise((resolve) => setTimeout(() => resolve("still running"), 10_000))])).toBe(0)
    expect(fs.existsSync(socketOf(env))).toBe(false)
    const pids = runnerPids(env, session, "wait")
    expect(pids[0]).toBe(engine)
    expect([host.pid, engine]).not.toContain(pids[1])
  })
})
