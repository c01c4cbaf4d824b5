import { describe, expect, it } from "vitest"
import { allProfiles } from "./detectToolkit.js"
import { ROWS, TOOLKIT_NOTES } from "./notesTable.js"

describe("the platform skill's toolkit table", () => {
  it("has one row per toolkit profile, each in the table's four columns", () => {
    expect(ROWS).toHaveLength(allProfiles.length)
    const rows = TOOLKIT_NOTES.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| toolkit (tested app)"))
    expect(rows).toHaveLength(allProfiles.length)
    for (const notes of ROWS) {
      for (const cell of [notes.tested, notes.observe, notes.act, notes.limits]) expect(cell).not.toMatch(/ \| |\n/)
    }
  })
})
