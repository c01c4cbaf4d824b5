/**
 * Output files as the engine's commands use them: OutputFile's rules, the invocation's read-only policy, and one
 * mapping of every failure to a contract error (nothing was sent to any app, so each is not_delivered).
 */
import { Effect } from "effect"
import { ActionFailed, InvalidArgs, PolicyDenied, type DesktopError } from "../errors/DesktopError.js"
import { Invocation } from "../Invocation.js"
import { inspectOutputPath, type OutputMode, UnsafeOutputPath, writeOutputFile } from "./OutputFile.js"

/** errno codes of a write that failed after the file was opened (the path itself was fine). */
const WRITE_FAILURES = new Set(["ENOSPC", "EDQUOT", "EIO", "EFBIG"])

/** A failure to check, open or write `file` (for `what`: "the screenshot", "the trace export") as a contract error. */
export const outputError = (what: string, file: string, cause: unknown): DesktopError => {
  if (cause instanceof UnsafeOutputPath) {
    return new InvalidArgs({
      message: `Cannot write ${what}: ${cause.message}`,
      delivery: "not_delivered",
      details: { kind: "unsafe_output_path", reason: cause.reason, path: cause.path },
      suggestion: "Pass a path to a new or regular file in an ordinary folder (not a symlink, FIFO, device, socket, or under /proc, /sys, /dev)"
    })
  }
  const code = (cause as NodeJS.ErrnoException | undefined)?.code
  const message = `Cannot write ${what} to ${file}: ${(cause as Error | undefined)?.message ?? String(cause)}`
  if (code !== undefined && WRITE_FAILURES.has(code)) {
    return new ActionFailed({ message, delivery: "not_delivered", details: { kind: "output_write_failed", errno: code } })
  }
  return new InvalidArgs({
    message,
    delivery: "not_delivered",
    details: { kind: "output_path_unusable", ...(code === undefined ? {} : { errno: code }), path: file },
    suggestion: code === "ENOENT" ? "Pass a path in an existing folder" : "Pass a path you can write to"
  })
}

/** POLICY_DENIED read_only: an invocation that may change nothing on disk but the store was asked to write a file. */
export const readOnlyRefusal = (what: string, file: string | undefined): DesktopError =>
  new PolicyDenied({
    message: `Cannot write ${what}${file === undefined ? "" : ` to ${file}`}: this caller is read-only (nothing on disk changes but the store)`,
    delivery: "not_delivered",
    details: { kind: "read_only", retryable: false, ...(file === undefined ? {} : { path: file }) },
    suggestion: what === "the screenshot" ? "Call screenshot without a path: the image comes back inline" : "Ask for the result without a file"
  })

/** Fails unless this invocation may write files (InvocationOptions.readOnly). */
export const mayWriteFiles = (what: string, file: string | undefined): Effect.Effect<void, DesktopError, Invocation> =>
  Effect.gen(function*() {
    const invocation = yield* Invocation
    if (invocation.options.readOnly === true) return yield* Effect.fail(readOnlyRefusal(what, file))
  })

/** The checks before a command does its work (read-only policy, OutputFile.inspectOutputPath); the resolved path. */
export const checkOutput = (what: string, file: string, mode: OutputMode): Effect.Effect<string, DesktopError, Invocation> =>
  Effect.andThen(
    mayWriteFiles(what, file),
    Effect.tryPromise({ try: () => inspectOutputPath(file, mode), catch: (cause) => outputError(what, file, cause) })
  )

/** Writes `data` to `file` by OutputFile's rules, after the read-only policy; the resolved path written. */
export const writeOutput = (
  what: string,
  file: string,
  data: Uint8Array | string,
  mode: OutputMode,
  options: { readonly makeFolder?: boolean } = {}
): Effect.Effect<string, DesktopError, Invocation> =>
  Effect.andThen(
    mayWriteFiles(what, file),
    Effect.tryPromise({ try: () => writeOutputFile(file, data, mode, options), catch: (cause) => outputError(what, file, cause) })
  )
