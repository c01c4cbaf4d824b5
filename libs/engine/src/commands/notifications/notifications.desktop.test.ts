/**
 * Notifications end to end: notify-send posts to xfce4-notifyd (D-Bus activated on the virtual desktop's session
 * bus); list-notifications reads its popups; notification-action presses an action, which notify-send itself
 * reports; dismiss-notification closes one, read back through pyatspi's view of the daemon's windows.
 */
import { startDesktop, systemPython, type RunningDesktop } from "@agent-desktop/desktop"
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../../test/linuxEngine.js"

let desktop: RunningDesktop | undefined
const home = mkdtempSync(join(tmpdir(), "ad-notify-"))
const saved = { ...process.env }
let waiting: ChildProcess | undefined
let chosen = ""

const { run, ok } = linuxEngine(home)
/** Titles of the daemon's shown windows, as pyatspi sees them. */
const peerTitles = (): Array<string> => JSON.parse(execFileSync(systemPython, ["-c", `
import gi, json
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi
d = Atspi.get_desktop(0)
out = []
def labels(a, acc):
    if a.get_role() == Atspi.Role.LABEL and a.get_name(): acc.append(a.get_name())
    for i in range(a.get_child_count()):
        c = a.get_child_at_index(i)
        if c is not None: labels(c, acc)
for i in range(d.get_child_count()):
    app = d.get_child_at_index(i)
    if app.get_name() != "xfce4-notifyd": continue
    for j in range(app.get_child_count()):
        w = app.get_child_at_index(j)
        if not w.get_state_set().contains(Atspi.StateType.SHOWING): continue
        acc = []
        labels(w, acc)
        if acc: out.append(acc[0])
print(json.dumps(out))
`], { env: process.env, encoding: "utf8" }))
const eventually = async <A>(read: () => A | Promise<A>, good: (a: A) => boolean): Promise<A> => {
  let last = await read()
  for (let i = 0; i < 80 && !good(last); i++) {
    await sleep(50)
    last = await read()
  }
  return last
}

describe.skipIf(!existsSync("/usr/bin/notify-send") || !existsSync("/usr/share/dbus-1/services/org.xfce.xfce4-notifyd.Notifications.service"))(
  "notifications through xfce4-notifyd on a virtual desktop", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: [], windowManager: "openbox" })
    Object.assign(process.env, desktop.env)
    expect((await ok("list-notifications")).count).toBe(0)
    // notify-send with actions waits and prints the chosen action's key
    waiting = spawn("notify-send", ["-t", "0", "-a", "Mail", "-A", "open=Open", "-A", "later=Later", "New message", "From Alice: lunch?"], { env: process.env })
    waiting.stdout!.on("data", (chunk: Buffer) => (chosen += chunk.toString("utf8")))
    await eventually(peerTitles, (t) => t.includes("New message"))
    execFileSync("notify-send", ["-t", "0", "-a", "Backup", "Backup done", "42 files"], { env: process.env })
    await eventually(peerTitles, (t) => t.length === 2)
  }, 90_000)
  afterAll(async () => {
    waiting?.kill()
    await desktop?.stop()
    for (const key of Object.keys(desktop?.env ?? {})) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
  }, 30_000)

  it("lists both with title, body and actions", async () => {
    const listed = await ok("list-notifications")
    expect(listed.count).toBe(2)
    expect(listed.notifications).toEqual(expect.arrayContaining([
      { index: expect.any(Number), app_name: "", title: "New message", body: "From Alice: lunch?", actions: ["Open", "Later"] },
      { index: expect.any(Number), app_name: "", title: "Backup done", body: "42 files", actions: [] }
    ]))
    expect((await ok("list-notifications", { text: "alice" })).count).toBe(1)
  })

  it("refuses --app and --expected-app (the sender is unknown: app_name stays \"\"), pressing nothing", async () => {
    const filtered = await run("list-notifications", { app: "Mail" })
    expect(filtered.error).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", details: { kind: "notification_app_unknown", flags: ["--app"] } })
    const listed = await ok("list-notifications")
    const backup = listed.notifications.find((n: { title: string }) => n.title === "Backup done")
    const dismiss = await run("dismiss-notification", { index: backup.index, expected_app: "Backup", expected_title: "Backup done" }, true)
    expect(dismiss.error).toMatchObject({ code: "PLATFORM_NOT_SUPPORTED", details: { flags: ["--expected-app"] } })
    expect(dismiss.error.disposition.delivery).toBe("not_delivered")
    await sleep(300)
    expect(peerTitles()).toContain("Backup done")
  })

  it("a wrong fingerprint presses nothing; the right one presses the action and notify-send hears it", async () => {
    const listed = await ok("list-notifications")
    const mail = listed.notifications.find((n: { title: string }) => n.title === "New message")
    const wrong = await run("notification-action", { index: mail.index, action: "Open", expected_title: "Something else" }, true)
    expect(wrong.error.code).toBe("NOTIFICATION_NOT_FOUND")
    expect(wrong.error.disposition.delivery).toBe("not_delivered")
    expect((await run("notification-action", { index: mail.index, action: "Open" })).error.code).toBe("POLICY_DENIED")
    await sleep(200)
    expect(chosen).toBe("")
    const pressed = await ok("notification-action", { index: mail.index, action: "Open", expected_title: "New message" }, true)
    expect(pressed.steps[0]).toMatchObject({ outcome: "succeeded" })
    expect((await eventually(() => chosen, (c) => c.includes("open"))).trim()).toBe("open")
  })

  it("dismiss-notification needs a fingerprint, then closes the popup (pyatspi no longer shows it)", async () => {
    await eventually(peerTitles, (t) => !t.includes("New message"))
    const listed = await ok("list-notifications")
    const backup = listed.notifications.find((n: { title: string }) => n.title === "Backup done")
    expect((await run("dismiss-notification", { index: backup.index }, true)).error.code).toBe("INVALID_ARGS")
    const dismissed = await ok("dismiss-notification", { index: backup.index, expected_title: "Backup done" }, true)
    expect(dismissed.dismissed).toMatchObject({ title: "Backup done", body: "42 files" })
    expect(await eventually(peerTitles, (t) => !t.includes("Backup done"))).not.toContain("Backup done")
    expect((await ok("list-notifications")).count).toBe(0)
  })

  it("wait --notification --text returns once a matching notification is shown", async () => {
    const waiting = ok("wait", { notification: true, text: "deploy", timeout: 20_000 })
    await sleep(400)
    execFileSync("notify-send", ["-t", "0", "Deploy finished", "all green"], { env: process.env })
    expect(await waiting).toMatchObject({ condition: "notification", matched: true, notification: { title: "Deploy finished", body: "all green" } })
  })

  it("dismiss-all-notifications closes every popup", async () => {
    execFileSync("notify-send", ["-t", "0", "One", "1"], { env: process.env })
    execFileSync("notify-send", ["-t", "0", "Two", "2"], { env: process.env })
    await eventually(peerTitles, (t) => t.length === 3)
    expect(await ok("dismiss-all-notifications", {}, true)).toEqual({ dismissed_count: 3 })
    expect(await eventually(peerTitles, (t) => t.length === 0)).toEqual([])
  })
})
