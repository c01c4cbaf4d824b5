/** An opaque token naming one run of a process: PID plus its start time in clock ticks (/proc/PID/stat, field 22). */
import { readFileSync } from "node:fs"

export const processStartTicks = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]
  } catch {
    return undefined
  }
}

export const processInstance = (pid: number): string | undefined => {
  const ticks = processStartTicks(pid)
  return ticks === undefined ? undefined : `linux-proc-v1:${pid}:${ticks}`
}
