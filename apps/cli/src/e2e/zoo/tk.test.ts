import { spawnWindowed, type WindowedApp } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll } from "vitest"
import { tempHome } from "../../test/binary.js"
import { fileUntil, haveAll, ok, until, useZoo, xActiveTitle } from "./zoo.js"

/**
 * Tk 8.6 (wish): a form with a label, an entry and a Submit button. Tk has no AT-SPI bridge: the app shows a window
 * and no accessible tree, so the pixel route (screenshot, --headed pointer, keys) is the way that works. The form
 * prints what is submitted and, once mapped, where its widgets are on the screen (the test's stand-in for reading a
 * screenshot); both go to its log.
 */
const wish = "/usr/bin/wish"
const files = tempHome("zoo-tk-files")
const script = join(files, "form.tcl")
const title = "Zoo Tk Form"

const form = `wm title . {${title}}
wm geometry . +40+40
label .l -text "Name:"
entry .e -width 30
button .b -text Submit -command { puts "submitted [.e get]"; flush stdout }
pack .l .e .b -padx 8 -pady 4
focus .e
bind . <Map> { after 200 { foreach w {.e .b} { puts "at $w [winfo rootx $w] [winfo rooty $w] [winfo width $w] [winfo height $w]" }; flush stdout } }
`

describe.skipIf(!haveAll("tk", wish))("zoo: Tk (wish, no accessibility)", () => {
  writeFileSync(script, form)
  const zoo = useZoo("tk", [])
  const { cli } = zoo
  let started: WindowedApp | undefined

  beforeAll(async () => {
    // A UTF-8 locale: in the C locale Xlib turns a typed € into "?" before Tk sees it (and Tcl prints é as Latin-1).
    started = await spawnWindowed(zoo.desktop().stateDir, zoo.env(), "wish", [wish, script], title, 20_000, { LANG: "C.UTF-8", LC_ALL: "C.UTF-8" })
  }, 30_000)

  /** The centre of a widget, from what the form printed. */
  const centre = (widget: string): string => {
    const line = fileUntil(started!.logPath, (text) => text.includes(`at ${widget} `)).split("\n").find((entry) => entry.startsWith(`at ${widget} `))!
    const [x, y, width, height] = line.split(" ").slice(2).map(Number) as [number, number, number, number]
    return `${x + Math.round(width / 2)},${y + Math.round(height / 2)}`
  }
  /** Clicks into the entry and presses `keys` (the tool's own pointer and keys, as an agent would). */
  const fill = (keys: ReadonlyArray<string>) => {
    ok(cli("--headed", "mouse-click", "--xy", centre(".e")))
    assert.strictEqual(until(() => xActiveTitle(zoo.env()), (active) => active === title), title)
    for (const key of keys) ok(cli("press", key))
  }

  it("the pixel route: screenshot, --headed mouse-click into the entry, keys, click Submit (the form prints the text)", () => {
    const shot = join(files, "screen.png")
    ok(cli("screenshot", shot))
    assert.isTrue(existsSync(shot))
    fill(["z", "o", "o", "space", "t", "k"])
    ok(cli("--headed", "mouse-click", "--xy", centre(".b")))
    assert.include(fileUntil(started!.logPath, (text) => text.includes("submitted zoo tk")), "submitted zoo tk\n")
  })

  // was defect no-tree-invisible, its Tk half (DEFECTS.md, Fixed)
  it("list-windows lists the Tk window; snapshot and status name the missing tree, what serves it and the pixel route", () => {
    ok(cli("--headed", "mouse-click", "--xy", centre(".e")))
    assert.strictEqual(until(() => xActiveTitle(zoo.env()), (active) => active === title), title, "the X server has the Tk window active")
    const windows = ok(cli("list-windows")) as unknown as Array<Record<string, any>>
    const tk = windows.find((window) => window["title"] === title)
    assert.isDefined(tk, JSON.stringify(windows))
    assert.strictEqual(tk!["pid"], started!.pid)
    assert.strictEqual(tk!["accessibility"]["tree"], "absent")
    // No app named: the focused window, which is the Tk window (not "no window is focused").
    const snapshot = ok(cli("snapshot"))
    assert.strictEqual(snapshot["window"]["title"], title)
    const accessibility = snapshot["accessibility"] as Record<string, any>
    assert.strictEqual(accessibility["tree"], "absent")
    assert.match(accessibility["fix"], /--headed|screenshot/)
    assert.include(accessibility["fix"], "Tk")
    if ((accessibility["sources"] as Array<string>).includes("ocr")) {
      const lines = (snapshot["tree"]["children"] ?? []) as Array<Record<string, any>>
      assert.match(lines.map((line) => String(line["name"])).join("\n"), /Name:|Submit/, JSON.stringify(lines))
    }
    const status = ok(cli("status"))
    const about = (status["problems"] as Array<string>).filter((problem) => problem.includes(`PID ${started!.pid}`))
    assert.lengthOf(about, 1, JSON.stringify(status["problems"]))
    assert.include(about[0], title)
  })

  it("press types - / . > & into the Tk entry (the form prints them)", () => {
    // Tk's entry: ctrl+a to the start, ctrl+k deletes to the end.
    fill(["ctrl+a", "ctrl+k", "a", "minus", "b", "slash", "c", "period", "d", "greater", "e", "ampersand", "f"])
    ok(cli("--headed", "mouse-click", "--xy", centre(".b")))
    assert.include(fileUntil(started!.logPath, (text) => text.includes("submitted a-b/c.d>e&f")), "submitted a-b/c.d>e&f\n")
  })

  it("press --text types into the Tk entry, characters the layout lacks included (the form prints them)", () => {
    fill(["ctrl+a", "ctrl+k"])
    ok(cli("press", "--text", "x-y/€α é"))
    ok(cli("--headed", "mouse-click", "--xy", centre(".b")))
    assert.include(fileUntil(started!.logPath, (text) => text.includes("submitted x-y/€α é")), "submitted x-y/€α é\n")
  })
})
