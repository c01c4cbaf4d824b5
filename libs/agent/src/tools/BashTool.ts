// Bash: runs a shell command with its own pipes (never wave's stdout, 5.9b) and returns its output.
//
// The shell leads its own process group, and the whole group is killed when the shell exits, at `timeout_ms` and
// when the call is aborted: a background grandchild (`sleep 217 & echo started`) keeps the pipes open, so waiting
// for the pipes alone hung past the timeout, and the grandchild outlived the run.
import { Effect } from "effect"
import { killGroup } from "../process/processGroup.js"
import { failure, type Tool, type ToolOutcome } from "./Tool.js"

const MAX_OUTPUT = 30_000
export const DEFAULT_BASH_TIMEOUT_MS = 60_000


export const bashTool = (cwd: string): Tool => ({
  name: "Bash",
  description: "Run a shell command (sh -c) in the working directory and return its exit code and output.",
  parameters: {
    type: "object",
    properties: {
      command: { type: "string", description: "The command line" },
      timeout_ms: { type: "integer", description: "Kill it and everything it started after this many ms (default 60000)" }
    },
    required: ["command"],
    additionalProperties: false
  },
  run: (raw) => {
    const input = (typeof raw === "object" && raw !== null ? raw : {}) as { command?: unknown; timeout_ms?: unknown }
    if (typeof input.command !== "string") return Effect.succeed(failure("`command` must be a string"))
    const command = input.command
    const timeoutMs = typeof input.timeout_ms === "number" && input.timeout_ms > 0 ? input.timeout_ms : DEFAULT_BASH_TIMEOUT_MS
    return Effect.flatMap(Effect.promise(() => import("node:child_process")), ({ spawn }) => Effect.callback<ToolOutcome>((resume) => {
      const child = spawn("/bin/sh", ["-c", command], { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true })
      let output = ""
      let timedOut = false
      const collect = (part: Buffer) => {
        if (output.length < MAX_OUTPUT) output += part.toString("utf8")
      }
      child.stdout.on("data", collect)
      child.stderr.on("data", collect)
      const timer = setTimeout(() => {
        timedOut = true
        killGroup(child.pid)
      }, timeoutMs)
      child.on("error", (error) => {
        clearTimeout(timer)
        resume(Effect.succeed(failure(error.message)))
      })
      // The shell is done: whatever it left running in the background goes too, which closes the pipes.
      child.on("exit", () => killGroup(child.pid))
      child.on("close", (code, signal) => {
        clearTimeout(timer)
        const text = output.length >= MAX_OUTPUT ? `${output.slice(0, MAX_OUTPUT)}\n[output truncated]` : output
        if (timedOut) {
          resume(Effect.succeed({ output: `timed out after ${timeoutMs} ms\n${text}`, success: false, error: `Command timed out after ${timeoutMs} ms` }))
          return
        }
        resume(Effect.succeed(
          code === 0
            ? { output: text, success: true }
            : { output: `exit ${code ?? signal}\n${text}`, success: false, error: `Command exited with ${code ?? signal}` }
        ))
      })
      return Effect.sync(() => {
        clearTimeout(timer)
        killGroup(child.pid)
      })
    }))
  }
})
