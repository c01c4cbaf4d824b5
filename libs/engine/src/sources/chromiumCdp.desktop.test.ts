/**
 * The `cdp` source end to end: Debian's Chromium started by `launch --cdp` without renderer accessibility (AT-SPI
 * shows nothing of its page) on the project's form page. An agent fills and submits the form through the refs of a
 * snapshot, without --headed: typing, replacing a value, a checkbox, an option of a select, the Submit button. The
 * page writes every event it sees into its title; the test reads the title from the X server (xdotool), not through
 * the tool. Every envelope is checked against the strict schema (linuxEngine).
 */
import { fixturePath } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"
import { isAlive } from "../commands/native/processes.js"

const CHROMIUM = "/usr/bin/chromium"
const haveChromium = existsSync(CHROMIUM)
if (!haveChromium) process.stderr.write("cdp source suite: skipped, /usr/bin/chromium is not installed\n")

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-cdp-src-"))
const profile = mkdtempSync(join(tmpdir(), "ad-cdp-src-profile-"))
const { run, ok } = linuxEngine(home)
const started: Array<number> = []

type Node = { role: string; name?: string; value?: string; ref_id?: string; source?: string; states?: Array<string>; children?: Array<Node> }
const all = (node: Node): Array<Node> => [node, ...(node.children ?? []).flatMap(all)]

/** The browser window's title as the X server has it. */
const xTitle = (pid: number): string => {
  try {
    const ids = execFileSync("xdotool", ["search", "--onlyvisible", "--pid", String(pid)], { env: { ...process.env, ...desktop().env }, encoding: "utf8" }).trim().split("\n")
    return ids.map((id) => execFileSync("xdotool", ["getwindowname", id], { env: { ...process.env, ...desktop().env }, encoding: "utf8" }).trim()).join("\n")
  } catch {
    return ""
  }
}
const titleUntil = async (pid: number, wanted: RegExp) => {
  let last = ""
  for (let i = 0; i < 100 && !wanted.test(last); i++) {
    last = xTitle(pid)
    if (!wanted.test(last)) await new Promise((wake) => setTimeout(wake, 100))
  }
  return last
}

describe.skipIf(!haveChromium)("a Chromium form without renderer accessibility, through its DevTools endpoint", () => {
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("is filled and submitted through cdp refs without --headed; the page's own title says what it received", async () => {
    desktop()
    const launched = await ok("launch", {
      app: "chromium",
      cdp: 0,
      arg: ["--no-sandbox", `--user-data-dir=${profile}`, "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu", `file://${fixturePath("form.html")}`],
      timeout: 60_000
    })
    started.push(launched.pid)
    await titleUntil(launched.pid, /far hidden/)
    const snapshot = await ok("snapshot", { app: "Chromium", interactive_only: true })
    expect(snapshot.accessibility).toMatchObject({ tree: "inactive", sources: ["cdp", "ocr"] })
    expect(snapshot.tree.source).toBe("cdp")
    const nodes = all(snapshot.tree)
    const ref = (role: string, name: string) => {
      const found = nodes.filter((node) => node.role === role && node.name === name)
      expect(found, `${role} ${name}`).toHaveLength(1)
      return found[0]!.ref_id!
    }
    const typed = await ok("type", { ref_id: ref("textfield", "Name"), text: "Ada" })
    expect(typed).toMatchObject({ disposition: { delivery: "delivered_verified" }, post_state: { role: "textfield", value: "Ada" } })
    expect(typed.steps.map((s: { label: string }) => s.label)).toEqual(["DOM.focus", "Input.insertText"])
    expect(await titleUntil(launched.pid, /input name=Ada/)).toMatch(/input name=Ada/)
    await ok("set-value", { ref_id: ref("textfield", "Notes"), value: "ring twice" })
    expect(await titleUntil(launched.pid, /change notes=ring twice/)).toMatch(/change notes=ring twice/)
    const checked = await ok("check", { ref_id: ref("checkbox", "Subscribe") })
    expect(checked.post_state.states).toContain("checked")
    const chosen = await ok("select", { ref_id: ref("combobox", "Color"), value: "Blue" })
    expect(chosen.disposition.delivery).toMatch(/^delivered_/)
    expect(await titleUntil(launched.pid, /change color=Blue/)).toMatch(/change color=Blue/)
    await ok("click", { ref_id: ref("button", "Submit") })
    const title = await titleUntil(launched.pid, /submitted/)
    expect(title).toMatch(/submitted name=Ada;notes=ring twice;.*subscribe=true;color=Blue/)

    // A refused option names the ones there are, and nothing is sent.
    const missing = await run("select", { ref_id: ref("combobox", "Color"), value: "Purple" })
    expect(missing.error).toMatchObject({ code: "ACTION_FAILED", details: { kind: "no_option", options: ["Red", "Green", "Blue"] } })
    expect(missing.error.disposition.delivery).not.toBe("delivered_verified")
  }, 180_000)

  it("a browser that is gone: its refs are stale, not sent", async () => {
    const snapshot = await ok("snapshot", { app: "Chromium", interactive_only: true })
    const submit = all(snapshot.tree).find((node) => node.role === "button" && node.name === "Submit")!.ref_id!
    await ok("close-app", { app: "Chromium", force: true })
    const gone = await run("click", { ref_id: submit })
    expect(gone.error.disposition).toMatchObject({ delivery: "not_delivered", retry: "safe" })
    expect(["STALE_REF", "APP_NOT_FOUND", "WINDOW_NOT_FOUND"]).toContain(gone.error.code)
  }, 60_000)
})
