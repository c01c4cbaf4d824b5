/**
 * The CLIPBOARD selection: reading a target through the addon's helper window, and clearing it. Owning it is a
 * detached process (`ClipboardOwnerProcess.ts`), since an X11 selection lives only as long as its owner.
 */
import type { ClipboardFormat } from "@agent-desktop/platform"
import { parseUriList, type ClipboardContent } from "../ClipboardContent.js"
import type { X11Connection } from "../X11Connection.js"

const TEXT_TARGETS = ["UTF8_STRING", "text/plain;charset=utf-8", "STRING", "TEXT", "text/plain"]

export class X11Clipboard {
  constructor(private readonly connection: X11Connection) {}

  /** The targets the clipboard's owner offers (empty without an owner). */
  targets(timeoutMs = 2000): ReadonlyArray<string> {
    const got = this.connection.addon.selectionGet("CLIPBOARD", "TARGETS", timeoutMs)
    return got && Array.isArray(got.data) ? (got.data as ReadonlyArray<string>) : []
  }

  /** The clipboard converted to `target`, or undefined when there is no owner or it refused. */
  bytes(target: string, timeoutMs = 5000): Buffer | undefined {
    const got = this.connection.addon.selectionGet("CLIPBOARD", target, timeoutMs)
    return got && Buffer.isBuffer(got.data) ? got.data : undefined
  }

  clear(): boolean {
    return this.connection.addon.selectionClear("CLIPBOARD")
  }

  /** What the clipboard holds in `format` (auto: an image, then files, then text); undefined when none. */
  read(format: ClipboardFormat): ClipboardContent | undefined {
    const targets = this.targets()
    if (targets.length === 0) return undefined
    const wants = format === "auto" ? (["image", "file_urls", "text"] as const) : [format]
    for (const want of wants) {
      if (want === "image" && targets.includes("image/png")) {
        const png = this.bytes("image/png")
        if (png) return { type: "image", png }
      }
      if (want === "file_urls" && targets.includes("text/uri-list")) {
        const list = this.bytes("text/uri-list")
        if (list) {
          const paths = parseUriList(list.toString("utf8"))
            .filter((u) => u.startsWith("file://"))
            .map((u) => decodeURIComponent(new URL(u).pathname))
          if (paths.length > 0) return { type: "file_urls", paths }
        }
      }
      if (want === "text") {
        const target = TEXT_TARGETS.find((t) => targets.includes(t))
        if (target) {
          const bytes = this.bytes(target)
          if (bytes) return { type: "text", text: bytes.toString(target === "STRING" ? "latin1" : "utf8") }
        }
      }
    }
    return undefined
  }
}
