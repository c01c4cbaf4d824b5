/**
 * The clipboard and notifications on headless sway, through the installed command (one-shot calls). The clipboard
 * goes through zwlr_data_control_manager_v1 (no focused window needed) and is read back by another Wayland client,
 * Debian's wl-clipboard (`wl-paste`, `wl-copy`), and by a GTK 3 app on XWayland (its own paste and copy); the
 * detached owner process is watched in /proc. Notifications come
 * from xfce4-notifyd running as a native Wayland client of the session (started by the session bus on the first
 * notification), read through AT-SPI; dismissing clicks through the virtual pointer, read back from sway's own tree
 * (swaymsg); an action's press is read back by the sender (`notify-send --wait` prints the action's key).
 */
import { startSway, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process"
import { chmodSync, copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, envelopeOf, NATIVE, runBinary, tempHome } from "../../test/binary.js"

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
const home = tempHome("sway-clipboard")

beforeAll(async () => {
  desktop = await startSway({ xwayland: true, timeoutMs: 90_000 })
  env = cleanEnv(home, desktop.env as Record<string, string>)
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
}, 60_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env, NATIVE, 60_000))
const ok = (...argv: Array<string>): Record<string, any> => {
  const envelope = cli(...argv)
  assert.isTrue(envelope["ok"], `${argv.join(" ")}: ${JSON.stringify(envelope).slice(0, 1500)}`)
  return envelope["data"]
}

/** wl-clipboard's view: another client of the compositor reading the seat's selection. */
const wlPaste = (...args: Array<string>) => spawnSync("wl-paste", ["--no-newline", ...args], { env, timeout: 10_000 })

/** The clipboard owners serving this session's compositor. */
const owners = (): Array<string> =>
  readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("clipboard/clipboardOwner.js") &&
        readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`WAYLAND_DISPLAY=${env["WAYLAND_DISPLAY"]}`)
    } catch {
      return false
    }
  })

const noOwnersWithin = async (ms: number) => {
  for (const until = Date.now() + ms; owners().length > 0 && Date.now() < until;) await sleep(50)
  return owners()
}

describe("clipboard on sway (zwlr_data_control_manager_v1)", () => {
  it("status reports the clipboard and notification channels", () => {
    const channels = ok("status")["probes"]["display_server"]["channels"]
    assert.strictEqual(channels["clipboard"]["state"], "available", JSON.stringify(channels["clipboard"]))
    assert.include(channels["clipboard"]["via"], "zwlr_data_control_manager_v1")
    assert.strictEqual(channels["notifications"]["state"], "available", JSON.stringify(channels["notifications"]))
    assert.include(channels["notifications"]["via"], "xfce4-notifyd")
  })

  it("clipboard-set text: another Wayland client pastes it; one owner serves it across calls", async () => {
    const text = "Grüße ✓ from agent-desktop"
    const set = ok("clipboard-set", text)
    assert.strictEqual(set["disposition"]["delivery"], "delivered_verified")
    assert.strictEqual(set["steps"][0]["label"], "zwlr_data_control_device_v1.set_selection")
    assert.strictEqual(wlPaste().stdout.toString("utf8"), text)
    const types = wlPaste("--list-types").stdout.toString("utf8").split("\n")
    assert.includeMembers(types, ["text/plain;charset=utf-8", "UTF8_STRING"])
    assert.strictEqual(owners().length, 1)
    assert.deepStrictEqual(ok("clipboard-get"), { type: "text", text })
    // A second set replaces the first owner, which lets go and exits.
    const first = owners()[0]
    ok("clipboard-set", "second")
    for (let i = 0; i < 40 && owners().includes(first!); i++) await sleep(50)
    assert.notInclude(owners(), first)
    assert.strictEqual(wlPaste().stdout.toString("utf8"), "second")
  })

  it("a copy by another client ends the owner; clipboard-get reads that client's text", async () => {
    ok("clipboard-set", "ours")
    assert.strictEqual(owners().length, 1)
    // wl-copy forks a server of its own that keeps the pipes it inherited: give it none to hold.
    const copy = spawnSync("wl-copy", ["copied by wl-copy"], { env, timeout: 10_000, stdio: "ignore" })
    assert.strictEqual(copy.status, 0)
    assert.deepStrictEqual(await noOwnersWithin(3000), [])
    assert.deepStrictEqual(ok("clipboard-get"), { type: "text", text: "copied by wl-copy" })
  })

  it("an X11 app on XWayland pastes what was set and copies what clipboard-get reads (while its window has the focus)", async () => {
    ok("clipboard-set", "to the X11 app")
    // GTK 3 on XWayland: once mapped (sway focuses it), it reads the CLIPBOARD, then owns it with its own text.
    const peer = spawn(systemPython, ["-c", `
import json, sys, gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, Gdk, GLib
w = Gtk.Window(title="clipboard-peer"); w.show_all()
cb = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
def exchange():
    print(json.dumps({"read": cb.wait_for_text()}), flush=True)
    cb.set_text("copied in the X11 app", -1)
    print(json.dumps({"set": True}), flush=True)
    return False
GLib.timeout_add(1000, exchange)
GLib.timeout_add(30000, Gtk.main_quit)
Gtk.main()
`], { env: { ...env, GDK_BACKEND: "x11" }, stdio: ["ignore", "pipe", "ignore"] })
    try {
      const lines: Array<Record<string, unknown>> = []
      let buffered = ""
      peer.stdout!.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8")
        const parts = buffered.split("\n")
        buffered = parts.pop()!
        for (const line of parts) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>)
      })
      for (let i = 0; i < 200 && lines.length < 2; i++) await sleep(50)
      assert.deepStrictEqual(lines[0], { read: "to the X11 app" })
      assert.deepStrictEqual(ok("clipboard-get"), { type: "text", text: "copied in the X11 app" })
      assert.deepStrictEqual(await noOwnersWithin(3000), [])
    } finally {
      if (peer.exitCode === null) {
        const exited = new Promise((resolve) => peer.once("exit", resolve))
        peer.kill("SIGTERM")
        await exited
      }
    }
  })

  it("an image and file URLs go through as image/png and text/uri-list", () => {
    const png = join(home, "red.png")
    execFileSync("convert", ["-size", "7x5", "xc:red", png])
    ok("clipboard-set", "--image", png)
    assert.isTrue(wlPaste("--type", "image/png").stdout.equals(readFileSync(png)))
    const out = join(home, "out.png")
    const got = ok("clipboard-get", "--format", "image", "--out", out)
    assert.deepInclude(got, { type: "image", width: 7, height: 5 })
    assert.isTrue(readFileSync(out).equals(readFileSync(png)))

    const other = join(home, "notes.txt")
    writeFileSync(other, "x")
    ok("clipboard-set", "--file-url", png, "--file-url", other)
    assert.deepStrictEqual(wlPaste("--type", "text/uri-list").stdout.toString("utf8").split("\r\n").filter(Boolean), [`file://${png}`, `file://${other}`])
    assert.deepStrictEqual(ok("clipboard-get", "--format", "file-urls")["file_urls"], [`file://${png}`, `file://${other}`])
  })

  it("clipboard-clear leaves no selection and no owner", async () => {
    ok("clipboard-set", "to be cleared")
    const cleared = ok("clipboard-clear")
    assert.strictEqual(cleared["disposition"]["delivery"], "delivered_verified")
    const paste = wlPaste("--list-types")
    assert.notStrictEqual(paste.status, 0)
    assert.include(paste.stderr.toString("utf8"), "No selection")
    assert.deepStrictEqual(await noOwnersWithin(3000), [])
    assert.deepStrictEqual(ok("clipboard-get"), { type: "text", found: false })
  })
})

/** sway's own tree: the views of xfce4-notifyd (each popup is a window of its own on sway). */
const notifydViews = (): number => {
  const tree = JSON.parse(execFileSync("swaymsg", ["-s", env["SWAYSOCK"]!, "-r", "-t", "get_tree"], { encoding: "utf8" }))
  let count = 0
  const walk = (n: any) => {
    if (n.app_id === "xfce4-notifyd") count++
    for (const c of [...(n.nodes ?? []), ...(n.floating_nodes ?? [])]) walk(c)
  }
  walk(tree)
  return count
}

const listed = async (count: number): Promise<Array<Record<string, any>>> => {
  for (let i = 0; i < 100; i++) {
    const data = ok("list-notifications")
    if (data["count"] === count) return data["notifications"]
    await sleep(100)
  }
  return ok("list-notifications")["notifications"]
}

/** A process named `name` (a copy of sleep) whose session bus is `bus`: what the daemon detection sees in /proc. */
const namedProcess = (name: string, bus: string) => {
  const binary = join(home, name)
  copyFileSync("/bin/sleep", binary)
  chmodSync(binary, 0o755)
  return spawn(binary, ["600"], { env: { ...env, DBUS_SESSION_BUS_ADDRESS: bus }, stdio: "ignore" })
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  child.kill("SIGTERM")
  await exited
}

describe("notifications on sway (xfce4-notifyd as a Wayland client)", () => {
  it("the daemon is this session's: another session's mako is not named, this session's is refused naming it", async () => {
    // Before any notification, so xfce4-notifyd is not running yet and the daemon detection is asked.
    const other = namedProcess("mako", "unix:path=/nonexistent/other-session-bus")
    try {
      assert.deepStrictEqual(ok("list-notifications"), { count: 0, notifications: [] })
    } finally {
      await stop(other)
    }
    const ours = namedProcess("mako", env["DBUS_SESSION_BUS_ADDRESS"]!)
    try {
      const refused = cli("list-notifications")
      assert.strictEqual(refused["error"]?.["code"], "PLATFORM_NOT_SUPPORTED", JSON.stringify(refused))
      assert.strictEqual(refused["error"]["details"]["daemon"], "mako")
    } finally {
      await stop(ours)
    }
  })

  it("list and dismiss: the popup's window leaves sway's tree", async () => {
    execFileSync("notify-send", ["-t", "120000", "Build finished", "all green"], { env, timeout: 10_000 })
    const shown = await listed(1)
    assert.deepInclude(shown[0], { index: 1, title: "Build finished", body: "all green" })
    assert.strictEqual(notifydViews(), 1)
    const dismissed = ok("--headed", "dismiss-notification", "1", "--expected-title", "Build finished")
    assert.strictEqual(dismissed["dismissed"]["title"], "Build finished")
    for (let i = 0; i < 40 && notifydViews() > 0; i++) await sleep(50)
    assert.strictEqual(notifydViews(), 0)
    assert.strictEqual(ok("list-notifications")["count"], 0)
  })

  it("notification-action presses the action: the sender hears its key", async () => {
    const sender = spawn("notify-send", ["--wait", "-t", "120000", "-A", "yes=Accept", "-A", "no=Decline", "Choose", "pick one"], { env })
    let heard = ""
    sender.stdout.on("data", (chunk: Buffer) => (heard += chunk.toString("utf8")))
    // 'close', not 'exit': a process can exit before its stdout's last data is read (it raced under load).
    const exited = new Promise((resolve) => sender.once("close", resolve))
    const shown = await listed(1)
    assert.deepStrictEqual(shown[0]!["actions"], ["Accept", "Decline"])
    const pressed = ok("--headed", "notification-action", "1", "Accept", "--expected-title", "Choose")
    assert.strictEqual(pressed["disposition"]["delivery"], "delivered_verified")
    await Promise.race([exited, sleep(10_000)])
    if (sender.exitCode === null && sender.signalCode === null) sender.kill("SIGTERM")
    assert.strictEqual(heard.trim(), "yes")
  })
})
