/**
 * `trace export --as batch`: a recording's actions as the input of `batch` (a JSON array of {command, args}), for a
 * person to read, edit and run (pure). Elements are locators (Locator.ts) in place of refs, which died with their
 * snapshots; a secret is `{"env": "AGENT_DESKTOP_SECRET_NAME"}`, which batch reads from its caller's environment
 * (and refuses, before any entry runs, when it is unset). Checks, lifecycle commands and steps a replay cannot
 * repeat are left out and listed.
 */
import { BATCH_LIMITS } from "../commands/batchLimits.js"
import type { PlanStep } from "./ReplayPlan.js"
import { isSecretMarker } from "./ReplaySecrets.js"

export interface BatchExport {
  readonly entries: ReadonlyArray<{ readonly command: string; readonly args: Readonly<Record<string, unknown>> }>
  readonly omitted: ReadonlyArray<{ readonly index: number; readonly position: number; readonly command: string; readonly reason: string }>
  /** Environment variables the batch reads secrets from. */
  readonly environment: ReadonlyArray<string>
  /** Some action was recorded with --headed: run the batch with --headed. */
  readonly headed: boolean
}

export const BATCH_EXPORT_LIMIT = BATCH_LIMITS.max_entries

const OMITTED: Readonly<Record<string, string>> = {
  check: "an observation: a batch does not compare (trace replay does)",
  lifecycle: "a replay acts on the apps running now",
  skipped: "nothing was delivered in the recording"
}

export const batchOf = (steps: ReadonlyArray<PlanStep>): BatchExport => {
  const entries: Array<{ command: string; args: Record<string, unknown> }> = []
  const omitted: Array<BatchExport["omitted"][number]> = []
  const environment = new Set<string>()
  let headed = false
  for (const step of steps) {
    if (step.role !== "action") {
      omitted.push({ index: step.index, position: step.position, command: step.command, reason: step.reason ?? OMITTED[step.role] ?? step.role })
      continue
    }
    const args: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(step.args)) {
      if (isSecretMarker(value)) {
        environment.add(value.env)
        args[key] = { env: value.env }
      } else {
        args[key] = value
      }
    }
    for (const [key, locator] of Object.entries(step.targets)) args[key] = locator
    headed ||= step.headed
    entries.push({ command: step.command, args })
  }
  return { entries, omitted, environment: [...environment], headed }
}
