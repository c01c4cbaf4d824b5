/**
 * AT-SPI roles whose objects never hold children in the toolkits the mirror keeps (GTK 3): a childless node of any
 * other role may be an empty container that gains a child without an event (TreeMirror checks its child count).
 */
const leafRoles: ReadonlySet<number> = new Set([
  1, // accelerator label
  7, // check box
  26, // icon
  27, // image
  29, // label
  40, // password text
  42, // progress bar
  43, // push button
  44, // radio button
  48, // scroll bar
  50, // separator
  51, // slider
  52, // spin button
  61, // text
  62, // toggle button
  79 // entry
])

export const holdsChildren = (role: number): boolean => !leafRoles.has(role)
