#!/bin/sh
':' //; true 2>/dev/null 3>&1 || { echo "wave: stdout is closed; wave delivers its answer there (give it a pipe, a file or /dev/null)" >&2; exit 1; }; exec node "$0" "$@"
// Line 2 is for /bin/sh and a comment for Node. Node reopens a closed stdout on /dev/null before any JavaScript
// runs, so `wave … >&-` would "deliver" its answer nowhere and exit 0; the shell sees the closed descriptor (the
// duplication fails) and refuses first. Started as `node bin/wave.js`, that check is skipped.
import * as fs from "node:fs"
import * as nodeModule from "node:module"
import * as os from "node:os"
import * as path from "node:path"

// Node's module compile cache (Node >= 22.1) spares compiling the bundle at each start. A cache is code, so only in
// wave's own directory when it is ours alone (0700, owned by us, not a symlink), never in Node's default under the
// shared temp dir; anything else (old Node, no such directory) starts without one.
const privateCacheDir = () => {
  const home = process.env["WAVE_HOME"] || path.join(process.env["HOME"] || os.homedir(), ".wave")
  const uid = process.getuid?.()
  const isPrivate = (dir) => {
    const stat = fs.lstatSync(dir, { throwIfNoEntry: false })
    return stat !== undefined && stat.isDirectory() && stat.uid === uid && (stat.mode & 0o777) === 0o700
  }
  if (!path.isAbsolute(home) || !isPrivate(home)) return undefined
  const dir = path.join(home, "compile-cache")
  try {
    fs.mkdirSync(dir, { mode: 0o700 })
  } catch {
    // it exists already (or cannot be made): the check below decides
  }
  return isPrivate(dir) ? dir : undefined
}
if (typeof nodeModule.enableCompileCache === "function") {
  try {
    const dir = privateCacheDir()
    if (dir !== undefined) nodeModule.enableCompileCache(dir)
  } catch {
    // no cache: a slower start, never a failed one
  }
}
await import("../dist/wave.js")
