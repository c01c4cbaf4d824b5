import { assert, describe, it } from "@effect/vitest"
import { mnemonicFreeName, withoutMnemonic } from "./NameFromMnemonic.js"

const nothingShown = () => false

describe("names without leaked mnemonic markup", () => {
  it("takes the shown text of '<raw text> <shown text>' (GTK 4.8 buttons)", () => {
    assert.strictEqual(mnemonicFreeName("_Share Share", nothingShown), "Share")
    assert.strictEqual(mnemonicFreeName("_Message Dialog Message Dialog", nothingShown), "Message Dialog")
    assert.strictEqual(mnemonicFreeName("Save _As Save As", nothingShown), "Save As")
  })

  it("drops the marker where a child shows the text without it (GTK 4.8 check buttons)", () => {
    assert.strictEqual(mnemonicFreeName("_Remember", (text) => text === "Remember"), "Remember")
    assert.isUndefined(mnemonicFreeName("_Remember", nothingShown))
  })

  it("keeps underscores that are no mnemonic", () => {
    assert.isUndefined(mnemonicFreeName("file_name.txt", nothingShown))
    assert.isUndefined(mnemonicFreeName("Open file_name.txt", nothingShown))
    assert.isUndefined(mnemonicFreeName("Share", nothingShown))
  })

  it("reads a doubled underscore as a literal one", () => {
    assert.strictEqual(withoutMnemonic("a__b _Copy"), "a_b Copy")
  })
})
