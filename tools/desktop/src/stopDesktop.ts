import { setTimeout as sleep } from "node:timers/promises"
import { clearLedger, readLedger, stillOurs, type PidEntry } from "./PidLedger.js"

export interface StopReport {
  readonly stopped: ReadonlyArray<{ readonly pid: number; readonly label: string; readonly signal: "TERM" | "KILL" }>
  readonly alreadyGone: ReadonlyArray<{ readonly pid: number; readonly label: string }>
}

const signal = (pid: number, sig: NodeJS.Signals): boolean => {
  try {
    process.kill(pid, sig)
    return true
  } catch {
    return false
  }
}

/** TERM, then KILL after `graceMs` if the same command still runs under that PID; returns once it is gone. */
const stopOne = async (entry: PidEntry, graceMs: number): Promise<"TERM" | "KILL" | "gone"> => {
  if (!stillOurs(entry)) return "gone"
  signal(entry.pid, "SIGTERM")
  const until = Date.now() + graceMs
  while (Date.now() < until) {
    await sleep(25)
    if (!stillOurs(entry)) return "TERM"
  }
  if (!stillOurs(entry)) return "TERM"
  signal(entry.pid, "SIGKILL")
  // A killed process still shows its command line until the kernel has torn it down, which on a loaded machine takes
  // a moment: wait for that, so "stopped" means gone.
  const killedBy = Date.now() + 5_000
  while (stillOurs(entry) && Date.now() < killedBy) await sleep(10)
  return "KILL"
}

/**
 * Stops everything recorded in `$STATE/pids`, newest first. Safe after a crash (dead PIDs are skipped) and when
 * nothing was started (no ledger). Never signals by name.
 */
export const stopDesktop = async (stateDir: string, graceMs = 500): Promise<StopReport> => {
  const entries = [...readLedger(stateDir)].reverse()
  const stopped: Array<StopReport["stopped"][number]> = []
  const alreadyGone: Array<StopReport["alreadyGone"][number]> = []
  for (const entry of entries) {
    const outcome = await stopOne(entry, graceMs)
    if (outcome === "gone") alreadyGone.push({ pid: entry.pid, label: entry.label })
    else stopped.push({ pid: entry.pid, label: entry.label, signal: outcome })
  }
  clearLedger(stateDir)
  return { stopped, alreadyGone }
}
