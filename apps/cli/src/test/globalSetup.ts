import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

/** Tests drive the real binary, so bundle it once from the current sources before any test file runs. */
export default function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "inherit" })
}
