/**
 * The GNOME backend on headless gnome-shell (mutter's RemoteDesktop for keys; the rest refused with the reason), one
 * warm host serving every call through the installed command. Keys are read back through the GTK fixture's own
 * state (its control socket), never through our client.
 */
import { controlFixture, DbusClient, fixtureControlPath, startGnomeShell, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { type ChildProcess } from "node:child_process"
import { afterAll, beforeAll } from "vitest"
import { envelopeOf, hostEnv, NATIVE, runBinary, tempHome } from "../../test/binary.js"
import { startServe } from "../../test/warmHost.js"

interface Node { ref_id?: string; role: string; name?: string; children?: Array<Node> }

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
let host: ChildProcess
const home = tempHome("gnome")

beforeAll(async () => {
  desktop = await startGnomeShell({ apps: ["fixture"], timeoutMs: 90_000 })
  env = { ...hostEnv(home), ...desktop.env }
  host = (await startServe(env)).process
}, 120_000)

afterAll(async () => {
  if (host && host.exitCode === null) {
    host.kill("SIGTERM")
    await new Promise((resolve) => host.once("exit", resolve))
  }
  await desktop?.stop()
}, 60_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env, NATIVE))
const ok = (...argv: Array<string>): Record<string, any> => {
  const envelope = cli(...argv)
  assert.isTrue(envelope["ok"], `${argv.join(" ")}: ${JSON.stringify(envelope).slice(0, 1500)}`)
  return envelope["data"]
}
const nodes = (tree: Node): Array<Node> => [tree, ...(tree.children ?? []).flatMap(nodes)]
const entryText = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""
const waitFor = async (probe: () => Promise<boolean>, ms = 5000): Promise<boolean> => {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) if (await probe()) return true
  return probe()
}

describe("agent-desktop on headless gnome-shell (GNOME backend, one warm host)", () => {
  it("status names the GNOME backend: keys through mutter's RemoteDesktop, the other channels unavailable with the reason", () => {
    const server = ok("status")["probes"]["display_server"]
    assert.strictEqual(server["backend"], "gnome")
    assert.strictEqual(server["channels"]["keyboard"]["state"], "available")
    assert.match(server["channels"]["keyboard"]["via"], /org\.gnome\.Mutter\.RemoteDesktop/)
    assert.deepInclude(server["channels"]["pointer"], { state: "unavailable", kind: "pointer_needs_screencast" })
    assert.deepInclude(server["channels"]["capture"], { state: "unavailable", kind: "capture_needs_portal" })
    assert.deepInclude(server["channels"]["windows"], { state: "unavailable", kind: "no_window_geometry" })
  })

  it("press --headed: keys and modifiers reach the GTK 3 fixture's focused entry (its own state)", async () => {
    // Keys go to the focused window, and no client can focus a window on GNOME (the backend says so): the user's part,
    // done as a headless session allows, by closing the overview (the shell then focuses its topmost window).
    const bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
    try {
      for (const shown of [true, false]) {
        await bus.call({ destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties", member: "Set", signature: "ssv", body: ["org.gnome.Shell", "OverviewActive", ["b", shown]] })
        await sleep(600)
      }
    } finally {
      bus.close()
    }
    const all = nodes(ok("snapshot", "--app", "fixture", "-i")["tree"])
    const entry = all.find((n) => n.role === "textfield" && n.name === "Name")
    assert.isDefined(entry)
    ok("focus", entry!.ref_id!)
    for (const key of ["x", "ctrl+a", "BackSpace", "shift+h", "i"]) {
      const pressed = ok("--headed", "press", key)
      assert.match(pressed["steps"].at(-1)["label"], /^org\.gnome\.Mutter\.RemoteDesktop/)
    }
    assert.isTrue(await waitFor(async () => (await entryText()) === "Hi"), `the entry holds '${await entryText()}'`)
  }, 60_000)

  it("pointer and screenshots refuse with the reason, nothing sent", () => {
    const click = cli("--headed", "mouse-click", "--xy", "10,10")
    assert.isFalse(click["ok"])
    assert.strictEqual(click["error"]["code"], "PLATFORM_NOT_SUPPORTED")
    assert.match(click["error"]["message"], /ScreenCast/)
    const shot = cli("screenshot")
    assert.isFalse(shot["ok"])
    assert.strictEqual(shot["error"]["code"], "PLATFORM_NOT_SUPPORTED")
    assert.match(shot["error"]["message"], /portal/)
  })
})
