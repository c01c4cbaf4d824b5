// Auto-memory extraction: after a main prompt, a silent forked agent distils durable facts into
// <waveHome>/memory/MEMORY.md. It is background work (the exit waits for it, D11) and never prints (1.2, E4).
//
// The memory file goes into the system prompt, so it is read only from private directories of our own (owned by
// this user, not group/world-writable, no symlinks) and written the same way; wave's state directory is created
// 0700 when absent and never chmodded when present (the store's StateRoot rules).
import { ensurePrivateDir, privateDirProblem } from "@agent-desktop/store"
import * as fs from "node:fs"
import * as path from "node:path"

export const MEMORY_EXTRACTION_PROMPT = "You are wave's memory extractor. Read the conversation below and list, as " +
  "short markdown bullet points, durable facts worth remembering for future sessions (user preferences, app " +
  "names, stable UI locations). Reply with the bullet list only, or NONE."

export const memoryFile = (waveHome: string): string => path.join(path.resolve(waveHome), "memory", "MEMORY.md")

/** Why `dir` may not be trusted, or undefined when it is private or absent. */
const problemOf = (dir: string): string | undefined => {
  try {
    return privateDirProblem(dir, fs.lstatSync(dir))
  } catch {
    return undefined
  }
}

/** The remembered facts, or "" when there are none or they are not in a private place of ours. */
export const readMemory = (waveHome: string): string => {
  const file = memoryFile(waveHome)
  if (problemOf(path.resolve(waveHome)) !== undefined || problemOf(path.dirname(file)) !== undefined) return ""
  let fd: number
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  } catch {
    return ""
  }
  try {
    const stat = fs.fstatSync(fd)
    if (!stat.isFile() || stat.uid !== process.getuid?.() || (stat.mode & 0o022) !== 0) return ""
    return fs.readFileSync(fd, "utf8")
  } finally {
    fs.closeSync(fd)
  }
}

/** Appends the extracted facts; returns why it did not when wave's state directory is unsafe. */
export const appendMemory = (waveHome: string, text: string): string | undefined => {
  const trimmed = text.trim()
  if (trimmed === "" || trimmed === "NONE") return undefined
  const file = memoryFile(waveHome)
  try {
    ensurePrivateDir(path.resolve(waveHome), "wave's state directory")
    ensurePrivateDir(path.dirname(file), "wave's memory directory")
    const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o600)
    try {
      fs.writeSync(fd, `${trimmed}\n`)
    } finally {
      fs.closeSync(fd)
    }
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}
