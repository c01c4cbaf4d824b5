/** The focused element as the page describes it (FOCUSED_FIELD in BidiPage.ts). */
export interface FieldDescription {
  readonly tag: string
  readonly type?: string
  readonly role?: string
  readonly contentEditable: boolean
  readonly hasList?: boolean
}

const TEXT_INPUT_TYPES = new Set(["", "text", "search", "email", "url", "tel", "password"])

/**
 * The contract roles the platform's accessibility gives a focused element of this description (AT-SPI's entry,
 * password text and text are `textfield`, a spin button `incrementor`, an autocomplete or combo box `combobox`),
 * so a field focused through accessibility can be told apart from another element holding the page's focus. An
 * explicit ARIA role decides first; an element that takes no text answers none.
 */
export const contractRolesOfField = (field: FieldDescription): ReadonlySet<string> => {
  const aria = field.role?.trim().split(/\s+/)[0]?.toLowerCase()
  if (aria === "textbox" || aria === "searchbox") return new Set(["textfield"])
  if (aria === "combobox") return new Set(["combobox", "textfield"])
  if (aria === "spinbutton") return new Set(["incrementor"])
  const tag = field.tag.toLowerCase()
  if (tag === "textarea") return new Set(["textfield"])
  if (tag === "input") {
    const type = (field.type ?? "").toLowerCase()
    if (type === "number") return new Set(["incrementor"])
    if (TEXT_INPUT_TYPES.has(type)) return new Set(field.hasList === true ? ["combobox", "textfield"] : ["textfield"])
    return new Set()
  }
  // An editable region without a role: Firefox exposes it as an entry, a section or a paragraph.
  if (field.contentEditable) return new Set(["textfield", "group", "paragraph", "document"])
  return new Set()
}
