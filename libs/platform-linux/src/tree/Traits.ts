/**
 * What kind of element a node is, beyond its contract role (ObservedNode.traits): its AT-SPI role (a password entry,
 * a terminal, an entry and a text view are all `textfield`), the interfaces that say what it can do, and whether it
 * holds one line or many. Identity asks it only where twins' stable fields tie (domain's IdentityContext.ts), so it
 * holds only what stays the same while the object lives: not Hypertext or Hyperlink (a browser adds them as
 * content changes), nor Collection, Application or Accessible (on everything).
 */
import { AtspiState } from "../atspi/States.js"
import type { RawNode } from "./RawNode.js"

const KIND_INTERFACES = ["Action", "Component", "Document", "EditableText", "Image", "Selection", "Table", "TableCell", "Text", "Value"]
const BIT = new Map(KIND_INTERFACES.map((name, i) => [name, 1 << i]))

/** A short string, the same whatever order the interfaces were listed in (the cache and a live read may differ). */
export const traitsOf = (node: RawNode): string => {
  let mask = 0
  for (const name of node.interfaces) mask |= BIT.get(name) ?? 0
  const lines = node.states.has(AtspiState.multiLine) ? "m" : node.states.has(AtspiState.singleLine) ? "s" : ""
  return `${node.role}.${mask.toString(36)}${lines}`
}
