import { ROLES } from "@agent-desktop/contracts"
import { assert, describe, it } from "@effect/vitest"
import { contractRole } from "./Roles.js"

describe("contractRole", () => {
  it("maps every AT-SPI role (0-129) and unknown numbers into the strict contract vocabulary", () => {
    const vocabulary = new Set<string>(ROLES)
    for (let role = 0; role <= 140; role++) assert.isTrue(vocabulary.has(contractRole(role)), `${role} -> ${contractRole(role)}`)
  })

  it("maps a menu bar to menu (Firefox ESR 153 and LibreOffice 7.4 emitted the invalid role menubar)", () => {
    assert.strictEqual(contractRole(34), "menu")
  })
})
