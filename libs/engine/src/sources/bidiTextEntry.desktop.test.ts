/**
 * Text into a Firefox page's fields without --headed: Debian's Firefox ESR started by `launch firefox --cdp` (refusals
 * first: its own endpoint switches, a taken port; then a running browser), which for Firefox sets up its WebDriver
 * BiDi endpoint (Firefox serves no DevTools protocol). Firefox's fields list
 * EditableText but ignore it, so headless `type`, `set-value` and `clear` on their AT-SPI refs focus the field through
 * AT-SPI and put the text in as key actions through BiDi (trusted key, beforeinput and input events; set-value and
 * clear also change). The page writes what it sees (the value, and whether the event was trusted) into its title; the
 * test reads the title from the X server (xdotool), not through the tool.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import * as net from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isAlive } from "../commands/native/processes.js"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const haveFirefox = existsSync("/usr/lib/firefox-esr/firefox-esr") && existsSync("/usr/bin/firefox")
if (!haveFirefox) process.stderr.write("WebDriver BiDi text entry suite: skipped, Firefox ESR is not installed\n")

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-bidi-text-"))
const profile = join(home, "profile")
const { ok, run } = linuxEngine(home)
const page = join(home, "fields.html")
/**
 * Three fields, each writing what the page sees into its title: empty (input and change, with the event's isTrusted),
 * prefilled (never focused), a text area (change only, with isTrusted).
 */
const FIELDS = `<!doctype html><html><head><meta charset="utf-8"><title>fields</title></head><body>
<p><input aria-label="Name" oninput="document.title='input name='+this.value+'|'+event.isTrusted" onchange="document.title='change name='+this.value+'|'+event.isTrusted"></p>
<p><input aria-label="City" value="Par" oninput="document.title='input city='+this.value+'|'"></p>
<p><textarea aria-label="Notes" onchange="document.title='change notes='+this.value+'|'+event.isTrusted"></textarea></p>
</body></html>`
/** A quiet first run with the page as the only tab (no privacy notice, no preloaded new tab). */
const PREFS = [
  ["datareporting.policy.firstRunURL", ""], ["datareporting.policy.dataSubmissionEnabled", false],
  ["toolkit.telemetry.reportingpolicy.firstRun", false], ["browser.startup.homepage_override.mstone", "ignore"],
  ["startup.homepage_welcome_url", ""], ["browser.aboutwelcome.enabled", false], ["browser.newtab.preload", false],
  ["browser.shell.checkDefaultBrowser", false]
].map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`).join("")
const started: Array<number> = []

type Node = { role: string; name?: string; ref_id?: string; source?: string; children?: Array<Node> }
const all = (node: Node): Array<Node> => [node, ...(node.children ?? []).flatMap(all)]

/** The browser window's title as the X server has it. */
const xTitle = (pid: number): string => {
  const env = { ...process.env, ...desktop().env }
  try {
    const ids = execFileSync("xdotool", ["search", "--onlyvisible", "--pid", String(pid)], { env, encoding: "utf8" }).trim().split("\n")
    return ids.map((id) => execFileSync("xdotool", ["getwindowname", id], { env, encoding: "utf8" }).trim()).join("\n")
  } catch {
    return ""
  }
}
/** Polls, bounded (30 s: a browser busy starting under load), until `good` holds; answers the last read. */
const within = async <A>(read: () => Promise<A>, good: (a: A) => boolean): Promise<A> => {
  let last = await read()
  for (let i = 0; i < 150 && !good(last); i++) {
    await new Promise((wake) => setTimeout(wake, 200))
    last = await read()
  }
  return last
}
const titleUntil = (pid: number, wanted: string) => within(async () => xTitle(pid), (title) => title.includes(wanted))

/** Characters a keyboard layout does not have, symbols a shell or a key name would mangle, and combining marks. */
const UNUSUAL = "Zoë ü€😀 /-&>\"' e\u0301 日本"

describe.skipIf(!haveFirefox)("a Firefox page with a WebDriver BiDi endpoint: text without --headed", () => {
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("launch --cdp reports the BiDi endpoint; type, set-value and clear on AT-SPI refs go in through it", async () => {
    desktop()
    writeFileSync(page, FIELDS)
    mkdirSync(profile, { recursive: true })
    writeFileSync(join(profile, "user.js"), PREFS)
    // Refused before anything starts: switches of its own for the endpoint, a port another process holds.
    const conflict = await run("launch", { app: "firefox", cdp: 0, arg: ["--no-remote", "-remote-debugging-port", "9333"] })
    expect(conflict.error).toMatchObject({ code: "INVALID_ARGS", details: { kind: "cdp_switch_conflict", switch: "-remote-debugging-port" } })
    const holder = await new Promise<net.Server>((resolve) => {
      const server = net.createServer()
      server.listen({ host: "127.0.0.1", port: 0 }, () => resolve(server))
    })
    const taken = await run("launch", { app: "firefox", cdp: (holder.address() as net.AddressInfo).port })
    holder.close()
    expect(taken.error).toMatchObject({ code: "INVALID_ARGS", details: { kind: "cdp_port_in_use" } })

    // `firefox` is Debian's wrapper script: launch cannot see the Gecko app behind it, gives Chromium's switches (Firefox
    // takes the port and ignores the address) and recognises the endpoint by its protocol.
    const launched = await ok("launch", {
      app: "firefox",
      cdp: 0,
      env: ["MOZ_DISABLE_CONTENT_SANDBOX=1", "GNOME_ACCESSIBILITY=1"],
      arg: ["--no-remote", "--profile", profile, `file://${page}`],
      timeout: 90_000
    })
    started.push(launched.pid)
    expect(launched.renderer).toBeUndefined()
    expect(launched.cdp).toMatchObject({ protocol: "webdriver-bidi", websocket_url: `ws://127.0.0.1:${launched.cdp.port}/session` })
    expect(launched.cdp.product).toMatch(/^firefox\/153\./)
    await titleUntil(launched.pid, "fields")
    // A running browser cannot gain an endpoint: refused, nothing started.
    const again = await run("launch", { app: "firefox", cdp: 0 })
    expect(again.error).toMatchObject({ code: "ACTION_FAILED", details: { kind: "cdp_requires_fresh_launch" } })

    const field = (name: string) =>
      within(async () => all((await ok("snapshot", { app: "Firefox", interactive_only: true })).tree)
        .filter((node) => node.role === "textfield" && node.name === name), (found) => found.length === 1)
        .then((found) => {
          expect(found).toHaveLength(1)
          expect(found[0]!.source ?? "atspi").toBe("atspi")
          return found[0]!.ref_id!
        })

    const typed = await ok("type", { ref_id: await field("Name"), text: UNUSUAL })
    expect(typed.steps.map((s: { label: string }) => s.label)).toEqual(["Component.GrabFocus", "input.performActions"])
    expect(typed.disposition.delivery).toMatch(/^delivered_/)
    expect(await titleUntil(launched.pid, `input name=${UNUSUAL}|true`)).toContain(`input name=${UNUSUAL}|true`)

    // A field that never had the focus takes typed text at its end.
    await ok("type", { ref_id: await field("City"), text: "is" })
    expect(await titleUntil(launched.pid, "input city=Paris|")).toContain("input city=Paris|")

    // set-value replaces, and leaving the field gives the page its (trusted) change event.
    await ok("set-value", { ref_id: await field("Notes"), value: "ring twice" })
    expect(await titleUntil(launched.pid, "change notes=ring twice|true")).toContain("change notes=ring twice|true")
    await ok("set-value", { ref_id: await field("Notes"), value: "once" })
    expect(await titleUntil(launched.pid, "change notes=once|true")).toContain("change notes=once|true")

    await ok("clear", { ref_id: await field("Name") })
    expect(await titleUntil(launched.pid, "change name=|true")).toContain("change name=|true")

    // A character WebDriver reserves for its key names (the private use area) cannot go in as itself: refused, unsent.
    const refused = await run("type", { ref_id: await field("City"), text: "a\uE007" })
    expect(refused.ok).toBe(false)
    expect(refused.error).toMatchObject({ code: "ACTION_NOT_SUPPORTED", disposition: { delivery: "not_delivered" } })
    await new Promise((wake) => setTimeout(wake, 500))
    expect(xTitle(launched.pid)).toContain("change name=|true")
    await ok("close-app", { app: "Firefox", force: true })
  }, 240_000)
})
