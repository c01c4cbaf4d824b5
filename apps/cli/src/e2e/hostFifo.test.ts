/**
 * Issue 23's reproduction on a real desktop: `mkfifo f; agent-desktop screenshot f` sent to a warm host, then other
 * calls. The screenshot's write opens the FIFO (which nobody reads); whatever that does to the call, it must not stop
 * the host: the next calls answer at once (they run in their callers' processes while the host is busy), the blocked
 * call itself ends with one envelope, and the host serves calls again afterwards. Through both clients.
 */
import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type Client, envelopeOf, hostEnv, NATIVE, NODE, oneEnvelope, type RunResult, runBinaryAsync, tempHome } from "../test/binary.js"
import { hostFamily, newSession, runnerPids, type ServedHost, sleep, startServe, until } from "../test/warmHost.js"

let desktop: RunningDesktop

beforeAll(async () => {
  desktop = await startDesktop({ apps: ["fixture"], windowManager: "openbox", timeoutMs: 60_000 })
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
})

const hosts: Array<ServedHost> = []
afterEach(() => {
  for (const host of hosts.splice(0)) {
    for (const pid of hostFamily(host.pid)) {
      try {
        process.kill(pid, "SIGKILL")
      } catch {
        // Gone already.
      }
    }
  }
})

const within = <A>(promise: Promise<A>, ms: number): Promise<A | "hung"> => Promise.race([promise, sleep(ms).then(() => "hung" as const)])

describe.each([["Node client", NODE], ["native client", NATIVE]] as ReadonlyArray<readonly [string, Client]>)("screenshot to a FIFO through a warm host (%s)", (_name, client) => {
  it("stops neither the next calls nor the host", async () => {
    const home = tempHome("e2e-fifo")
    const env = { ...hostEnv(home), ...desktop.env }
    const host = await startServe(env)
    hosts.push(host)
    const session = newSession(env, "fifo")
    const fifo = path.join(home, "shot.png")
    execFileSync("mkfifo", [fifo])
    const blocked = runBinaryAsync(["--session", session, "screenshot", fifo], env, client)
    await sleep(2_000)
    const next = await within(runBinaryAsync(["--session", session, "list-windows"], env, client), 30_000)
    expect(next, "the next call hung behind the screenshot").not.toBe("hung")
    expect(envelopeOf(next as RunResult)["ok"]).toBe(true)
    const shot = path.join(home, "real.png")
    expect(envelopeOf(await runBinaryAsync(["screenshot", shot], env, client))["data"]).toMatchObject({ path: shot, width: 1280, height: 1024 })
    const first = await within(blocked, 40_000)
    expect(first, "the screenshot never returned").not.toBe("hung")
    oneEnvelope((first as RunResult).stdout)
    const served = await until(async () => {
      const result = await runBinaryAsync(["--session", session, "wait", "1"], env, client)
      return envelopeOf(result)["ok"] === true && hostFamily(host.pid).has(runnerPids(env, session, "wait").at(-1)!)
    }, 40_000)
    expect(served, "no later call was served by the host").toBe(true)
  }, 120_000)
})
