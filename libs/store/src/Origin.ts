/**
 * Where events come from, recorded on each one (`events.host`, `events.desktop`) so a store shared by many machines
 * can be read per machine. The host is `AGENT_DESKTOP_MACHINE` or the machine's host name: machines that share a store
 * need distinct names, because an open invocation is judged abandoned only by a process on its own host (a pid
 * means nothing on another machine). The desktop is the display the process talks to.
 */
import * as os from "node:os"

export interface Origin {
  readonly host: string
  readonly desktop: string | null
}

export const MACHINE_ENV = "AGENT_DESKTOP_MACHINE"

export const originOf = (env: Readonly<Record<string, string | undefined>> = process.env): Origin => {
  const host = env[MACHINE_ENV]
  const display = env["WAYLAND_DISPLAY"] !== undefined && env["WAYLAND_DISPLAY"] !== "" && (env["DISPLAY"] ?? "") === ""
    ? `wayland:${env["WAYLAND_DISPLAY"]}`
    : env["DISPLAY"]
  return {
    host: host !== undefined && host !== "" ? host : os.hostname(),
    desktop: display !== undefined && display !== "" ? display : null
  }
}
