// Compiles the warm host's native client (native/hostClient.c) into build/agent-desktop-host-client with the system C
// compiler, and in an installed package (not a source checkout, which keeps its tracked launcher) puts it in place of
// the shell launcher bin/agent-desktop, so the command is one exec as `#!/usr/bin/env node` was (esbuild's install
// does the same with its binary). Runs from `npm ci`/`npm install` (install script) and from the package's build. It
// never fails either: without a compiler (or if the compile fails) there is no client and bin/agent-desktop runs
// Node directly, which is the same CLI, only without the fast path to a warm host.
import { spawnSync } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const target = path.join(root, "build", "agent-desktop-host-client")
const temp = `${target}.${process.pid}.tmp`
mkdirSync(path.dirname(target), { recursive: true })
const result = spawnSync("cc", ["-O2", "-Wall", "-Wextra", "-o", temp, path.join(root, "native", "hostClient.c")], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "pipe"]
})
if (result.status !== 0) {
  rmSync(temp, { force: true })
  rmSync(target, { force: true })
  const why = result.error !== undefined ? `no C compiler (${result.error.message})` : `${result.stderr}`.trim().split("\n").slice(-10).join("\n")
  process.stderr.write(`@agent-desktop/cli: the native host client was not built, the CLI runs through Node: ${why}\n`)
  process.exit(0)
}
renameSync(temp, target)
const sourceCheckout = existsSync(path.join(root, "src", "agent-desktop.ts"))
if (!sourceCheckout) {
  const command = path.join(root, "bin", "agent-desktop")
  copyFileSync(target, `${command}.tmp`)
  renameSync(`${command}.tmp`, command)
}
