/**
 * Text the session's keyboard layout cannot type, refused whole before a key is sent: GNOME's and KDE's input channels
 * type through the compositor's own keymap and cannot add keysyms to it (wlroots' virtual keyboard can).
 */
export class OutsideLayout extends Error {
  constructor(readonly characters: ReadonlyArray<string>) {
    super(`the session's keyboard layout has no key for ${characters.map((c) => JSON.stringify(c)).join(", ")}; nothing was typed`)
  }
}
