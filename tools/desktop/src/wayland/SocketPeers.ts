/**
 * Which processes are connected to a Unix socket, from the kernel's socket table (`ss -xpH`, iproute2): the server's
 * accepted sockets carry the listening path, their peers are the clients' ends. Test read-back that an app is a
 * client of a compositor, independent of the compositor's own APIs.
 */
import { execFileSync } from "node:child_process"

interface SocketRow {
  readonly local: string
  readonly inode: string
  readonly peerInode: string
  readonly pids: ReadonlyArray<number>
}

export const parseSsRows = (text: string): ReadonlyArray<SocketRow> =>
  text.split("\n").flatMap((line) => {
    const fields = line.trim().split(/\s+/)
    // Netid State Recv-Q Send-Q Local Inode Peer PeerInode [users:(...)]
    if (fields.length < 8 || !fields[0]!.startsWith("u_")) return []
    const users = fields.slice(8).join(" ")
    const pids = [...users.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]))
    return [{ local: fields[4]!, inode: fields[5]!, peerInode: fields[7]!, pids }]
  })

/** PIDs of the processes holding a connection to the socket at `path` (the listener's own process excluded). */
export const clientPidsOf = (rows: ReadonlyArray<SocketRow>, path: string): ReadonlySet<number> => {
  const serverEnds = new Set(rows.filter((row) => row.local === path && row.peerInode !== "0").map((row) => row.peerInode))
  return new Set(rows.filter((row) => serverEnds.has(row.inode)).flatMap((row) => row.pids))
}

export const socketClientPids = (path: string): ReadonlySet<number> =>
  clientPidsOf(parseSsRows(execFileSync("ss", ["-xpH"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })), path)
