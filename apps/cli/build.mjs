// Bundle the CLI from TypeScript sources:
// - dist/agent-desktop.cjs: the one-shot entry (parser, help, contract converters) as one CommonJS file. CommonJS on
//   purpose: an ES module entry makes Node load its ES module loader, fs/promises, readline and streams on every
//   call (a fifth of `version`). What only some calls need is a file of its own in dist/lazy/, required on first use
//   (`schema`, the warm-host client, the code-cache loader), so `version` and argument errors load neither effect
//   nor SQLite nor D-Bus;
// - dist/modes/: the long-lived `mcp` and `serve` modes (ES modules), loaded by URL only for those subcommands;
// - dist/engine.cjs: the engine side (src/runEngine.ts and all it imports) as one CommonJS file, because only a
//   script can use a V8 code cache on Node 20 (src/bundle/CachedScript.ts). The entry's engine runner is swapped
//   for the one that loads it (src/engineRunner.bundle.ts).
// bin/agent-desktop.js requires the entry (bin/package.json makes that directory CommonJS).
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

/** Modules the entry imports dynamically, each bundled on its own into dist/lazy/ (see LAZY below). */
const LAZY = {
  schemaCommand: "src/schemaCommand.ts",
  HostClient: "src/host/HostClient.ts",
  CachedScript: "src/bundle/CachedScript.ts"
}
const lazyParts = {
  name: "lazy-parts",
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined
      const name = Object.keys(LAZY).find((key) => path.resolve(args.resolveDir, args.path) === path.resolve(LAZY[key].replace(/\.ts$/, ".js")))
      return name === undefined ? undefined : { path: `./lazy/${name}.cjs`, external: true }
    })
  }
}

/** CommonJS output that still knows its own URL (the Linux adapter loads dbus-native relative to its module). */
const commonJs = {
  format: "cjs",
  define: { "import.meta.url": "__adModuleUrl" },
  banner: { js: "const __adModuleUrl = require(\"node:url\").pathToFileURL(__filename).href;" }
}

await build({
  ...common,
  entryPoints: ["src/runEngine.ts"],
  outfile: `${outdir}/engine.cjs`,
  ...commonJs
})

const engineBuildId = createHash("sha256").update(readFileSync(`${outdir}/engine.cjs`)).digest("hex").slice(0, 16)

await build({
  ...common,
  ...commonJs,
  entryPoints: { "agent-desktop": "src/agent-desktop.ts" },
  outExtension: { ".js": ".cjs" },
  outdir,
  plugins: [bundledEngineRunner, lazyParts],
  // The engine's code cache is named after this, so the entry never hashes the engine on a run.
  define: { ...commonJs.define, __AD_ENGINE_BUILD_ID__: JSON.stringify(engineBuildId) }
})

await build({
  ...common,
  ...commonJs,
  entryPoints: LAZY,
  outExtension: { ".js": ".cjs" },
  outdir: `${outdir}/lazy`
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
