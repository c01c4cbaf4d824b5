/**
 * Which installed build a warm host runs: a stamp of its own bundle file (device, inode, size, modification time).
 * A rebuild or an upgrade replaces that file, so a host that finds another stamp than the one it started with would
 * be serving a newer CLI's calls with older code: it declines them (the CLI runs them itself) and exits
 * (HostServer.ts).
 */
import * as fs from "node:fs"

export const installationStamp = (file: string): string | undefined => {
  try {
    const stat = fs.statSync(file)
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`
  } catch {
    return undefined
  }
}
