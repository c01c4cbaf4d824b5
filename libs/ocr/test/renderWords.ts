/**
 * Test images with known text, rendered by ImageMagick (not by us): each word is its own `label:` image in a
 * DejaVu font at a UI size, composited at a known position, so its true ink box is that label's trim box (ImageMagick's
 * `%@`) moved to where it was placed. Words of one line share a top edge, and labels of one font and size share
 * their height, so their baselines line up as in real text.
 */
import { execFileSync } from "node:child_process"
import type { TrueWord } from "../src/Accuracy.js"

export interface SceneLine {
  readonly x: number
  readonly y: number
  readonly text: string
}

export interface Scene {
  readonly width: number
  readonly height: number
  readonly lines: ReadonlyArray<SceneLine>
  readonly font?: string
  /** Pixels (ImageMagick's points at its default 72 dpi). */
  readonly size?: number
  readonly background?: string
  readonly fill?: string
}

export interface Rendered {
  readonly png: Buffer
  readonly truth: ReadonlyArray<TrueWord>
}

export const renderWords = (scene: Scene): Rendered => {
  const font = scene.font ?? "DejaVu-Sans"
  const size = String(scene.size ?? 13)
  const background = scene.background ?? "#f6f5f4"
  const fill = scene.fill ?? "#202020"
  const words = scene.lines.flatMap((line) => line.text.split(/\s+/).filter((w) => w.length > 0))
  for (const w of words) if (w.includes("%") || w.startsWith("@") || w.includes("\\")) throw new Error(`label: would interpret ${w}`)
  const style = ["-background", background, "-fill", fill, "-font", font, "-pointsize", size]
  const metrics = words.length === 0 ? [] : execFileSync("convert", [...style, ...words.map((w) => `label:${w}`), "-format", "%w %h %@\n", "info:"], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((row) => {
      const m = /^(\d+) (\d+) (\d+)x(\d+)\+(-?\d+)\+(-?\d+)$/.exec(row.trim())
      if (m === null) throw new Error(`unexpected metrics row ${row}`)
      const [w, h, tw, th, tx, ty] = m.slice(1).map(Number) as [number, number, number, number, number, number]
      return { w, h, tw, th, tx, ty }
    })
  const space = Math.round(Number(size) * 0.3)
  const truth: Array<TrueWord> = []
  const composite: Array<string> = []
  let index = 0
  for (const line of scene.lines) {
    let x = line.x
    for (const word of line.text.split(/\s+/).filter((w) => w.length > 0)) {
      const m = metrics[index++]!
      composite.push("(", ...style, `label:${word}`, ")", "-geometry", `+${x}+${line.y}`, "-composite")
      truth.push({ text: word, box: { x: x + m.tx, y: line.y + m.ty, width: m.tw, height: m.th } })
      x += m.w + space
    }
  }
  const png = execFileSync("convert", ["-size", `${scene.width}x${scene.height}`, `xc:${background}`, ...composite, "png24:-"], {
    maxBuffer: 64 << 20
  })
  return { png, truth }
}

/** The PNG's pixels as raw bytes in `format` (ImageMagick's conversion, so the test does not trust our own). */
export const rawPixels = (png: Buffer, format: "gray" | "rgb" | "rgba" | "bgra"): Buffer =>
  execFileSync("convert", ["png:-", "-depth", "8", `${format}:-`], { input: png, maxBuffer: 64 << 20 })

/** A UI-like scene: a title, form labels, buttons' captions, a sentence, numbers and punctuation. */
export const uiScene = (options: Partial<Scene> = {}): Scene => ({
  width: 640,
  height: 360,
  lines: [
    { x: 20, y: 16, text: "Network preferences" },
    { x: 20, y: 56, text: "Connection name" },
    { x: 260, y: 56, text: "Office Wi-Fi (5 GHz)" },
    { x: 20, y: 96, text: "Proxy server" },
    { x: 260, y: 96, text: "proxy.example.com:8080" },
    { x: 20, y: 136, text: "Automatically connect when available" },
    { x: 20, y: 176, text: "Last seen 3 minutes ago, signal 72" },
    { x: 20, y: 216, text: "Downloaded 1,024 files in 12.5 seconds." },
    { x: 300, y: 300, text: "Forget" },
    { x: 400, y: 300, text: "Cancel" },
    { x: 500, y: 300, text: "Connect" }
  ],
  ...options
})
