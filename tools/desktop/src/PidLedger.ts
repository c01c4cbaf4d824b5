/**
 * The state directory's record of every process the desktop started, in start order (`$STATE/pids`, one JSON
 * object per line). Stopping walks it in reverse and signals a PID only while /proc/PID/cmdline still shows the
 * recorded command, so a recycled PID is never hit.
 */
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"

export interface PidEntry {
  readonly pid: number
  readonly label: string
  readonly argv: ReadonlyArray<string>
}

export const ledgerPath = (stateDir: string): string => join(stateDir, "pids")

export const recordPid = (stateDir: string, entry: PidEntry): void => {
  appendFileSync(ledgerPath(stateDir), JSON.stringify(entry) + "\n", { mode: 0o600 })
}

export const readLedger = (stateDir: string): ReadonlyArray<PidEntry> => {
  const path = ledgerPath(stateDir)
  if (!existsSync(path)) return []
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as PidEntry]
      } catch {
        return []
      }
    })
}

export const clearLedger = (stateDir: string): void => rmSync(ledgerPath(stateDir), { force: true })

/** The process's argv from /proc, or undefined when it is gone or a zombie (empty cmdline). */
export const liveArgv = (pid: number): ReadonlyArray<string> | undefined => {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, "utf8")
    if (raw.length === 0) return undefined
    return raw.replace(/\0$/, "").split("\0")
  } catch {
    return undefined
  }
}

/** True when the PID still runs the recorded command (same argv prefix). */
export const stillOurs = (entry: PidEntry): boolean => {
  const argv = liveArgv(entry.pid)
  if (!argv || argv.length < entry.argv.length) return false
  return entry.argv.every((arg, i) => argv[i] === arg)
}

/** Process start time in clock ticks since boot (field 22 of /proc/PID/stat), for opaque instance tokens. */
export const processStartTicks = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return fields[19]
  } catch {
    return undefined
  }
}
