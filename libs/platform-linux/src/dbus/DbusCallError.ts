/** Why one D-Bus call failed: no reply in time, the connection went away, or the peer answered with an error. */
export type DbusFailure = "timeout" | "disconnected" | "remote"

const peerGoneNames = new Set([
  "org.freedesktop.DBus.Error.ServiceUnknown",
  "org.freedesktop.DBus.Error.NameHasNoOwner",
  "org.freedesktop.DBus.Error.Disconnected"
])

export class DbusCallError extends Error {
  constructor(
    readonly failure: DbusFailure,
    readonly member: string,
    readonly dbusName: string | undefined,
    detail: string
  ) {
    super(`${member}: ${detail}`)
    this.name = "DbusCallError"
  }

  /** The app behind the connection no longer exists. */
  get peerGone(): boolean {
    if (this.failure === "disconnected") return true
    if (this.dbusName !== undefined && peerGoneNames.has(this.dbusName)) return true
    // The bus daemon's answer for a call whose recipient died before replying.
    return this.dbusName === "org.freedesktop.DBus.Error.NoReply" && /disconnected/i.test(this.message)
  }

  /** The app answered but the object (widget) is gone. */
  get objectGone(): boolean {
    return this.dbusName === "org.freedesktop.DBus.Error.UnknownObject"
  }

  get missingMethod(): boolean {
    return this.dbusName === "org.freedesktop.DBus.Error.UnknownMethod"
  }
}

export const isDbusCallError = (error: unknown): error is DbusCallError => error instanceof DbusCallError
