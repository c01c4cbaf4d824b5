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
    return this.failure === "disconnected" || (this.dbusName !== undefined && peerGoneNames.has(this.dbusName))
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
