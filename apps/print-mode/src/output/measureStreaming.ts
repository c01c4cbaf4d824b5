// For apps/print-mode/bench (WAVE_REPORT_CPU=1): wave's CPU from the first content delta to the end of that
// message, per delta, reported on stderr.
import type { AgentEvent } from "@agent-desktop/agent"

export const measureStreaming = (project: (event: AgentEvent) => void) => {
  let start: NodeJS.CpuUsage | undefined
  let deltas = 0
  return (event: AgentEvent): void => {
    if (event.type === "content_delta") {
      start ??= process.cpuUsage()
      deltas++
    }
    project(event)
    if (event.type === "message_end" && start !== undefined) {
      const used = process.cpuUsage(start)
      process.stderr.write(`wave-stream-cpu-us: ${used.user + used.system} deltas: ${deltas}\n`)
      start = undefined
      deltas = 0
    }
  }
}
