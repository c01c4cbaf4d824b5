/**
 * Clipboard content as the MIME types a Wayland selection offers: text under the names Wayland apps ask for and the
 * X11 target names XWayland apps ask for (UTF8_STRING, TEXT, STRING), an image as image/png, files as
 * text/uri-list plus GNOME's copied-files list and their paths as text. Reading picks the first type offered.
 */
import type { ClipboardContent, ClipboardFormat } from "@agent-desktop/platform"
import { pathToFileURL } from "node:url"

export interface MimeItem {
  readonly mime: string
  readonly data: Buffer
}

export const mimeItems = (content: ClipboardContent): ReadonlyArray<MimeItem> => {
  switch (content.type) {
    case "text": {
      const utf8 = Buffer.from(content.text, "utf8")
      return [
        { mime: "text/plain;charset=utf-8", data: utf8 },
        { mime: "text/plain", data: utf8 },
        { mime: "UTF8_STRING", data: utf8 },
        { mime: "TEXT", data: utf8 },
        { mime: "STRING", data: Buffer.from(content.text, "latin1") }
      ]
    }
    case "image":
      return [{ mime: "image/png", data: Buffer.from(content.png) }]
    case "file_urls": {
      const urls = content.paths.map((p) => pathToFileURL(p).href)
      const paths = Buffer.from(content.paths.join("\n"), "utf8")
      return [
        { mime: "text/uri-list", data: Buffer.from(urls.map((u) => `${u}\r\n`).join(""), "utf8") },
        { mime: "x-special/gnome-copied-files", data: Buffer.from(["copy", ...urls].join("\n"), "utf8") },
        { mime: "text/plain;charset=utf-8", data: paths },
        { mime: "UTF8_STRING", data: paths }
      ]
    }
  }
}

/** Text types in the order they are read: the UTF-8 ones first; STRING is Latin-1. */
export const TEXT_MIMES = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING"] as const

/** Which offered type to read for each wanted format, in order (auto: an image, then files, then text). */
export const readPlan = (format: ClipboardFormat, offered: ReadonlyArray<string>): ReadonlyArray<{ readonly type: ClipboardContent["type"]; readonly mime: string }> => {
  const wants = format === "auto" ? (["image", "file_urls", "text"] as const) : [format]
  const plan: Array<{ type: ClipboardContent["type"]; mime: string }> = []
  for (const want of wants) {
    if (want === "image" && offered.includes("image/png")) plan.push({ type: "image", mime: "image/png" })
    if (want === "file_urls" && offered.includes("text/uri-list")) plan.push({ type: "file_urls", mime: "text/uri-list" })
    if (want === "text") {
      const mime = TEXT_MIMES.find((m) => offered.includes(m))
      if (mime) plan.push({ type: "text", mime })
    }
  }
  return plan
}

/** The content read as `type` from bytes of `mime`; undefined when the bytes hold none (a uri-list without files). */
export const contentOf = (type: ClipboardContent["type"], mime: string, bytes: Buffer): ClipboardContent | undefined => {
  switch (type) {
    case "image":
      return { type: "image", png: bytes }
    case "text":
      return { type: "text", text: bytes.toString(mime === "STRING" ? "latin1" : "utf8") }
    case "file_urls": {
      const paths = bytes.toString("utf8").split(/\r?\n/).map((l) => l.trim())
        .filter((l) => l.startsWith("file://"))
        .map((u) => decodeURIComponent(new URL(u).pathname))
      return paths.length > 0 ? { type: "file_urls", paths } : undefined
    }
  }
}
