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

/** Variables the CLI reads for one invocation (contract, session, agent id, ...); the rest stay with the client. */
export const forwardedEnv = (env: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] =>
    entry[1] !== undefined && (entry[0].startsWith("AGENT_DESKTOP_") || entry[0] === "HOME")))
