/**
 * What the clipboard holds, as X11 selection targets: text as UTF8_STRING (and the older names apps still ask
 * for), an image as image/png, files as text/uri-list plus GNOME's copied-files list and their paths as text.
 */
import { pathToFileURL } from "node:url"

export type ClipboardContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly png: Uint8Array }
  | { readonly type: "file_urls"; readonly paths: ReadonlyArray<string> }

export interface SelectionItem {
  readonly target: string
  readonly type: string
  /** base64, so the item survives JSON on its way to the owner process */
  readonly data: string
}

const item = (target: string, data: Buffer, type = target): SelectionItem => ({ target, type, data: data.toString("base64") })

export const selectionItems = (content: ClipboardContent): ReadonlyArray<SelectionItem> => {
  switch (content.type) {
    case "text": {
      const utf8 = Buffer.from(content.text, "utf8")
      return [
        item("UTF8_STRING", utf8),
        item("text/plain;charset=utf-8", utf8),
        item("TEXT", utf8, "UTF8_STRING"),
        item("STRING", Buffer.from(content.text, "latin1")),
        item("text/plain", utf8)
      ]
    }
    case "image":
      return [item("image/png", Buffer.from(content.png))]
    case "file_urls": {
      const urls = content.paths.map((p) => pathToFileURL(p).href)
      return [
        item("text/uri-list", Buffer.from(urls.map((u) => `${u}\r\n`).join(""), "utf8")),
        item("x-special/gnome-copied-files", Buffer.from(["copy", ...urls].join("\n"), "utf8")),
        item("UTF8_STRING", Buffer.from(content.paths.join("\n"), "utf8"))
      ]
    }
  }
}

/** file:// URLs of a text/uri-list (comments and other schemes dropped). */
export const parseUriList = (text: string): ReadonlyArray<string> =>
  text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0 && !line.startsWith("#"))
