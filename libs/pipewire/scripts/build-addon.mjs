// Builds the PipeWire addon with node-gyp from source, against Debian's libpipewire-0.3-dev (see
// tools/scripts/debian-packages.txt). Runs from `npm ci` (install script) and from the package's build. It never
// fails the install or the build: a machine without the headers, pkg-config or a compiler gets
// build/addon-status.json naming what is missing, and `loadPipewireAddon()` reports that text instead of crashing.
// Rebuilds only when the sources changed (their hash is in the status file).
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const statusFile = path.join(root, "build", "addon-status.json")
const binary = path.join(root, "build", "Release", "agent_desktop_pipewire.node")

const sources = ["binding.gyp", "native/pipewire.c"]
const hash = createHash("sha256")
for (const file of sources) hash.update(readFileSync(path.join(root, file)))
hash.update(process.version)
const sourceHash = hash.digest("hex").slice(0, 16)

const previous = (() => {
  try {
    return JSON.parse(readFileSync(statusFile, "utf8"))
  } catch {
    return undefined
  }
})()
if (previous?.built === true && previous.source_hash === sourceHash && existsSync(binary)) process.exit(0)

const writeStatus = (status) => {
  mkdirSync(path.dirname(statusFile), { recursive: true })
  writeFileSync(statusFile, JSON.stringify({ ...status, source_hash: sourceHash, node: process.version }, null, 2) + "\n")
}

// Each header and the Debian package that ships it.
const headers = [
  ["pipewire-0.3/pipewire/pipewire.h", "libpipewire-0.3-dev"],
  ["spa-0.2/spa/param/video/format-utils.h", "libspa-0.2-dev"]
]
const missing = headers.filter(([header]) => !existsSync(path.join("/usr/include", header))).map(([, pkg]) => pkg)
const compiler = spawnSync("cc", ["--version"], { stdio: "ignore" }).status === 0
if (!compiler) missing.push("build-essential")
if (spawnSync("pkg-config", ["--version"], { stdio: "ignore" }).status !== 0) missing.push("pkg-config")
if (missing.length > 0) {
  writeStatus({ built: false, missing, reason: `missing Debian packages: ${missing.join(", ")}` })
  process.stderr.write(`pipewire: addon not built, missing ${missing.join(", ")}\n`)
  process.exit(0)
}

// node-gyp ships with npm; inside npm scripts npm names it, otherwise look beside the node binary.
const gypCandidates = [
  process.env.npm_config_node_gyp,
  path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "node_modules", "node-gyp", "bin", "node-gyp.js")
].filter((candidate) => candidate !== undefined && existsSync(candidate))
const gyp = gypCandidates[0]
if (gyp === undefined) {
  writeStatus({ built: false, missing: ["node-gyp"], reason: "node-gyp (bundled with npm) was not found" })
  process.stderr.write("pipewire: addon not built, node-gyp not found\n")
  process.exit(0)
}
// Node's own headers: Debian/NodeSource packages install them beside the binary; without them node-gyp downloads.
const nodedir = path.resolve(path.dirname(process.execPath), "..")
const nodedirArgs = existsSync(path.join(nodedir, "include", "node", "node_api.h")) ? [`--nodedir=${nodedir}`] : []
const started = Date.now()
const result = spawnSync(process.execPath, [gyp, "rebuild", "--release", ...nodedirArgs], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "pipe"]
})
if (result.status !== 0 || !existsSync(binary)) {
  const tail = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n")
  writeStatus({ built: false, missing: [], reason: `node-gyp rebuild failed: ${tail}` })
  process.stderr.write(`pipewire: node-gyp rebuild failed\n${tail}\n`)
  process.exit(0)
}
writeStatus({ built: true, build_ms: Date.now() - started })
process.stderr.write(`pipewire: addon built in ${Date.now() - started} ms\n`)
