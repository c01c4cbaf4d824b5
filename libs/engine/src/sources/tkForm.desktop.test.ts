/**
 * The `ocr` source end to end on a Tk form (wish 8.6: Tk has no accessibility bridge, so AT-SPI knows nothing of it)
 * on Xvfb + openbox: list-windows and list-apps name the window and its app with what can still serve them, a
 * snapshot reads its text into refs, and an agent fills and submits it through those refs — set-value on the
 * entry's text, a click on the check button's label and on Submit — with --headed (refused without it, naming
 * it). The form prints what was submitted to its log: the channel the test verifies through. Every envelope is
 * checked against the strict schema (linuxEngine), and pinned to 2.6 the same snapshot has no 2.7 field.
 */
import { spawnWindowed, type WindowedApp } from "@agent-desktop/desktop"
import { convertEnvelope } from "@agent-desktop/contracts/convert"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const WISH = "/usr/bin/wish"
const haveWish = existsSync(WISH)
if (!haveWish) process.stderr.write("Tk OCR suite: skipped, /usr/bin/wish (tk) is not installed\n")

const title = "Tk Sign Up"
const form = `wm title . {${title}}
wm geometry . 420x220+60+60
option add *font {DejaVuSans 12}
label .l -text "Full name"
entry .e -width 24
.e insert 0 "Your name here"
checkbutton .c -text "Send me the newsletter" -variable news
button .b -text "Create account" -command { puts "submitted name=[.e get] news=$news"; flush stdout }
pack .l .e .c .b -padx 10 -pady 6 -anchor w
`

const home = mkdtempSync(join(tmpdir(), "ad-tk-ocr-"))
const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const { run, ok } = linuxEngine(home)

type Node = { role: string; name?: string; ref_id?: string; source?: string; bounds?: unknown; confidence?: number; children?: Array<Node> }
const all = (node: Node): Array<Node> => [node, ...(node.children ?? []).flatMap(all)]
const logged = async (app: WindowedApp, line: string) => {
  for (let i = 0; i < 100; i++) {
    if (readFileSync(app.logPath, "utf8").includes(line)) return true
    await new Promise((wake) => setTimeout(wake, 50))
  }
  return false
}

describe.skipIf(!haveWish)("a Tk form through OCR refs", () => {
  let app: WindowedApp
  beforeAll(async () => {
    const script = join(home, "form.tcl")
    writeFileSync(script, form)
    app = await spawnWindowed(desktop().stateDir, { ...process.env, ...desktop().env }, "wish", [WISH, script], title)
  }, 60_000)

  it("lists the window and its app as having no tree, served by OCR", async () => {
    const windows = await ok("list-windows") as Array<Record<string, any>>
    const tk = windows.find((window) => window["title"] === title)
    expect(tk).toMatchObject({ pid: app.pid, accessibility: { tree: "absent", sources: ["ocr"] } })
    expect(tk!["id"]).toMatch(/^x11-0x[0-9a-f]+$/)
    const apps = (await ok("list-apps")).apps as Array<Record<string, any>>
    expect(apps.find((entry) => entry["pid"] === app.pid)).toMatchObject({ accessibility: { tree: "absent", sources: ["ocr"] } })
    const status = await ok("status")
    expect(status.problems.find((problem: string) => problem.includes(`'${title}'`))).toContain("OCR serves it")
    expect(status.probes.sources).toMatchObject({ ocr: { available: true }, windows_without_tree: [{ title, pid: app.pid, sources: ["ocr"] }] })
  })

  it("fills and submits the form through OCR refs with --headed; without it the action is refused, naming it", async () => {
    const snapshot = await ok("snapshot", { app: "wish", interactive_only: true })
    expect(snapshot.accessibility).toMatchObject({ tree: "absent", sources: ["ocr"] })
    expect(snapshot.tree).toMatchObject({ role: "window", source: "ocr" })
    const nodes = all(snapshot.tree)
    const byText = (text: string) => {
      const found = nodes.find((node) => node.name === text || node.name?.endsWith(` ${text}`))
      if (found?.ref_id === undefined) throw new Error(`no ref for '${text}' in ${JSON.stringify(nodes.map((n) => n.name))}`)
      return found
    }
    const entry = byText("Your name here")
    expect(entry).toMatchObject({ role: "statictext", bounds: expect.any(Object), confidence: expect.any(Number) })

    const refused = await run("set-value", { ref_id: entry.ref_id, value: "Ada Lovelace" })
    expect(refused.error).toMatchObject({ code: "POLICY_DENIED", details: { kind: "ocr_requires_headed" }, disposition: { delivery: "not_delivered" } })
    expect(refused.error.message).toContain("--headed")

    const set = await ok("set-value", { ref_id: entry.ref_id, value: "Ada Lovelace" }, true)
    expect(set.disposition.delivery).toMatch(/^delivered_/)
    expect(set.details.actionability.checks.map((c: { check: string }) => c.check)).toContain("text_present")
    await ok("click", { ref_id: byText("Send me the newsletter").ref_id }, true)
    await ok("click", { ref_id: byText("Create account").ref_id }, true)
    expect(await logged(app, "submitted name=Ada Lovelace news=1")).toBe(true)

    // The entry's text changed: its saved ref no longer finds "Your name here" there, and says what is there now.
    const stale = await run("click", { ref_id: entry.ref_id }, true)
    expect(stale.error).toMatchObject({ code: "STALE_REF", details: { kind: "saved_ref_absent", source: "ocr", reason: "ocr_text_missing" } })
  }, 120_000)

  it("find --text falls back to the screen, and a consumer pinned to 2.6 sees no 2.7 field", async () => {
    // --text is subtree containment: the window and the line that holds the words; the line is an OCR ref.
    const found = await ok("find", { app: "wish", text: "newsletter", role: "statictext" })
    expect(found).toMatchObject({ total_matches: 1, sources: ["ocr"], matches: [{ role: "statictext", source: "ocr", name: expect.stringMatching(/Send me the newsletter$/), interactive: true }] })
    expect(found.matches[0].ref_id).toMatch(/^@s\w+:e\d+$/)
    expect(found.matches[0].bounds).toMatchObject({ width: expect.any(Number), height: expect.any(Number) })
    const envelope = await run("snapshot", { app: "wish" })
    const pinned = convertEnvelope(envelope as never, "2.7", "2.6")
    expect(validateEnvelope("2.6", pinned, { strict: true }).errors).toEqual([])
    expect(JSON.stringify(pinned)).not.toMatch(/"(source|confidence|accessibility|sources)"/)
  }, 60_000)
})
