// Builds the Wayland addon and the KWin helper executable: wayland-scanner generates the protocol glue (client header + private code) from the XML
// in protocols/ (the wlroots protocols, not packaged by Debian), from Debian's wayland-protocols (xdg-output) and
// plasma-wayland-protocols (KWin's fake input), then
// node-gyp compiles it against libwayland-client, libxkbcommon and zlib. Runs from `npm ci` (install script) and
// from the package's build. It never fails the install or build: a machine without the headers, the scanner or a
// compiler gets build/addon-status.json naming what is missing, and every caller gets that reason instead of a
// crash. Rebuilds only when the sources changed (their hash is in the status file).
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const statusFile = path.join(root, "build", "addon-status.json")
const binary = path.join(root, "build", "Release", "agent_desktop_wayland.node")
// The executable KWin's .desktop authorization names (native/kwinhelper.c), built by the same binding.gyp.
const kwinHelper = path.join(root, "build", "Release", "agent-desktop-kwin")
const generated = path.join(root, "native", "generated")

const systemProtocols = "/usr/share/wayland-protocols"
const protocolFiles = [
  ...readdirSync(path.join(root, "protocols")).filter((f) => f.endsWith(".xml")).map((f) => path.join(root, "protocols", f)),
  path.join(systemProtocols, "unstable", "xdg-output", "xdg-output-unstable-v1.xml"),
  "/usr/share/plasma-wayland-protocols/fake-input.xml"
]

const nativeSources = readdirSync(path.join(root, "native")).filter((f) => f.endsWith(".c")).map((f) => path.join("native", f))
const hash = createHash("sha256")
for (const file of ["binding.gyp", ...nativeSources]) hash.update(readFileSync(path.join(root, file)))
for (const file of protocolFiles) if (existsSync(file)) hash.update(readFileSync(file))
hash.update(process.version)
const sourceHash = hash.digest("hex").slice(0, 16)

const previous = (() => {
  try {
    return JSON.parse(readFileSync(statusFile, "utf8"))
  } catch {
    return undefined
  }
})()
if (previous?.built === true && previous.source_hash === sourceHash && existsSync(binary) && existsSync(kwinHelper)) process.exit(0)

const writeStatus = (status) => {
  mkdirSync(path.dirname(statusFile), { recursive: true })
  writeFileSync(statusFile, JSON.stringify({ ...status, source_hash: sourceHash, node: process.version }, null, 2) + "\n")
}
const give = (status, line) => {
  writeStatus(status)
  process.stderr.write(`platform-linux-wayland: ${line}\n`)
  process.exit(0)
}

// Each prerequisite and the Debian package that ships it.
const prerequisites = [
  ["/usr/include/wayland-client.h", "libwayland-dev"],
  ["/usr/include/xkbcommon/xkbcommon.h", "libxkbcommon-dev"],
  ["/usr/include/zlib.h", "zlib1g-dev"],
  [protocolFiles.at(-2), "wayland-protocols"],
  [protocolFiles.at(-1), "plasma-wayland-protocols"]
]
const missing = prerequisites.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg)
const scanner = spawnSync("wayland-scanner", ["--version"], { stdio: "ignore" }).status === 0
if (!scanner && !missing.includes("libwayland-dev")) missing.push("libwayland-bin")
if (spawnSync("cc", ["--version"], { stdio: "ignore" }).status !== 0) missing.push("build-essential")
if (missing.length > 0) give({ built: false, missing, reason: `missing Debian packages: ${missing.join(", ")}` }, `not built, missing ${missing.join(", ")}`)

mkdirSync(generated, { recursive: true })
for (const xml of protocolFiles) {
  const base = path.basename(xml, ".xml")
  for (const [mode, out] of [["client-header", `${base}-client-protocol.h`], ["private-code", `${base}-protocol.c`]]) {
    const run = spawnSync("wayland-scanner", [mode, xml, path.join(generated, out)], { encoding: "utf8" })
    if (run.status !== 0) give({ built: false, missing: [], reason: `wayland-scanner ${mode} ${base} failed: ${run.stderr.trim()}` }, `wayland-scanner failed on ${base}`)
  }
}

// node-gyp ships with npm; inside npm scripts npm names it, otherwise look beside the node binary.
const gypCandidates = [
  process.env.npm_config_node_gyp,
  path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "node_modules", "node-gyp", "bin", "node-gyp.js")
].filter((candidate) => candidate !== undefined && existsSync(candidate))
const gyp = gypCandidates[0]
if (gyp === undefined) give({ built: false, missing: ["node-gyp"], reason: "node-gyp (bundled with npm) was not found" }, "not built, node-gyp not found")
const nodedir = path.resolve(path.dirname(process.execPath), "..")
const nodedirArgs = existsSync(path.join(nodedir, "include", "node", "node_api.h")) ? [`--nodedir=${nodedir}`] : []
const started = Date.now()
const result = spawnSync(process.execPath, [gyp, "rebuild", "--release", ...nodedirArgs], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
if (result.status !== 0 || !existsSync(binary) || !existsSync(kwinHelper)) {
  const tail = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n")
  give({ built: false, missing: [], reason: `node-gyp rebuild failed: ${tail}` }, `node-gyp rebuild failed\n${tail}`)
}
writeStatus({ built: true, build_ms: Date.now() - started })
process.stderr.write(`platform-linux-wayland: addon built in ${Date.now() - started} ms\n`)
