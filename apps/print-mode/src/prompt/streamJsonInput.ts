// `--input-format stream-json`: user messages as NDJSON on stdin, in Claude Code's shape
// (`{"type":"user","message":{"role":"user","content":"…" | [{"type":"text","text":"…"}]}}`). Each message is a turn
// of its own: the run asks for the next one once the agent settled after the previous one. A line that is not such a
// message is reported (a recoverable error) and skipped. `idle()` says whether nothing is waiting and more may come:
// the moment a client that sends one message at a time is waiting for an answer.
import * as readline from "node:readline"

export type InputLine = { readonly kind: "prompt"; readonly text: string } | { readonly kind: "invalid"; readonly reason: string }

const textOf = (content: unknown): string | undefined => {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return undefined
  const texts: Array<string> = []
  for (const block of content) {
    if (typeof block !== "object" || block === null) return undefined
    const { type, text } = block as { type?: unknown; text?: unknown }
    if (type !== "text" || typeof text !== "string") return undefined
    texts.push(text)
  }
  return texts.join("\n")
}

/** One stdin line as a prompt, or why it is not one. */
export const parseInputLine = (line: string, number: number): InputLine => {
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch {
    return { kind: "invalid", reason: `stdin line ${number} is not JSON` }
  }
  const message = typeof parsed === "object" && parsed !== null ? parsed as { type?: unknown; message?: unknown } : {}
  const inner = typeof message.message === "object" && message.message !== null
    ? message.message as { role?: unknown; content?: unknown }
    : undefined
  if (message.type !== "user" || inner === undefined || inner.role !== "user") {
    return { kind: "invalid", reason: `stdin line ${number} is not a user message ({"type":"user","message":{"role":"user","content":…}})` }
  }
  const text = textOf(inner.content)
  if (text === undefined) {
    return { kind: "invalid", reason: `stdin line ${number}: only text content is supported (a string or text blocks)` }
  }
  return { kind: "prompt", text }
}

export interface StdinMessages {
  /** The next prompt, or undefined at the end of stdin. */
  readonly next: () => Promise<string | undefined>
  /** No line is waiting and stdin has not ended. */
  readonly idle: () => boolean
}

/** Reads stdin line by line as it comes; lines wait in a queue until `next()` asks for them. */
export const stdinMessages = (onInvalid: (reason: string) => void): StdinMessages => {
  const lines: Array<string> = []
  let ended = false
  let wake: (() => void) | undefined
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
  input.on("line", (line) => {
    lines.push(line)
    wake?.()
  })
  input.on("close", () => {
    ended = true
    wake?.()
  })
  let number = 0
  return {
    next: async () => {
      while (true) {
        const line = lines.shift()
        if (line === undefined) {
          if (ended) return undefined
          await new Promise<void>((resolve) => (wake = resolve))
          wake = undefined
          continue
        }
        number++
        if (line.trim() === "") continue
        const parsed = parseInputLine(line, number)
        if (parsed.kind === "prompt") return parsed.text
        onInvalid(parsed.reason)
      }
    },
    idle: () => !ended && lines.every((line) => line.trim() === "")
  }
}
