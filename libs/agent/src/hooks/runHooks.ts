// Runs the project's hook commands. Children get their own pipes: they never inherit wave's stdout (5.9b), so a
// hook that prints cannot corrupt a structured stream. A non-zero exit becomes a recoverable error block.
import { Effect } from "effect"
import type { HookEvent, WaveSettings } from "../config/WaveSettings.js"
import { killGroup } from "../process/processGroup.js"

export interface HookFailure {
  readonly message: string
}

const runOne = (command: string, input: string, cwd: string, timeoutMs: number) =>
  Effect.flatMap(Effect.promise(() => import("node:child_process")), ({ spawn }) => Effect.callback<{ code: number | null; stderr: string }>((resume) => {
    // Its own process group, killed at the timeout, on abort and when the shell exits (process/processGroup.ts).
    const child = spawn("/bin/sh", ["-c", command], { cwd, stdio: ["pipe", "pipe", "pipe"], detached: true })
    let stderr = ""
    child.stdout.resume()
    child.stderr.setEncoding("utf8")
    child.stderr.on("data", (part: string) => {
      if (stderr.length < 4_000) stderr += part
    })
    const timer = setTimeout(() => killGroup(child.pid), timeoutMs)
    child.on("exit", () => killGroup(child.pid))
    child.on("error", (error) => {
      clearTimeout(timer)
      resume(Effect.succeed({ code: -1, stderr: error.message }))
    })
    child.on("close", (code) => {
      clearTimeout(timer)
      resume(Effect.succeed({ code, stderr }))
    })
    child.stdin.on("error", () => {})
    child.stdin.end(input)
    return Effect.sync(() => {
      clearTimeout(timer)
      killGroup(child.pid)
    })
  }))

export const runHooks = (
  settings: WaveSettings,
  event: HookEvent,
  payload: Record<string, unknown>,
  cwd: string
): Effect.Effect<ReadonlyArray<HookFailure>> =>
  Effect.gen(function*() {
    const failures: Array<HookFailure> = []
    for (const hook of settings.hooks[event] ?? []) {
      const input = JSON.stringify({ hook_event_name: event, cwd, ...payload })
      const { code, stderr } = yield* runOne(hook.command, input, cwd, hook.timeoutMs ?? 60_000)
      if (code !== 0) {
        const detail = stderr.trim()
        failures.push({
          message: `${event} hook "${hook.command}" failed with exit code ${code ?? "signal"}` +
            (detail.length > 0 ? `: ${detail}` : "")
        })
      }
    }
    return failures
  })
