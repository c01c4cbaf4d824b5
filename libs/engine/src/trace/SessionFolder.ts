/** A session's folder under the state root: its screenshots (`trace/screens/`) and its default trace export. */
import * as fs from "node:fs"
import * as path from "node:path"

export const sessionFolder = (root: string, sessionId: string) => path.join(root, "sessions", sessionId)

/** Remove a gc'd session's folder when it is a real folder (a symlink in its place is left alone); never throws. */
export const removeSessionFolder = (folder: string): void => {
  try {
    if (fs.lstatSync(folder).isDirectory()) fs.rmSync(folder, { recursive: true, force: true })
  } catch {
    // absent, or not ours to remove
  }
}
