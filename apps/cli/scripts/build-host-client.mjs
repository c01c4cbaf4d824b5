// Compiles the warm host's native client (native/hostClient.c) into build/agent-desktop-host-client with the system C
// compiler, and in an installed package (not a source checkout, which keeps its tracked launcher) puts it in place of
// the shell launcher bin/agent-desktop, so the command is one exec as `#!/usr/bin/env node` was (esbuild's install
// does the same with its binary). Runs from `npm ci`/`npm install`/`npm rebuild` (install script) and from the
// package's build. It never fails either: without a compiler, or on any other error, there is no client (a launcher
// it replaced earlier is put back) and bin/agent-desktop runs Node directly, which is the same CLI, only without the
// fast path to a warm host.
import { spawnSync } from "node:child_process"
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const build = path.join(root, "build")
const client = path.join(build, "agent-desktop-host-client")
const command = path.join(root, "bin", "agent-desktop")
// The launcher as shipped, kept once the client replaces it, so that a later failed compile can put it back.
const shippedLauncher = path.join(build, "agent-desktop.sh")
const installedPackage = !existsSync(path.join(root, "src", "agent-desktop.ts"))
const temporary = (file) => `${file}.${process.pid}.tmp`

/** Copies `from` over `to` atomically (a temp file renamed into place), keeping the mode. */
const replace = (from, to) => {
  copyFileSync(from, temporary(to))
  renameSync(temporary(to), to)
}

const isExecutableImage = (file) => {
  const fd = openSync(file, "r")
  try {
    const magic = Buffer.alloc(4)
    readSync(fd, magic, 0, 4, 0)
    return magic.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))
  } finally {
    closeSync(fd)
  }
}

const giveUp = (why) => {
  try {
    rmSync(temporary(client), { force: true })
    rmSync(client, { force: true })
    if (installedPackage && existsSync(shippedLauncher)) replace(shippedLauncher, command)
  } catch {
    // Nothing more can be done; the message below still says why.
  }
  process.stderr.write(`@agent-desktop/cli: the native host client was not built, the CLI runs through Node: ${why}\n`)
  process.exit(0)
}

try {
  mkdirSync(build, { recursive: true })
  const result = spawnSync("cc", ["-O2", "-Wall", "-Wextra", "-o", temporary(client), path.join(root, "native", "hostClient.c")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"]
  })
  if (result.status !== 0) {
    giveUp(result.error !== undefined ? `no C compiler (${result.error.message})` : `${result.stderr}`.trim().split("\n").slice(-10).join("\n"))
  }
  renameSync(temporary(client), client)
  if (installedPackage) {
    if (!isExecutableImage(command)) replace(command, shippedLauncher)
    replace(client, command)
  }
} catch (error) {
  giveUp(error instanceof Error ? error.message : String(error))
}
