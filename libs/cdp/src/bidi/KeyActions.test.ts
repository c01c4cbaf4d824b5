import { describe, expect, it } from "vitest"
import { keyActionsOfText, performKeys, unsendableCharacter, WEBDRIVER_KEYS } from "./KeyActions.js"

const values = (text: string) => keyActionsOfText(text).filter((a) => a.type === "keyDown").map((a) => a.value)

describe("text as WebDriver key actions", () => {
  it("one keyDown/keyUp pair per code point, astral characters and combining marks included", () => {
    expect(keyActionsOfText("a😀")).toEqual([
      { type: "keyDown", value: "a" }, { type: "keyUp", value: "a" },
      { type: "keyDown", value: "😀" }, { type: "keyUp", value: "😀" }
    ])
    expect(values("e\u0301/-&>\"' 日")).toEqual(["e", "\u0301", "/", "-", "&", ">", "\"", "'", " ", "日"])
  })

  it("a line break (\\n, \\r\\n or \\r) is the Enter key, a tab the Tab key", () => {
    expect(values("a\nb\r\nc\rd\te")).toEqual(["a", WEBDRIVER_KEYS.enter, "b", WEBDRIVER_KEYS.enter, "c", WEBDRIVER_KEYS.enter, "d", WEBDRIVER_KEYS.tab, "e"])
  })

  it("private-use characters (WebDriver's key names) and control characters cannot be sent as themselves", () => {
    expect(unsendableCharacter("Zoë ü€😀 /-&>\n\t")).toBeUndefined()
    expect(unsendableCharacter("ab\uE007")).toMatchObject({ character: "\uE007", index: 2 })
    expect(unsendableCharacter("😀\uF8FF")).toMatchObject({ index: 1 })
    expect(unsendableCharacter("a\u0007")).toMatchObject({ character: "\u0007", index: 1 })
    expect(unsendableCharacter("\u0085")).toMatchObject({ index: 0 })
  })

  it("performActions parameters: one key source in the context", () => {
    expect(performKeys("ctx", keyActionsOfText("x"))).toEqual({
      context: "ctx",
      actions: [{ type: "key", id: "agent-desktop-keyboard", actions: [{ type: "keyDown", value: "x" }, { type: "keyUp", value: "x" }] }]
    })
  })
})
