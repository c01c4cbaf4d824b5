// Bundle the CLI from TypeScript sources, in two parts:
// - dist/agent-desktop.js (+ dist/chunks/): ESM, code-split, so `version` and argument errors load neither effect
//   nor SQLite nor D-Bus;
// - dist/modes/: the long-lived `mcp` and `serve` modes, loaded by URL only for those subcommands;
// - dist/engine.cjs: the engine side (src/runEngine.ts and all it imports) as one CommonJS file, because only a
//   script can use a V8 code cache on Node 20 (src/bundle/CachedScript.ts). The entry's engine runner is swapped
//   for the one that loads it (src/engineRunner.bundle.ts).
import { build } from "esbuild"
import { createHash } from "node:crypto"
import { readFileSync, renameSync, rmSync } from "node:fs"
import * as path from "node:path"

const finalDir = process.argv[2] ?? "dist"
// Built beside the final directory and swapped in at the end: tests of several packages build the CLI at once, and a
// reader must never see a half-written dist/. Chunk names carry content hashes, so a fresh directory also means
// stale chunks never pile up next to the entry.
const outdir = `${finalDir}.build-${process.pid}`
rmSync(outdir, { recursive: true, force: true })

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  conditions: ["@agent-desktop/source"],
  external: ["better-sqlite3", "@homebridge/dbus-native"],
  legalComments: "none",
  minify: true,
  sourcemap: false,
  logLevel: "warning"
}

const bundledEngineRunner = {
  name: "bundled-engine-runner",
  setup(build) {
    build.onResolve({ filter: /^\.\/engineRunner\.js$/ }, (args) => ({ path: path.join(args.resolveDir, "engineRunner.bundle.ts") }))
  }
}

await build({
  ...common,
  entryPoints: ["src/runEngine.ts"],
  outfile: `${outdir}/engine.cjs`,
  format: "cjs",
  // The Linux adapter loads dbus-native (non-Unix bus addresses only) relative to its own module.
  define: { "import.meta.url": "__adModuleUrl" },
  banner: { js: "const __adModuleUrl = require(\"node:url\").pathToFileURL(__filename).href;" }
})

const engineBuildId = createHash("sha256").update(readFileSync(`${outdir}/engine.cjs`)).digest("hex").slice(0, 16)

await build({
  ...common,
  entryPoints: { "agent-desktop": "src/agent-desktop.ts" },
  outdir,
  splitting: true,
  format: "esm",
  chunkNames: "chunks/[name]-[hash]",
  plugins: [bundledEngineRunner],
  // The engine's code cache is named after this, so the entry never hashes the engine on a run.
  define: { __AD_ENGINE_BUILD_ID__: JSON.stringify(engineBuildId) }
})

// The long-lived modes (`mcp`, `serve`) as their own bundles in dist/modes/: sharing modules with the entry would
// split the entry into several chunks, and every extra file costs start-up on each one-shot call. The entry loads
// them by URL (src/agent-desktop.ts), so esbuild does not follow those imports.
await build({
  ...common,
  entryPoints: { mcp: "src/mcp.ts", serve: "src/host/HostServer.ts" },
  outdir: `${outdir}/modes`,
  splitting: true,
  format: "esm",
  chunkNames: "chunks/[name]-[hash]"
})

// Another build may swap its own dist/ in between our two renames: then move that one aside too and try again.
const oldDir = `${finalDir}.old-${process.pid}`
for (let attempt = 0; ; attempt++) {
  rmSync(oldDir, { recursive: true, force: true })
  try {
    renameSync(finalDir, oldDir)
  } catch {
    // No previous build.
  }
  try {
    renameSync(outdir, finalDir)
    break
  } catch (error) {
    if (attempt >= 5) throw error
  }
}
rmSync(oldDir, { recursive: true, force: true })
