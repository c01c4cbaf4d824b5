/**
 * Where a warm host listens and which requests it may serve.
 *
 * A host holds one engine runtime: a D-Bus connection for one desktop and one store. It serves only requests from
 * the same desktop and state root: the environment variables that choose them make the `fingerprint`, and a request
 * with another one runs in-process instead. Each binding has a host of its own, named by the binding's `key` (a
 * hash of the fingerprint), so two desktops on one state root each get their own host.
 *
 * The socket lives in a private runtime directory (RuntimeDirectory.ts), not in the state root: a Unix socket's path
 * is limited to 107 bytes, and `engine-<key>.sock` there is short whatever the state root's length. It must itself
 * be a socket owned by us with mode 0600: a socket someone else planted is never connected to. The host's lock and
 * last-start marker are ordinary files and stay in `<state root>/host/`, a private directory of the tool's own.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { runtimeDirectory } from "./RuntimeDirectory.js"

export const HOST_DIR = "host"

/** The variables that pick the desktop and the store an engine runtime is bound to. */
const BINDING_VARS = [
  "AGENT_DESKTOP_HOME",
  "AGENT_DESKTOP_DBUS_TCP",
  "HOME",
  "DISPLAY",
  "WAYLAND_DISPLAY",
  "XDG_SESSION_TYPE",
  "XDG_RUNTIME_DIR",
  "DBUS_SESSION_BUS_ADDRESS",
  "AT_SPI_BUS_ADDRESS",
  "XAUTHORITY",
  // The store: a host opened on SQLite must not answer a call meant for PostgreSQL, nor stamp another machine's name.
  "AGENT_DESKTOP_STORE",
  "AGENT_DESKTOP_MACHINE",
  "AGENT_DESKTOP_SQLITE"
] as const

export const fingerprintOf = (env: Readonly<Record<string, string | undefined>>): string =>
  JSON.stringify(BINDING_VARS.map((name) => env[name] ?? null))

/** FNV-1a (64 bit) of the fingerprint's UTF-8 bytes as 16 hex digits (native/hostClient.c computes the same). */
export const bindingKey = (env: Readonly<Record<string, string | undefined>>): string => {
  let hash = 0xcbf29ce484222325n
  for (const byte of Buffer.from(fingerprintOf(env), "utf8")) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn
  return hash.toString(16).padStart(16, "0")
}

/** The socket's name inside the runtime directory. */
export const socketName = (env: Readonly<Record<string, string | undefined>>): string => `engine-${bindingKey(env)}.sock`

/** The files of one binding's host inside the state root's host directory: its lock and its last start. */
export const hostFiles = (dir: string, env: Readonly<Record<string, string | undefined>>) => {
  const key = bindingKey(env)
  return { lock: path.join(dir, `serve-${key}.lock`), lastStart: path.join(dir, `last-start-${key}`) }
}

/**
 * Where this binding's host listens (or would): `<runtime directory>/engine-<key>.sock`; undefined when there is no
 * private runtime directory (with `create`, the host makes it).
 */
export const hostSocketPath = (env: Readonly<Record<string, string | undefined>>, create = false): string | undefined => {
  const dir = runtimeDirectory(env, create)
  return dir === undefined ? undefined : path.join(dir, socketName(env))
}

/** The state root the store will use (reference §2.5); undefined for a relative AGENT_DESKTOP_HOME. */
export const stateRootOf = (env: Readonly<Record<string, string | undefined>>): string | undefined => {
  const home = env["AGENT_DESKTOP_HOME"]
  if (home === undefined || home === "") return path.join(env["HOME"] || os.homedir(), ".agent-desktop")
  return path.isAbsolute(home) ? path.resolve(home) : undefined
}

/** The socket path of a running host we may trust, or undefined (no host, or anything doubtful). */
export const trustedSocket = (env: Readonly<Record<string, string | undefined>>): string | undefined => {
  if (stateRootOf(env) === undefined) return undefined
  const socket = hostSocketPath(env)
  if (socket === undefined) return undefined
  try {
    const stat = fs.lstatSync(socket)
    const uid = process.getuid?.()
    if (!stat.isSocket() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0) return undefined
    return socket
  } catch {
    return undefined
  }
}
