/**
 * Text into a Chromium page's fields without --headed, when AT-SPI shows the page: Debian's Chromium started by
 * `launch --cdp` with renderer accessibility, so the snapshot's refs are AT-SPI's, whose fields carry no
 * EditableText. `type` and `set-value` focus the field through AT-SPI and put the text in through the DevTools
 * endpoint. The page writes the events it sees into its title; the test reads the title from the X server (xdotool),
 * not through the tool.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isAlive } from "../commands/native/processes.js"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const CHROMIUM = "/usr/bin/chromium"
const haveChromium = existsSync(CHROMIUM)
if (!haveChromium) process.stderr.write("DevTools text entry suite: skipped, /usr/bin/chromium is not installed\n")

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-cdp-text-"))
const profile = mkdtempSync(join(tmpdir(), "ad-cdp-text-profile-"))
const { ok } = linuxEngine(home)
const page = join(home, "fields.html")
/** Three fields, each writing what the page sees into its title: empty, prefilled (never focused), a text area. */
const FIELDS = `<!doctype html><html><head><meta charset="utf-8"><title>fields</title></head><body>
<p><input aria-label="Name" oninput="document.title='input name='+this.value"></p>
<p><input aria-label="City" value="Par" oninput="document.title='input city='+this.value"></p>
<p><textarea aria-label="Notes" onchange="document.title='change notes='+this.value"></textarea></p>
</body></html>`
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
/** Polls, bounded (20 s: a browser busy starting), until `good` holds; answers the last read. */
const within = async <A>(read: () => Promise<A>, good: (a: A) => boolean): Promise<A> => {
  let last = await read()
  for (let i = 0; i < 100 && !good(last); i++) {
    await new Promise((wake) => setTimeout(wake, 200))
    last = await read()
  }
  return last
}
const titleUntil = (pid: number, wanted: RegExp) => within(async () => xTitle(pid), (title) => wanted.test(title))

describe.skipIf(!haveChromium)("a Chromium page AT-SPI shows, with a DevTools endpoint: text without --headed", () => {
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("type and set-value on AT-SPI refs go in through the endpoint; the page's own title says what it received", async () => {
    desktop()
    writeFileSync(page, FIELDS)
    const launched = await ok("launch", {
      app: "chromium",
      cdp: 0,
      arg: [
        "--no-sandbox", "--force-renderer-accessibility", `--user-data-dir=${profile}`, "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-gpu", `file://${page}`
      ],
      timeout: 60_000
    })
    started.push(launched.pid)
    await titleUntil(launched.pid, /^fields/)
    // The page's fields are in AT-SPI's tree (read until Chromium has built it): their refs are not the protocol's.
    const field = (name: string) =>
      within(async () => all((await ok("snapshot", { app: "Chromium", interactive_only: true })).tree)
        .filter((node) => node.role === "textfield" && node.name === name), (found) => found.length === 1)
        .then((found) => {
          expect(found).toHaveLength(1)
          expect(found[0]!.source ?? "atspi").toBe("atspi")
          return found[0]!.ref_id!
        })

    const typed = await ok("type", { ref_id: await field("Name"), text: "Ada" })
    expect(typed.steps.map((s: { label: string }) => s.label)).toEqual(["Component.GrabFocus", "Input.insertText"])
    expect(typed.disposition.delivery).toMatch(/^delivered_/)
    expect(await titleUntil(launched.pid, /input name=Ada/)).toMatch(/input name=Ada/)

    // A field that never had the focus takes typed text at its end (GrabFocus leaves Chromium's caret at the start).
    await ok("type", { ref_id: await field("City"), text: "is" })
    expect(await titleUntil(launched.pid, /input city=Paris/)).toMatch(/input city=Paris/)

    await ok("set-value", { ref_id: await field("Notes"), value: "ring twice" })
    expect(await titleUntil(launched.pid, /change notes=ring twice/)).toMatch(/change notes=ring twice/)
    await ok("close-app", { app: "Chromium", force: true })
  }, 180_000)
})
