import { assert, describe, it } from "@effect/vitest"
import { sameName } from "./AppDirectory.js"

describe("app names as --app matches them", () => {
  it("ignores case, not accents, with or without the collator", () => {
    assert.isTrue(sameName("gnome-calculator", "GNOME-Calculator"))
    assert.isFalse(sameName("calculator", "calculato"))
    assert.isFalse(sameName("soffice", "soffice "))
    assert.isTrue(sameName("Éditeur", "éditeur"))
    assert.isFalse(sameName("Éditeur", "Editeur"))
  })
})
