/**
 * The `ocr` source inside an accessibility tree: Chromium with renderer accessibility shows the project's canvas page
 * (tools/desktop/fixtures/canvas.html) as a tree whose `<canvas>` is one opaque node. The snapshot reads the canvas's
 * own box and puts its text under it as ocr nodes; find --text finds a word only the pixels have; an agent clicks a
 * drawn button through its ref with --headed. The page writes each click into its title, read from the X server.
 */
import { fixturePath } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const haveChromium = existsSync("/usr/lib/chromium/chromium")
if (!haveChromium) process.stderr.write("canvas OCR suite: skipped, Chromium is not installed\n")

const desktop = useDesktop({ apps: haveChromium ? [`chromium:file://${fixturePath("canvas.html")}`] : [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-canvas-"))
const { ok } = linuxEngine(home)

type Node = { role: string; name?: string; ref_id?: string; source?: string; bounds?: Record<string, number>; confidence?: number; children?: Array<Node> }
const all = (node: Node): Array<Node> => [node, ...(node.children ?? []).flatMap(all)]

const xTitles = (): string => {
  const env = { ...process.env, ...desktop().env }
  try {
    const ids = execFileSync("xdotool", ["search", "--onlyvisible", "--name", "Canvas game|clicked"], { env, encoding: "utf8" }).trim().split("\n")
    return ids.map((id) => execFileSync("xdotool", ["getwindowname", id], { env, encoding: "utf8" }).trim()).join("\n")
  } catch {
    return ""
  }
}

describe.skipIf(!haveChromium)("a canvas page: OCR nodes under the opaque canvas", () => {
  it("reads the canvas's text into refs, finds a word only the pixels have, and clicks a drawn button", async () => {
    desktop()
    let snapshot: any
    let drawn: Array<Node> = []
    for (let i = 0; i < 40 && drawn.length === 0; i++) {
      snapshot = await ok("snapshot", { app: "Chromium", interactive_only: true })
      drawn = all(snapshot.tree).filter((node) => node.source === "ocr")
      if (drawn.length === 0) await new Promise((wake) => setTimeout(wake, 250))
    }
    expect(snapshot.tree.source).toBe("atspi")
    expect(snapshot.accessibility).toBeUndefined()
    const start = drawn.find((node) => node.name === "Start game")
    expect(start, JSON.stringify(drawn.map((node) => node.name))).toBeDefined()
    expect(start).toMatchObject({ role: "statictext", ref_id: expect.stringMatching(/^@/), confidence: expect.any(Number) })
    expect(drawn.map((node) => node.name)).toContain("High scores")

    const found = await ok("find", { app: "Chromium", text: "scores", role: "statictext" })
    expect(found.sources).toContain("ocr")
    expect(found.matches).toEqual([expect.objectContaining({ source: "ocr", bounds: expect.any(Object), ref_id: expect.stringMatching(/^@/) })])

    const clicked = await ok("click", { ref_id: start!.ref_id }, true)
    expect(clicked.details.actionability.checks.map((c: { check: string }) => c.check)).toEqual(
      expect.arrayContaining(["visible", "inside_window", "on_screen", "stable_bounds", "topmost_window", "text_present"])
    )
    let titles = ""
    for (let i = 0; i < 50 && !titles.includes("clicked Start game"); i++) {
      titles = xTitles()
      await new Promise((wake) => setTimeout(wake, 100))
    }
    expect(titles).toContain("clicked Start game")
  }, 180_000)
})
