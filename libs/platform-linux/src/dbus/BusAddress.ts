/**
 * Which D-Bus addresses we connect to, and how. A bus address comes from the environment
 * (DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS) or from the X root window's AT_SPI_BUS property, which any X client
 * can set, so it is untrusted input: only `unix:path=` and `unix:abstract=` are used; `tcp:` only when the user opted
 * in (AGENT_DESKTOP_DBUS_TCP=1: a TCP bus has no peer credentials, so anyone who can reach the port can pose as
 * the bus); `unixexec:` (which runs a program) and every other transport are refused with the reason. No address
 * string is ever handed to a library that would interpret it.
 */
export type BusTarget =
  | { readonly kind: "unix"; readonly path: string }
  | { readonly kind: "tcp"; readonly host: string; readonly port: number }

/** Set to 1 to allow `tcp:` bus addresses. */
export const TCP_OPT_IN = "AGENT_DESKTOP_DBUS_TCP"

export class BusAddressRefused extends Error {
  constructor(readonly address: string, readonly reasons: ReadonlyArray<string>) {
    super(`refusing the D-Bus address: ${reasons.join("; ")}`)
    this.name = "BusAddressRefused"
  }
}

const unescape = (value: string): string => value.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

const paramsOf = (body: string): ReadonlyMap<string, string> =>
  new Map(body.split(",").filter((pair) => pair.includes("=")).map((pair) => {
    const eq = pair.indexOf("=")
    return [pair.slice(0, eq), unescape(pair.slice(eq + 1))] as const
  }))

/**
 * The first usable entry of a (`;`-separated) address, in order, as the D-Bus spec tries them; entries we refuse
 * are skipped with a reason, and when none is usable the whole address is refused with every reason.
 */
export const parseBusAddress = (address: string, env: Readonly<Record<string, string | undefined>> = process.env): BusTarget => {
  const reasons: Array<string> = []
  for (const entry of address.split(";").filter((part) => part.length > 0)) {
    const colon = entry.indexOf(":")
    const transport = colon < 0 ? entry : entry.slice(0, colon)
    const params = paramsOf(colon < 0 ? "" : entry.slice(colon + 1))
    switch (transport) {
      case "unix": {
        const path = params.get("path")
        if (path) return { kind: "unix", path }
        const abstract = params.get("abstract")
        // Linux abstract sockets: Node connects to them with a leading NUL.
        if (abstract) return { kind: "unix", path: `\0${abstract}` }
        reasons.push("a unix: entry needs path= or abstract= (tmpdir=, dir= and runtime= are for servers)")
        break
      }
      case "tcp": {
        if (env[TCP_OPT_IN] !== "1") {
          reasons.push(`tcp: is used only with ${TCP_OPT_IN}=1 (a TCP bus cannot prove who is on the other end)`)
          break
        }
        const port = Number(params.get("port"))
        if (!Number.isInteger(port) || port <= 0 || port > 65535) {
          reasons.push("a tcp: entry needs a port= between 1 and 65535")
          break
        }
        return { kind: "tcp", host: params.get("host") || "localhost", port }
      }
      case "unixexec":
        reasons.push("unixexec: would run a program named by the address, which is never done")
        break
      default:
        reasons.push(`transport '${transport}:' is not supported (only unix:path=, unix:abstract=, and tcp: when enabled)`)
    }
  }
  if (reasons.length === 0) reasons.push("the address is empty")
  throw new BusAddressRefused(address, reasons)
}
