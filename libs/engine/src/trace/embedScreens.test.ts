import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { embeddableScreens, readScreen } from "./embedScreens.js"
import { SCREENS_FOLDER, writeArtifact } from "./Screens.js"

/** The smallest bytes pngSize accepts: signature + IHDR of a w x h image. */
const png = (width: number, height: number) => {
  const bytes = Buffer.alloc(33)
  bytes.writeUInt32BE(0x89504e47, 0)
  bytes.writeUInt32BE(0x0d0a1a0a, 4)
  bytes.writeUInt32BE(13, 8)
  bytes.write("IHDR", 12, "ascii")
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  return bytes
}

const sessionDir = () => {
  const session = mkdtempSync(join(tmpdir(), "ad-embed-"))
  mkdirSync(join(session, SCREENS_FOLDER), { recursive: true })
  return session
}

describe("writeArtifact", () => {
  it("writes a new 0600 file and refuses to overwrite one or to write through a symlink", async () => {
    const session = sessionDir()
    const folder = join(session, SCREENS_FOLDER)
    await writeArtifact(folder, "a.png", png(2, 3))
    expect(statSync(join(folder, "a.png")).mode & 0o777).toBe(0o600)
    await expect(writeArtifact(folder, "a.png", png(2, 3))).rejects.toThrow(/already exists/)
    writeFileSync(join(session, "elsewhere"), "x")
    symlinkSync(join(session, "elsewhere"), join(folder, "b.png"))
    await expect(writeArtifact(folder, "b.png", png(2, 3))).rejects.toThrow(/symlink/)
    expect(readFileSync(join(session, "elsewhere"), "utf8")).toBe("x")
  })

  it("refuses a screens folder that is a symlink", async () => {
    const session = mkdtempSync(join(tmpdir(), "ad-embed-"))
    mkdirSync(join(session, "trace"))
    mkdirSync(join(session, "real"))
    symlinkSync(join(session, "real"), join(session, SCREENS_FOLDER))
    await expect(writeArtifact(join(session, SCREENS_FOLDER), "a.png", png(1, 1))).rejects.toThrow(/not a folder/)
  })
})

describe("readScreen / embeddableScreens", () => {
  it("reads only PNGs directly inside the session's trace/screens, never through a symlink", async () => {
    const session = sessionDir()
    await writeArtifact(join(session, SCREENS_FOLDER), "ok.png", png(4, 5))
    writeFileSync(join(session, SCREENS_FOLDER, "text.png"), "not a png")
    writeFileSync(join(session, "outside.png"), png(1, 1))
    symlinkSync(join(session, "outside.png"), join(session, SCREENS_FOLDER, "link.png"))
    expect(readScreen(session, join(SCREENS_FOLDER, "ok.png"))?.equals(png(4, 5))).toBe(true)
    expect(readScreen(session, join(SCREENS_FOLDER, "text.png"))).toBeUndefined()
    expect(readScreen(session, join(SCREENS_FOLDER, "link.png"))).toBeUndefined()
    expect(readScreen(session, "outside.png")).toBeUndefined()
    expect(readScreen(session, join(SCREENS_FOLDER, "..", "..", "outside.png"))).toBeUndefined()
    expect(readScreen(session, join(SCREENS_FOLDER, "missing.png"))).toBeUndefined()
    expect(readScreen(session, 42)).toBeUndefined()
  })

  it("embeds each captured event's PNG by seq and counts the skipped events and the unreadable files as skipped", async () => {
    const session = sessionDir()
    await writeArtifact(join(session, SCREENS_FOLDER), "pre.png", png(4, 5))
    const events = [
      { event: "command.start", seq: 1 },
      { event: "screenshot.captured", seq: 2, phase: "pre", file: join(SCREENS_FOLDER, "pre.png") },
      { event: "screenshot.captured", seq: 3, phase: "post", file: join(SCREENS_FOLDER, "gone.png") },
      { event: "screenshot.skipped", seq: 4, phase: "pre", reason: "count_budget" }
    ]
    const result = embeddableScreens(session, events)
    expect(result).toEqual({ images: { "2": png(4, 5).toString("base64") }, embedded: 1, skipped: 2 })
  })
})
