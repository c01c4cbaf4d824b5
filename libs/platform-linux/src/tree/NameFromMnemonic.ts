/**
 * Names without the mnemonic markup a toolkit leaks into them. GTK 4.8 names a button made with a mnemonic label by
 * the label's raw text followed by the label's name ("_Share Share", xdg-desktop-portal-gnome 43's Share button;
 * "_Message Dialog Message Dialog" in gtk4-demo) and a check button by the raw text alone ("_Remember"), so `find
 * --name Share --exact` missed them. Only for toolkits whose profile says so; and only where what is shown confirms
 * it: the name is the raw text and its shown text, or a child (at most two levels down) shows the text without the
 * marker. A name with an underscore that is no mnemonic ("file_name.txt") stays as it is.
 */
import type { RawTree } from "./RawTree.js"

const maxDepth = 2

/** `_S` is the mnemonic S; `__` is a literal underscore. */
export const withoutMnemonic = (text: string): string => text.replace(/_(_|.)/gsu, "$1")

const shownBelow = (tree: RawTree, text: string, depth: number): boolean => {
  if (depth > maxDepth) return false
  return (tree.children ?? []).some((child) => child.node.name === text || shownBelow(child, text, depth + 1))
}

/** The name `name` stands for, given what the node shows below it; undefined when it carries no mnemonic. */
export const mnemonicFreeName = (name: string, shows: (text: string) => boolean): string | undefined => {
  if (!name.includes("_")) return undefined
  // "<raw text> <shown text>": the shown text, when the raw one without its marker is exactly it.
  for (let at = name.indexOf(" "); at > 0; at = name.indexOf(" ", at + 1)) {
    const raw = name.slice(0, at)
    const shown = name.slice(at + 1)
    if (raw.includes("_") && withoutMnemonic(raw) === shown) return shown
  }
  const plain = withoutMnemonic(name)
  return plain !== name && shows(plain) ? plain : undefined
}

export const nameFromMnemonic = (tree: RawTree): void => {
  const { node } = tree
  if (node.computedName === undefined && node.name.includes("_")) {
    const name = mnemonicFreeName(node.name, (text) => shownBelow(tree, text, 1))
    if (name !== undefined) node.computedName = name
  }
  for (const child of tree.children ?? []) nameFromMnemonic(child)
}
