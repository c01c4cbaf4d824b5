/**
 * The host's wire protocol: newline-delimited JSON over the Unix socket, one request per connection.
 * client -> host: a `HostRequest` line, then optionally an `{"abort": SIGNAL}` line (the client got a signal); the
 * client keeps its side open until the answer (a host does not start a request whose client has already hung up);
 * host -> client: `{"kind":"alive"}` every `HEARTBEAT_MS` while the call runs (sent by the process
 * running it, so a stuck call goes silent), then one answer line (`result` or `declined`), after which the host
 * closes the connection. A declined request gets only that line. (No acknowledgement line: the first heartbeat comes
 * well within the first-line deadline, and a short call's answer comes with one wake-up of its client, not two.)
 *
 * The deadlines (both clients, HostClient.ts and native/hostClient.c, keep them): a connection within
 * `CONNECT_MS`; a first line within `FIRST_BYTE_MS` of the request (the answer, or the first heartbeat); then never
 * more than `SILENCE_MS` without a line (the heartbeats, and the answer line itself once it began); after a signal, the answer within
 * `ABORT_GRACE_MS`. A call may run for as long as it legitimately takes (`wait 3600000`); a host that is stopped,
 * wedged or gone cannot hold its caller for longer than these.
 */
export interface HostRequest {
  readonly argv: ReadonlyArray<string>
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string
  readonly fingerprint: string
}

export type HostResponse =
  /** What the CLI would have printed and its exit code (before any signal mapping). */
  | { readonly kind: "result"; readonly stdout: string; readonly stderr: string; readonly exit: number }
  /** Another desktop or state root, busy, shutting down: the host ran nothing, the client runs the command itself. */
  | { readonly kind: "declined"; readonly reason: string }

/** Lines before the answer: the request was taken, and the call is still running. */
export type HostProgress = { readonly kind: "alive" }

export interface AbortLine {
  readonly abort: string
}

/**
 * The client's whole environment, as main() reads it in-process: the CLI's own variables (contract, session, agent
 * id, ...) and what a command starts with (launch gives an app the caller's environment, PATH and desktop ids, not
 * the host's).
 */
export const forwardedEnv = (env: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))

/** The largest request line a host reads; a client with a bigger one (a huge environment) runs the call itself. */
export const MAX_REQUEST_BYTES = 1024 * 1024

/** How often a running call says it is alive. */
export const HEARTBEAT_MS = 1_000
export const CONNECT_MS = 2_000
export const FIRST_BYTE_MS = 5_000
export const SILENCE_MS = 10_000
export const ABORT_GRACE_MS = 3_000
