// A prompt piped on stdin (`echo task | wave -p`, `cat log | wave -p "explain"`), read as Claude Code reads it: when
// stdin is not a terminal, all of it up to end-of-file; if no byte arrives within WAVE_STDIN_TIMEOUT_MS (3000) the
// run goes on without it and says so on stderr (a caller that left an idle pipe open as stdin must not hang wave).
import * as tty from "node:tty"

export const DEFAULT_STDIN_TIMEOUT_MS = 3_000

export const NO_STDIN_WARNING = (timeoutMs: number) =>
  `wave: no stdin data received in ${timeoutMs / 1000}s, proceeding without it. If piping from a slow command, ` +
  "redirect stdin explicitly: < /dev/null to skip, or wait longer.\n"

/** stdin's text, or undefined when stdin is a terminal, closed, empty or silent past the timeout. */
export const readStdinText = (timeoutMs: number, warn: (text: string) => void): Promise<string | undefined> => {
  if (tty.isatty(0)) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const stdin = process.stdin
    const parts: Array<Buffer> = []
    let done = false
    const finish = (text: string | undefined) => {
      if (done) return
      done = true
      clearTimeout(timer)
      stdin.off("data", onData)
      stdin.pause()
      stdin.destroy()
      resolve(text !== undefined && text.trim() !== "" ? text : undefined)
    }
    const timer = setTimeout(() => {
      if (parts.length > 0) return
      warn(NO_STDIN_WARNING(timeoutMs))
      finish(undefined)
    }, timeoutMs)
    const onData = (part: Buffer | string) => {
      parts.push(typeof part === "string" ? Buffer.from(part) : part)
      clearTimeout(timer)
    }
    stdin.on("data", onData)
    stdin.once("end", () => finish(Buffer.concat(parts).toString("utf8")))
    stdin.once("error", () => finish(parts.length > 0 ? Buffer.concat(parts).toString("utf8") : undefined))
  })
}

/**
 * The prompt of a run: stdin's content, then the argument (the instruction about it), separated by a blank line.
 * Either one alone is the prompt.
 */
export const combinePrompt = (argument: string | undefined, stdin: string | undefined): string | undefined => {
  const piped = stdin?.replace(/\s+$/, "")
  if (piped === undefined || piped === "") return argument
  return argument === undefined ? piped : `${piped}\n\n${argument}`
}
