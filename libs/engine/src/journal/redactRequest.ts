import { redact, REDACTED } from "@agent-desktop/domain"

type Args = Readonly<Record<string, unknown>>

/** Fields that are secret in one command even though the name is harmless elsewhere. */
const COMMAND_SECRETS: Readonly<Record<string, ReadonlyArray<string>>> = {
  // A password can be typed key by key.
  press: ["combo"],
  "key-down": ["combo"],
  "key-up": ["combo"]
}

const redactEnv = (env: unknown): unknown =>
  Array.isArray(env)
    ? env.map((pair) => typeof pair === "string" && pair.includes("=") ? `${pair.slice(0, pair.indexOf("="))}=<redacted>` : { ...REDACTED })
    : { ...REDACTED }

/** A batch's entries, each redacted as its own request; input that is not an entry list says only that it was redacted. */
const redactBatch = (json: unknown): unknown => {
  if (typeof json !== "string") return { ...REDACTED }
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return { ...REDACTED }
  }
  if (!Array.isArray(parsed)) return { ...REDACTED }
  return parsed.map((entry: unknown) => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return { ...REDACTED }
    const { command, args, session } = entry as { command?: unknown; args?: unknown; session?: unknown }
    return {
      command: typeof command === "string" ? command : { ...REDACTED },
      args: typeof args === "object" && args !== null && !Array.isArray(args) && typeof command === "string"
        ? redactRequest(command, args as Args)
        : { ...REDACTED },
      ...(typeof session === "string" ? { session } : {})
    }
  })
}

/**
 * The one redaction rule for a request at the event boundary (the journal, `--trace` files, `-v` logs): domain's
 * sensitive keys at any depth, plus what only the command knows is secret — each `batch` entry's args as its own
 * request, `launch --env` values (names kept), key combos.
 */
export const redactRequest = (command: string, args: Args): Record<string, unknown> => {
  const out = redact(args) as Record<string, unknown>
  for (const key of COMMAND_SECRETS[command] ?? []) if (key in out) out[key] = { ...REDACTED }
  if (command === "batch" && "json" in args) {
    delete out["json"]
    out["entries"] = redactBatch(args["json"])
  }
  if (command === "launch" && "env" in args) out["env"] = redactEnv(args["env"])
  return out
}
