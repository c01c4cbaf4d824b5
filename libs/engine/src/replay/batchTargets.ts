/**
 * What a batch entry may carry besides plain args (the format `trace export --as batch` writes): a locator object in
 * place of a ref (`ref_id`, `from`, `to`), bound to the app's window when the entry runs (bindLocator: the ref is
 * then re-identified live like any other), and `{"env": "NAME"}` in place of a secret text, read from the caller's
 * environment. `checkEntryArgs` runs before the first entry: a malformed locator or an unset variable refuses the
 * whole batch before anything is sent.
 */
import type { DesktopAdapter } from "@agent-desktop/platform"
import type { EventStore } from "@agent-desktop/store"
import { Effect } from "effect"
import { InvalidArgs, type DesktopError } from "../errors/DesktopError.js"
import type { Invocation } from "../Invocation.js"
import { bindLocator } from "./bindLocator.js"
import { parseLocator } from "./Locator.js"
import { REF_ARGS } from "./ReplayCommands.js"

/** Binding a locator reads the app's windows; a batch entry gets one try within this budget. */
const BIND_TIMEOUT_MS = 3000

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const envName = (value: unknown): string | undefined =>
  isRecord(value) && Object.keys(value).length === 1 && typeof value["env"] === "string" ? value["env"] : undefined

const isRefArg = (key: string): boolean => (REF_ARGS as ReadonlyArray<string>).includes(key)

/** Every problem an entry list has before it runs: a locator that is not one, a variable the environment lacks. */
export const checkEntryArgs = (
  entries: ReadonlyArray<{ readonly args: Readonly<Record<string, unknown>> }>,
  environment: Readonly<Record<string, string | undefined>>
): InvalidArgs | undefined => {
  const missing = new Set<string>()
  for (const [index, entry] of entries.entries()) {
    for (const [key, value] of Object.entries(entry.args)) {
      const name = envName(value)
      if (name !== undefined) {
        if (environment[name] === undefined) missing.add(name)
        continue
      }
      if (isRefArg(key) && isRecord(value)) {
        const parsed = parseLocator(value)
        if (parsed._tag === "Invalid") {
          return new InvalidArgs({
            message: `entry ${index}: ${key} is neither a ref nor a locator: ${parsed.problem}`,
            delivery: "not_delivered",
            suggestion: "Give a ref (@sID:eN) or a locator {app, role, path, name?, window?} as trace export --as batch writes them"
          })
        }
      }
    }
  }
  if (missing.size === 0) return undefined
  return new InvalidArgs({
    message: `the batch reads ${[...missing].join(", ")} from the environment, which ${missing.size === 1 ? "is" : "are"} not set; nothing was run`,
    delivery: "not_delivered",
    details: { kind: "batch_env_missing", variables: [...missing] },
    suggestion: `Set ${[...missing].join(", ")} (each the text the recording typed), then run the batch again`
  })
}

/** Whether an entry carries anything `bindEntryArgs` must turn into plain args. */
export const needsBinding = (args: Readonly<Record<string, unknown>>): boolean =>
  Object.entries(args).some(([key, value]) => envName(value) !== undefined || (isRefArg(key) && isRecord(value)))

/** The entry's args with locators bound to refs in `namespace` and variables read from `environment`. */
export const bindEntryArgs = Effect.fn("batch.bindEntryArgs")(function*(
  args: Readonly<Record<string, unknown>>,
  namespace: string,
  environment: Readonly<Record<string, string | undefined>>
): Effect.fn.Return<Record<string, unknown>, DesktopError, DesktopAdapter | EventStore | Invocation> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(args)) {
    const name = envName(value)
    if (name !== undefined) {
      out[key] = environment[name]
      continue
    }
    if (isRefArg(key) && isRecord(value)) {
      const parsed = parseLocator(value)
      if (parsed._tag === "Invalid") return yield* new InvalidArgs({ message: `${key}: ${parsed.problem}`, delivery: "not_delivered" })
      out[key] = (yield* bindLocator(parsed.locator, namespace, { timeoutMs: BIND_TIMEOUT_MS })).ref
      continue
    }
    out[key] = value
  }
  return out
})
