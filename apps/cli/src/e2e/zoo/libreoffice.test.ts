import { resolveApp } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { tempHome } from "../../test/binary.js"
import { goToCell, onlyRef, probeCalc } from "../realapps/calc.js"
import { haveAll, ok, until, useZoo, xWindowsNamed } from "./zoo.js"

/**
 * LibreOffice Calc 7.4 (GTK 3 plugin) for the defect its Name Box showed; the Calc real-app suite has the tasks. The
 * Name Box is the unnamed entry of the "Formula Tool Bar" (libatspi: the text inside that tool bar).
 */
const soffice = "/usr/lib/libreoffice/program/soffice.bin"
const files = tempHome("zoo-localc-files")
const csv = join(files, "names.csv")

describe.skipIf(!haveAll("localc", soffice))("zoo: LibreOffice Calc (Name Box)", () => {
  writeFileSync(csv, "a,b\n1,2\n")
  const zoo = useZoo("localc", [resolveApp(`localc:${csv}`, files)], 150_000)
  const { cli } = zoo
  const nameBox = () => String(probeCalc(zoo.env(), "within", "tool bar", "Formula Tool Bar", "text")["text"])

  it("the Name Box moves the cell cursor (libatspi reads the address in it)", () => {
    // soffice registers on AT-SPI before its window exists (a loaded machine showed "soffice has no windows").
    assert.isAbove(until(() => xWindowsNamed(zoo.env(), "LibreOffice Calc$").length, (count) => count > 0, 60_000), 0, "Calc shows its window")
    until(() => goToCell(cli, "B2"), () => true, 30_000)
    assert.strictEqual(until(nameBox, (text) => text === "B2"), "B2")
  })

  it("clear on the Name Box is no false contradiction: the app refills the emptied box with its first entry, reported unverified with what it shows", () => {
    const box = onlyRef(cli, "--app", "soffice", "--role", "textfield", "--name", "Formula Tool Bar", "--exact")
    const cleared = ok(cli("clear", box, "--timeout-ms", "30000"))
    const shown = nameBox()
    assert.notStrictEqual(shown, "B2")
    // Empty is confirmed; anything else the app put there (LibreOffice 7.4: "Manage Names...") is reported as seen.
    if (shown !== "") {
      assert.strictEqual(cleared["disposition"]["delivery"], "delivered_unverified", JSON.stringify(cleared))
      assert.strictEqual(cleared["post_state"]["value"], shown)
    }
  })
})
