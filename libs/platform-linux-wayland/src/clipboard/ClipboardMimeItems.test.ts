import { assert, describe, it } from "@effect/vitest"
import { contentOf, mimeItems, readPlan } from "./ClipboardMimeItems.js"

describe("clipboard content as MIME types", () => {
  it("text is offered under the Wayland and the X11 names; STRING is Latin-1", () => {
    const items = mimeItems({ type: "text", text: "é" })
    assert.deepStrictEqual(items.map((i) => i.mime), ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"])
    assert.deepStrictEqual([...items.find((i) => i.mime === "STRING")!.data], [0xe9])
    assert.strictEqual(items[0]!.data.toString("utf8"), "é")
  })

  it("files are a uri-list with CRLF, GNOME's copied-files list and the paths as text", () => {
    const items = mimeItems({ type: "file_urls", paths: ["/tmp/a b.txt"] })
    assert.strictEqual(items.find((i) => i.mime === "text/uri-list")!.data.toString(), "file:///tmp/a%20b.txt\r\n")
    assert.strictEqual(items.find((i) => i.mime === "x-special/gnome-copied-files")!.data.toString(), "copy\nfile:///tmp/a%20b.txt")
    assert.strictEqual(contentOf("file_urls", "text/uri-list", items[0]!.data)?.type, "file_urls")
    assert.deepStrictEqual(contentOf("file_urls", "text/uri-list", items[0]!.data), { type: "file_urls", paths: ["/tmp/a b.txt"] })
  })

  it("auto reads an image, then files, then the best text type offered", () => {
    const offered = ["STRING", "text/uri-list", "image/png", "text/plain;charset=utf-8"]
    assert.deepStrictEqual(readPlan("auto", offered).map((p) => p.mime), ["image/png", "text/uri-list", "text/plain;charset=utf-8"])
    assert.deepStrictEqual(readPlan("text", ["STRING", "TEXT"]).map((p) => p.mime), ["TEXT"])
    assert.deepStrictEqual(readPlan("image", ["text/plain"]), [])
    assert.deepStrictEqual(contentOf("text", "STRING", Buffer.from([0xe9])), { type: "text", text: "é" })
    assert.isUndefined(contentOf("file_urls", "text/uri-list", Buffer.from("# nothing\nhttp://x/\n")))
  })
})
