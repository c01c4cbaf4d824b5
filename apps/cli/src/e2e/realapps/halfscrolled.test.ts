import { fixturePath, systemPython } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { fileUntil, findRef, haveAll, ok, pause, useZoo } from "../zoo/zoo.js"
import { probe } from "./realApp.js"

/**
 * Pointer input aims at what can be seen of an element: a GTK 3 button half scrolled out of its scrolled window
 * (fixtures/halfscrolled.py) reports its full extent over AT-SPI, whose centre lies under the viewport's edge, on the
 * button "Below" outside the scrolled window. A pointer click on "Half" must land on "Half"; the app prints what
 * was pressed (its own log is the read-back).
 */
describe.skipIf(!haveAll("halfscrolled", systemPython))("a GTK 3 button half scrolled out of view", () => {
  const zoo = useZoo("halfscrolled", [{ name: "halfscrolled", argv: [systemPython, fixturePath("halfscrolled.py")] }])
  const { cli } = zoo

  it("--headed double-click on it presses it at its visible part (the app prints pressed Half, never pressed Below)", () => {
    const log = zoo.desktop().apps.find((app) => app.name === "halfscrolled")!.logPath
    assert.include(fileUntil(log, (text) => text.includes("ready")), "ready")
    // The premise, from libatspi: the centre of Half's full extent lies below its scrolled window, on Below.
    const half = probe(zoo.env(), ["extents", "halfscrolled", "push button", "Half"]).json["node"]["screen"] as Array<number>
    const pane = probe(zoo.env(), ["extents", "halfscrolled", "scroll pane", ""]).json["node"]["screen"] as Array<number>
    assert.isAbove(half[1]! + half[3]! / 2, pane[1]! + pane[3]!, "Half's centre is out of the scrolled window's view")
    assert.isBelow(half[1]!, pane[1]! + pane[3]!, "Half's top is in view")

    ok(cli("--headed", "double-click", findRef(cli, "halfscrolled", "button", "Half")))
    const printed = fileUntil(log, (text) => text.includes("pressed"))
    pause(500)
    const after = fileUntil(log, () => true)
    assert.include(printed, "pressed Half")
    assert.notInclude(after, "pressed Below")
  })
})
