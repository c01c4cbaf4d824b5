/**
 * The host's wire protocol: newline-delimited JSON over the Unix socket, one request per connection.
 * client -> host: a `HostRequest` line, then optionally an `{"abort": SIGNAL}` line (the client got a signal);
 * host -> client: one `HostResponse` line, after which the host closes the connection.
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
  /** Another desktop or state root: the client runs the command itself. */
  | { readonly kind: "declined"; readonly reason: string }

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
