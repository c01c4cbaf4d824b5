// Auto-memory extraction: after a main prompt, a silent forked agent distils durable facts into
// <waveHome>/memory/MEMORY.md. It is background work (the exit waits for it, D11) and never prints (1.2, E4).
import * as fs from "node:fs"
import * as path from "node:path"

export const MEMORY_EXTRACTION_PROMPT = "You are wave's memory extractor. Read the conversation below and list, as " +
  "short markdown bullet points, durable facts worth remembering for future sessions (user preferences, app " +
  "names, stable UI locations). Reply with the bullet list only, or NONE."

export const memoryFile = (waveHome: string): string => path.join(waveHome, "memory", "MEMORY.md")

export const readMemory = (waveHome: string): string => {
  try {
    return fs.readFileSync(memoryFile(waveHome), "utf8")
  } catch {
    return ""
  }
}

export const appendMemory = (waveHome: string, text: string): void => {
  const trimmed = text.trim()
  if (trimmed === "" || trimmed === "NONE") return
  fs.mkdirSync(path.dirname(memoryFile(waveHome)), { recursive: true, mode: 0o700 })
  fs.appendFileSync(memoryFile(waveHome), `${trimmed}\n`, { mode: 0o600 })
}
