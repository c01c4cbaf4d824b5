import { execFileSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

/**
 * Tests drive the real binary, so bundle it once from the current sources before any test file runs, unless the
 * caller just did (tools/scripts/test-other-nodes.sh builds once for every Node: AGENT_DESKTOP_TEST_PREBUILT=1).
 */
export default function setup() {
  if (process.env["AGENT_DESKTOP_TEST_PREBUILT"] === "1") return
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "inherit" })
}
