/**
 * Text as WebDriver key actions (`input.performActions` with a `key` source): one keyDown/keyUp pair per code point,
 * so the page sees trusted keydown, keypress, beforeinput, input and keyup events per character, as from a keyboard,
 * whatever the character (a browser inserts a character its layout lacks as itself). WebDriver reads code points
 * U+E000–U+F8FF (the private use area) as its key names (U+E007 is Enter), so such a character cannot be sent as
 * itself; nor can control characters other than a line break (Enter) and a tab (the Tab key, which moves the focus
 * as a person's would).
 */
export interface KeyAction {
  readonly type: "keyDown" | "keyUp"
  readonly value: string
}

/** WebDriver's key names used here (WebDriver's "normalised key values" table). */
export const WEBDRIVER_KEYS = { enter: "\uE007", tab: "\uE004", delete: "\uE017" } as const

/** A character that cannot go in as itself, and where it is (in code points), or undefined when all can. */
export const unsendableCharacter = (text: string): { readonly character: string; readonly index: number; readonly why: string } | undefined => {
  let index = 0
  for (const character of text) {
    const code = character.codePointAt(0)!
    if (code >= 0xe000 && code <= 0xf8ff) return { character, index, why: "WebDriver reads private-use characters as key names" }
    if ((code < 0x20 && character !== "\n" && character !== "\r" && character !== "\t") || (code >= 0x7f && code < 0xa0)) {
      return { character, index, why: "a control character is no key a person types" }
    }
    index++
  }
  return undefined
}

const press = (value: string): ReadonlyArray<KeyAction> => [{ type: "keyDown", value }, { type: "keyUp", value }]

/** The key actions that type `text` (a line break, `\n`, `\r\n` or `\r`, is the Enter key). Check unsendableCharacter first. */
export const keyActionsOfText = (text: string): ReadonlyArray<KeyAction> =>
  [...text.replace(/\r\n?/g, "\n")].flatMap((character) =>
    press(character === "\n" ? WEBDRIVER_KEYS.enter : character === "\t" ? WEBDRIVER_KEYS.tab : character))

/** One key pressed and released (a WebDriver key name such as WEBDRIVER_KEYS.delete). */
export const keyPress = (value: string): ReadonlyArray<KeyAction> => press(value)

/** The `input.performActions` parameters for `actions` in `context`. */
export const performKeys = (context: string, actions: ReadonlyArray<KeyAction>) => ({
  context,
  actions: [{ type: "key", id: "agent-desktop-keyboard", actions }]
})
