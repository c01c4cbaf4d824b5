// Bash: runs a shell command with its own pipes (never wave's stdout, 5.9b) and returns its output.
import { Effect } from "effect"
import { failure, type Tool, type ToolOutcome } from "./Tool.js"

const MAX_OUTPUT = 30_000

export const bashTool = (cwd: string): Tool => ({
  name: "Bash",
  description: "Run a shell command (sh -c) in the working directory and return its exit code and output.",
  parameters: {
    type: "object",
    properties: {
      command: { type: "string", description: "The command line" },
      timeout_ms: { type: "integer", description: "Kill after this many ms (default 60000)" }
    },
    required: ["command"],
    additionalProperties: false
  },
  run: (raw) => {
    const input = (typeof raw === "object" && raw !== null ? raw : {}) as { command?: unknown; timeout_ms?: unknown }
    if (typeof input.command !== "string") return Effect.succeed(failure("`command` must be a string"))
    const command = input.command
    const timeoutMs = typeof input.timeout_ms === "number" ? input.timeout_ms : 60_000
    return Effect.flatMap(Effect.promise(() => import("node:child_process")), ({ spawn }) => Effect.callback<ToolOutcome>((resume) => {
      const child = spawn("/bin/sh", ["-c", command], { cwd, stdio: ["ignore", "pipe", "pipe"] })
      let output = ""
      const collect = (part: Buffer) => {
        if (output.length < MAX_OUTPUT) output += part.toString("utf8")
      }
      child.stdout.on("data", collect)
      child.stderr.on("data", collect)
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
      child.on("error", (error) => {
        clearTimeout(timer)
        resume(Effect.succeed(failure(error.message)))
      })
      child.on("close", (code, signal) => {
        clearTimeout(timer)
        const text = output.length >= MAX_OUTPUT ? `${output.slice(0, MAX_OUTPUT)}\n[output truncated]` : output
        resume(Effect.succeed(
          code === 0
            ? { output: text, success: true }
            : { output: `exit ${code ?? signal}\n${text}`, success: false, error: `Command exited with ${code ?? signal}` }
        ))
      })
      return Effect.sync(() => {
        clearTimeout(timer)
        child.kill("SIGKILL")
      })
    }))
  }
})
