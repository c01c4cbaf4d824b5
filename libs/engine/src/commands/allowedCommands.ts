import { PolicyDenied, type DesktopError } from "../errors/DesktopError.js"

/**
 * POLICY_DENIED `command_not_allowed`: the caller limited what may run (InvocationOptions.allowedCommands, e.g. an
 * MCP server's `--tools` or `--read-only`) and this command is not among them. Nothing ran.
 */
export const commandNotAllowed = (command: string, allowed: ReadonlyArray<string>, where?: string): DesktopError =>
  new PolicyDenied({
    message: `${where === undefined ? "" : `${where}: `}'${command}' is not allowed here (allowed: ${allowed.join(", ") || "none"})`,
    delivery: "not_delivered",
    details: { kind: "command_not_allowed", command, allowed: [...allowed], retryable: false },
    suggestion: "Use only the allowed commands; whoever started this server chose them"
  })
