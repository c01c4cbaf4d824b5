/**
 * The GNOME backend's screenshots through the Screenshot portal (xdg-desktop-portal + xdg-desktop-portal-gnome,
 * activated on the session bus as a desktop does), in a headless gnome-shell session without PipeWire, so mutter's
 * ScreenCast route (the faster one, used where it works) cannot serve: before the user's grant the capture refuses
 * and `status` / `permissions` give the one command that grants it; after it (the command run as given) screenshots
 * come from the portal. Read back independently: GNOME Shell's own screenshot (gnome_shell_screenshot.py) and the
 * pictures directory the portal saves into (left empty). The clipboard goes through mutter's RemoteDesktop session
 * (no PipeWire needed): read back by the GTK 3 fixture pasting into its entry (its own state over its control
 * socket), and what the fixture copies is what clipboard-get reads.
 */
import { controlFixture, DbusClient, fixtureControlPath, probePath, startGnomeShell, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { cliWith, sleep, waitFor } from "./waylandSuite.js"

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
const home = tempHome("gnome-portal")

beforeAll(async () => {
  desktop = await startGnomeShell({ apps: ["fixture"], pipewire: false, timeoutMs: 90_000 })
  env = cleanEnv(home, desktop.env)
}, 120_000)

afterAll(() => desktop?.stop(), 60_000)

const { cli, ok } = cliWith(() => env)
const pictures = () => readdirSync(join(desktop.stateDir, "pictures"))

describe("GNOME screenshots through the Screenshot portal, once the user allowed them", () => {
  it("before the grant: the capture refuses, and status and permissions give the command that grants it", () => {
    const status = ok("status")
    const capture = status["probes"]["display_server"]["channels"]["capture"]
    assert.deepInclude(capture, { state: "unavailable", kind: "capture_needs_grant" })
    assert.match(capture["reason"], /PipeWire/)
    assert.match(capture["suggestion"], /gdbus call --session --dest org\.freedesktop\.impl\.portal\.PermissionStore .*SetPermission screenshot true screenshot '' "\['yes'\]"/)
    assert.strictEqual(ok("permissions")["screen_recording"]["state"], "denied")
    const refused = cli("screenshot", join(home, "refused.png"))
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["details"]["kind"], "capture_needs_grant", JSON.stringify(refused["error"]))
    assert.deepStrictEqual(pictures(), [], "nothing asked the portal")
  }, 60_000)

  it("after the suggested command: screenshots come from the portal, the same picture as GNOME Shell's own", () => {
    const suggestion = ok("status")["probes"]["display_server"]["channels"]["capture"]["suggestion"] as string
    const command = suggestion.slice(suggestion.indexOf("gdbus call"))
    const granted = spawnSync("sh", ["-c", command], { env, encoding: "utf8" })
    assert.strictEqual(granted.status, 0, granted.stderr)
    const capture = ok("status")["probes"]["display_server"]["channels"]["capture"]
    assert.deepInclude(capture, { state: "available", grant: "granted" })
    assert.match(capture["via"], /org\.freedesktop\.portal\.Screenshot/)
    assert.deepStrictEqual(ok("permissions")["screen_recording"], { state: "granted" })

    const dir = mkdtempSync(join(tmpdir(), "ad-gnome-portal-"))
    const theirs = join(dir, "shell.png")
    const differing = (a: string, b: string) => Number(spawnSync("compare", ["-metric", "AE", a, b, "null:"], { encoding: "utf8" }).stderr.trim().split(" ")[0])
    // The start-up notification banner may leave between two captures: a pair is taken again (three tries).
    const samePicture = (argv: ReadonlyArray<string>, ours: string, expected: Record<string, unknown>) => {
      let difference = Number.POSITIVE_INFINITY
      for (let attempt = 0; attempt < 3 && difference >= 200; attempt++) {
        assert.deepInclude(ok("screenshot", ...argv, ours), expected)
        const shell = spawnSync(systemPython, [join(dirname(probePath()), "gnome_shell_screenshot.py"), theirs], { env, encoding: "utf8", timeout: 20_000 })
        assert.strictEqual(shell.status, 0, shell.stdout + shell.stderr)
        difference = differing(ours, theirs)
      }
      assert.isBelow(difference, 200, `${ours} against ${theirs}`)
    }
    samePicture([], join(dir, "ours.png"), { format: "png", width: 1280, height: 1024, scale_factor: 1 })
    // A screen's region is cut from the portal's whole-screen picture.
    samePicture(["--screen", "0"], join(dir, "screen.png"), { width: 1280, height: 1024 })
    assert.deepStrictEqual(pictures(), [], "the portal's files were removed once read")
  }, 90_000)
})

/** libatspi's grab_focus on a widget (the wayland package's probe), never our client. */
const atspiFocus = (role: string, name: string) => {
  const probe = fileURLToPath(new URL("../../../../../libs/platform-linux-wayland/test/atspi_geometry.py", import.meta.url))
  const result = spawnSync(systemPython, [probe, "focus", "fixture", role, name], { env, encoding: "utf8", timeout: 15_000 })
  return (JSON.parse(result.stdout || "{}") as { focused?: boolean }).focused === true
}
const entryText = async () => (await controlFixture(fixtureControlPath(desktop.stateDir), { op: "state", id: "entry" })).text ?? ""

describe("GNOME clipboard through mutter's RemoteDesktop session", () => {
  it("clipboard-set: the GTK 3 fixture pastes it; a copy in the fixture is what clipboard-get reads; clear refuses", async () => {
    // The shell focuses its topmost window when the overview closes (no API focuses a given one).
    const bus = DbusClient.connect(desktop.env.DBUS_SESSION_BUS_ADDRESS)
    for (const shown of [true, false]) {
      await bus.call({ destination: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.freedesktop.DBus.Properties", member: "Set", signature: "ssv", body: ["org.gnome.Shell", "OverviewActive", ["b", shown]] }, 15_000)
      await sleep(600)
    }
    bus.close()
    const channel = ok("status")["probes"]["display_server"]["channels"]["clipboard"]
    assert.deepInclude(channel, { state: "available", grant: "not_required" })
    assert.match(channel["via"], /RemoteDesktop/)

    const text = "Grüße ✓ from agent-desktop"
    const set = ok("clipboard-set", text)
    assert.strictEqual(set["steps"][0]["label"], "org.gnome.Mutter.RemoteDesktop.Session.SetSelection")
    assert.isTrue(atspiFocus("text", "Name"))
    ok("--headed", "press", "ctrl+a")
    ok("--headed", "press", "ctrl+v")
    assert.isTrue(await waitFor(async () => (await entryText()) === text), `the entry shows ${JSON.stringify(await entryText())}`)

    ok("--headed", "press", "--text", " copied")
    ok("--headed", "press", "ctrl+a")
    ok("--headed", "press", "ctrl+c")
    const copied = `${text} copied`
    assert.isTrue(await waitFor(() => {
      const got = cli("clipboard-get")
      return got["ok"] === true && got["data"]["text"] === copied
    }), JSON.stringify(cli("clipboard-get")))

    const clear = cli("clipboard-clear")
    assert.isFalse(clear["ok"])
    assert.strictEqual(clear["error"]["details"]["kind"], "clipboard_clear_unsupported", JSON.stringify(clear["error"]))
  }, 90_000)
})
