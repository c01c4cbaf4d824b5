/**
 * What the native host client (native/hostClient.c) tells the Node entry it execs in its place:
 * `AGENT_DESKTOP_HOST_HANDOFF=<pid>;<signal or ->;<outcome>;<reason>`, where
 * - `pid` is the process's own (an exec keeps it), so a value inherited from anywhere else is ignored;
 * - `signal` is the first SIGINT/SIGTERM/SIGHUP the client received, which the entry treats as received by itself;
 * - `outcome` is `declined` (a host refused the call and ran nothing: run it here without asking a host again),
 *   `lost` (a host took the request and went away: report that with `reason`, run nothing), `unanswered` (a host
 *   took the request and missed a deadline of HostProtocol.ts: the same, HostFailure.ts) or `run` (no host was
 *   reached: the usual path).
 * The entry removes the variable at once, so nothing it starts inherits it.
 */
export const HANDOFF_VARIABLE = "AGENT_DESKTOP_HOST_HANDOFF"

export interface Handoff {
  readonly signal: string | undefined
  readonly outcome: "declined" | "lost" | "unanswered" | "run"
  readonly reason: string
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"]
const OUTCOMES = ["declined", "lost", "unanswered", "run"] as const

export const takeHandoff = (env: Record<string, string | undefined>, pid: number): Handoff | undefined => {
  const value = env[HANDOFF_VARIABLE]
  delete env[HANDOFF_VARIABLE]
  if (value === undefined) return undefined
  const [owner, signal, outcome, ...reason] = value.split(";")
  if (owner !== String(pid) || signal === undefined || outcome === undefined) return undefined
  if (signal !== "-" && !SIGNALS.includes(signal)) return undefined
  const known = OUTCOMES.find((name) => name === outcome)
  if (known === undefined) return undefined
  return { signal: signal === "-" ? undefined : signal, outcome: known, reason: reason.join(";") }
}
