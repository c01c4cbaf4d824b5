/**
 * Whether the desktop a warm host is bound to still exists: the local sockets its environment names (the X
 * display's, the Wayland display's, the session and accessibility buses' `unix:path=` files). A host whose desktop
 * went away (the session ended, a test desktop was stopped) exits instead of idling on dead connections until its
 * idle timeout. Abstract sockets and TCP addresses cannot be checked this way and are left out.
 */
import * as fs from "node:fs"
import * as path from "node:path"

const X_DISPLAY = /^(?:unix)?:(\d+)(?:\.\d+)?$/

const busSocket = (address: string | undefined): ReadonlyArray<string> => {
  const match = address === undefined ? undefined : /(?:^|;)unix:path=([^,;]+)/.exec(address)
  return match ? [match[1]!] : []
}

export const desktopSockets = (env: Readonly<Record<string, string | undefined>>): ReadonlyArray<string> => {
  const sockets: Array<string> = []
  const display = env["DISPLAY"] ? X_DISPLAY.exec(env["DISPLAY"]) : undefined
  if (display) sockets.push(`/tmp/.X11-unix/X${display[1]}`)
  const wayland = env["WAYLAND_DISPLAY"]
  if (wayland) {
    if (path.isAbsolute(wayland)) sockets.push(wayland)
    else if (env["XDG_RUNTIME_DIR"]) sockets.push(path.join(env["XDG_RUNTIME_DIR"], wayland))
  }
  sockets.push(...busSocket(env["DBUS_SESSION_BUS_ADDRESS"]), ...busSocket(env["AT_SPI_BUS_ADDRESS"]))
  return sockets
}

/** A socket as it was when the host started: the same file, not a new one made at the same path since. */
export interface WatchedSocket {
  readonly path: string
  /** dev, ino and the change time in ns: a freed inode is reused at once, the time tells the new file apart. */
  readonly identity: string
}

const identityOf = (path: string): string | undefined => {
  const stat = fs.statSync(path, { bigint: true, throwIfNoEntry: false })
  return stat === undefined ? undefined : `${stat.dev}:${stat.ino}:${stat.ctimeNs}`
}

/**
 * The sockets to watch: those of `desktopSockets` that exist now (one that never existed, such as an X server
 * listening on an abstract socket only, proves nothing about the desktop going away).
 */
export const watchSockets = (sockets: ReadonlyArray<string>): ReadonlyArray<WatchedSocket> =>
  sockets.flatMap((socket) => {
    const identity = identityOf(socket)
    return identity === undefined ? [] : [{ path: socket, identity }]
  })

/**
 * True while every watched socket is still the same file (a desktop torn down and made again at the same paths is a
 * new desktop, whose connections this host does not have); with none to check, the desktop counts as present.
 */
export const desktopPresent = (watched: ReadonlyArray<WatchedSocket>): boolean =>
  watched.every((socket) => identityOf(socket.path) === socket.identity)

/**
 * The environment names a desktop to work on (an X or Wayland display) whose sockets are all there: only then is a
 * host worth starting (one for a display that does not exist, or whose going away it could not see, would idle).
 */
export const namesDesktop = (env: Readonly<Record<string, string | undefined>>): boolean => {
  if (!env["DISPLAY"] && !env["WAYLAND_DISPLAY"]) return false
  const sockets = desktopSockets(env)
  return sockets.length > 0 && sockets.every((socket) => fs.existsSync(socket))
}
