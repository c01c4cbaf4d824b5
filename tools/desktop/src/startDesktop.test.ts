import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fixtureControlPath } from "./AppSpec.js"
import { parseEnv } from "./DesktopEnv.js"
import { controlFixture } from "./FixtureControl.js"
import { readLedger, stillOurs } from "./PidLedger.js"
import { startDesktop } from "./startDesktop.js"
import { stopDesktop } from "./stopDesktop.js"

const newStateDir = () => mkdtempSync(join(tmpdir(), "desktop-test-"))
/** dconf-service is activated on demand and may exit by itself when idle; every other process must stay up. */
const persistent = (entry: { readonly label: string }) => entry.label !== "dconf-service"

describe("virtual desktop", () => {
  it("starts Xvfb, both buses and the fixture; a second start in the same state dir replaces the first", async () => {
    const stateDir = newStateDir()
    try {
      const first = await startDesktop({ stateDir, apps: ["fixture"] })
      assert.match(first.env.DISPLAY, /^:\d+$/)
      assert.match(first.env.AT_SPI_BUS_ADDRESS, /^unix:path=/)
      assert.deepStrictEqual(parseEnv(readFileSync(join(stateDir, "env"), "utf8")), { ...first.env })
      const firstRun = readLedger(stateDir)
      const labels = firstRun.map((entry) => entry.label)
      for (const label of ["xvfb", "session-bus", "at-spi-bus-launcher", "a11y-bus", "registryd", "app-fixture"]) {
        assert.include(labels, label)
      }
      assert.deepStrictEqual(firstRun.filter((e) => persistent(e) && !stillOurs(e)).map((e) => e.label), [])

      const second = await startDesktop({ stateDir, apps: ["fixture"] })
      assert.isTrue(firstRun.every((entry) => !stillOurs(entry)), "the first desktop's processes are gone")
      const secondRun = readLedger(stateDir)
      assert.deepStrictEqual(secondRun.filter((e) => persistent(e) && !stillOurs(e)).map((e) => e.label), [])

      // Neither start made the session bus activate a launcher of its own (the one we started owns org.a11y.Bus).
      const sessionBusLog = readFileSync(join(stateDir, "logs", "session-bus.log"), "utf8")
      assert.notMatch(sessionBusLog, /Activating service name='org\.a11y\.Bus'/)

      const report = await second.stop()
      // Some daemons exit on their own once the bus they serve is gone; those count as already gone.
      assert.strictEqual(report.stopped.length + report.alreadyGone.length, secondRun.length)
      assert.isTrue(report.stopped.some((entry) => entry.label === "app-fixture"))
      assert.isTrue(secondRun.every((entry) => !stillOurs(entry)), "stop leaves nothing running")
      assert.deepStrictEqual(readLedger(stateDir), [])
    } finally {
      await stopDesktop(stateDir)
    }
  }, 90_000)

  it("is private: a client without the cookie (another user, or no XAUTHORITY) can neither connect nor set AT_SPI_BUS", async () => {
    const stateDir = newStateDir()
    const desktop = await startDesktop({ stateDir, apps: [] })
    try {
      assert.strictEqual(desktop.env.XAUTHORITY, join(stateDir, "xauthority"))
      assert.strictEqual(statSync(desktop.env.XAUTHORITY).mode & 0o777, 0o600)
      const display = desktop.env.DISPLAY
      const x = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, prefix: ReadonlyArray<string> = []) => {
        const [command, ...args] = [...prefix, ...argv]
        return spawnSync(command!, args, { env, encoding: "utf8", timeout: 10_000 })
      }
      const withCookie = { ...process.env, ...desktop.env }
      const { XAUTHORITY: _cookie, ...rest } = withCookie
      // HOME without an .Xauthority: Xlib's fallback finds no cookie either.
      const withoutCookie = { ...rest, HOME: newStateDir() }
      assert.strictEqual(x(["xdpyinfo", "-display", display], withCookie).status, 0)
      const refused = x(["xdpyinfo", "-display", display], withoutCookie)
      assert.notStrictEqual(refused.status, 0)
      assert.match(refused.stderr, /Authorization required|unable to open display/)
      // The root window's AT_SPI_BUS names the bus our launcher owns, and a client without the cookie cannot change it.
      const property = () => x(["xprop", "-display", display, "-root", "AT_SPI_BUS"], withCookie).stdout
      assert.include(property(), desktop.env.AT_SPI_BUS_ADDRESS)
      assert.notStrictEqual(x(["xprop", "-display", display, "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", "unix:path=/tmp/evil"], withoutCookie).status, 0)
      assert.include(property(), desktop.env.AT_SPI_BUS_ADDRESS)
      // Another user, even pointed at the cookie file, cannot read it (0600) and is refused too.
      if (process.getuid?.() === 0) {
        const nobody = x(["xdpyinfo", "-display", display], withCookie, ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        assert.notStrictEqual(nobody.status, 0, nobody.stdout)
        assert.match(nobody.stderr, /unable to open display/)
      }
    } finally {
      await desktop.stop()
    }
  }, 60_000)

  it("fixture control: add, duplicate, rename, state and remove widgets", async () => {
    const stateDir = newStateDir()
    const desktop = await startDesktop({ stateDir, apps: ["fixture"] })
    try {
      const control = fixtureControlPath(stateDir)
      const added = await controlFixture(control, { op: "add", kind: "button", label: "Twin" })
      assert.isTrue(added.ok)
      const twin = await controlFixture(control, { op: "duplicate", id: added.id! })
      assert.isTrue(twin.ok)
      assert.notStrictEqual(twin.id, added.id)
      assert.strictEqual((await controlFixture(control, { op: "state", id: twin.id! })).label, "Twin")
      await controlFixture(control, { op: "rename", id: twin.id!, label: "Other" })
      assert.strictEqual((await controlFixture(control, { op: "state", id: twin.id! })).label, "Other")
      assert.isTrue((await controlFixture(control, { op: "remove", id: added.id! })).ok)
      assert.isFalse((await controlFixture(control, { op: "state", id: added.id! })).ok)
      assert.deepStrictEqual((await controlFixture(control, { op: "state", id: "check" })).active, false)
    } finally {
      await desktop.stop()
    }
  }, 60_000)

  it("an app that exits before registering fails the start with its log, and nothing is left running", async () => {
    const stateDir = newStateDir()
    const error = await startDesktop({ stateDir, apps: ["/bin/false"], timeoutMs: 60_000 }).then(() => undefined, (e: Error) => e)
    assert.match(error?.message ?? "", /false exited \(1\) before registering; see .*app-false\.log/)
    assert.deepStrictEqual(readLedger(stateDir), [])
  }, 60_000)

  it("stop after a crash skips dead PIDs and stops the rest; stopping twice is a no-op", async () => {
    const stateDir = newStateDir()
    const desktop = await startDesktop({ stateDir })
    const entries = readLedger(stateDir)
    const xvfb = entries.find((entry) => entry.label === "xvfb")!
    process.kill(xvfb.pid, "SIGKILL")
    const report = await desktop.stop()
    assert.strictEqual(report.stopped.length + report.alreadyGone.length, entries.length)
    assert.isTrue(entries.every((entry) => !stillOurs(entry)))
    assert.deepStrictEqual(await stopDesktop(stateDir), { stopped: [], alreadyGone: [] })
  }, 60_000)
})
