// Bundle the CLI from TypeScript sources:
// - dist/agent-desktop.cjs: the one-shot entry (parser, help, contract converters) as one CommonJS file. CommonJS on
//   purpose: an ES module entry makes Node load its ES module loader, fs/promises, readline and streams on every
//   call (a fifth of `version`). What only some calls need is a file of its own in dist/lazy/, required on first use
//   (`schema`, the warm-host client, the code-cache loader), so `version` and argument errors load neither effect
//   nor SQLite nor D-Bus;
// - dist/modes/: the long-lived `mcp` and `serve` modes (ES modules), loaded by URL only for those subcommands, and
//   the warm host's engine process (`serveEngine.js`, which `serve` starts);
// - dist/engine.cjs: the engine side (src/runEngine.ts and all it imports) as one CommonJS file, because only a
//   script can use a V8 code cache on Node 20 (src/bundle/CachedScript.ts). The entry's engine runner is swapped
//   for the one that loads it (src/engineRunner.bundle.ts).
// bin/agent-desktop.js requires the entry (bin/package.json makes that directory CommonJS).
import { build } from "esbuild"
import { createHash } from "node:crypto"
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
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
  external: ["@homebridge/dbus-native"],
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

/**
 * Modules the entry imports dynamically, each bundled on its own into dist/lazy/ and required on first use. The
 * entry's `import("./schemaCommand.js")` becomes a bundled stub that requires the file: an `import()` left in
 * CommonJS output would load Node's ES module loader, the cost the CommonJS entry avoids.
 */
const LAZY = {
  schemaCommand: "src/schemaCommand.ts",
  HostClient: "src/host/HostClient.ts",
  BackgroundHost: "src/host/BackgroundHost.ts",
  CachedScript: "src/bundle/CachedScript.ts"
}
const lazyParts = {
  name: "lazy-parts",
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined
      const target = path.resolve(args.resolveDir, args.path)
      const name = Object.keys(LAZY).find((key) => target === path.resolve(LAZY[key].replace(/\.ts$/, ".js")))
      return name === undefined ? undefined : { path: name, namespace: "lazy-part" }
    })
    build.onLoad({ filter: /.*/, namespace: "lazy-part" }, (args) => ({
      contents: `module.exports = require("./lazy/${args.path}.cjs")`,
      loader: "js"
    }))
    build.onResolve({ filter: /^\.\/lazy\//, namespace: "lazy-part" }, (args) => ({ path: args.path, external: true }))
  }
}

/**
 * better-sqlite3's JavaScript is bundled (so the engine's code cache covers it instead of a dozen files being read
 * and compiled on every call); only its native addon is loaded at run time, from the installed package. `bindings`,
 * its addon finder (a stack-trace trick and many tried paths), is replaced by a direct require of the addon.
 */
const sqliteAddon = {
  name: "sqlite-addon",
  setup(build) {
    build.onResolve({ filter: /^bindings$/ }, () => ({ path: "bindings", namespace: "sqlite-addon" }))
    build.onResolve({ filter: /^better-sqlite3\/package\.json$/, namespace: "sqlite-addon" }, (args) => ({ path: args.path, external: true }))
    build.onLoad({ filter: /.*/, namespace: "sqlite-addon" }, () => ({
      contents: [
        "const path = require(\"node:path\")",
        "module.exports = (name) => {",
        "  const root = path.dirname(require.resolve(\"better-sqlite3/package.json\"))",
        "  try {",
        "    return require(path.join(root, \"build\", \"Release\", name))",
        "  } catch (error) {",
        "    if (error.code !== \"MODULE_NOT_FOUND\") throw error",
        "    return require(path.join(root, \"build\", \"Debug\", name))",
        "  }",
        "}"
      ].join("\n"),
      loader: "js"
    }))
  }
}

/**
 * The store requires better-sqlite3 on first use only (libs/store/src/sql/loadBetterSqlite3.ts: the package is
 * optional, and node:sqlite serves Node >= 22.13). In the engine bundle that module becomes a `require` esbuild can
 * follow, so the package's JavaScript is bundled (and cached with the engine) yet still runs only when called.
 */
const lazyBetterSqlite3 = {
  name: "lazy-better-sqlite3",
  setup(build) {
    build.onResolve({ filter: /\/loadBetterSqlite3\.js$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), namespace: "lazy-better-sqlite3" }))
    build.onLoad({ filter: /.*/, namespace: "lazy-better-sqlite3" }, (args) => ({
      contents: "export const requireBetterSqlite3 = () => require(\"better-sqlite3\")",
      resolveDir: path.dirname(args.path),
      loader: "js"
    }))
  }
}

/**
 * Node built-ins that only some commands use (spawning a process, a TCP or Unix socket, PNG encoding, random ids)
 * are required on first call, not when the engine loads: together they were ~10 ms of every engine call. Each
 * becomes a module of forwarding functions, generated from the built-in's own exports.
 */
const LAZY_BUILTINS = /^node:(child_process|net|zlib|crypto)$/
const builtinRequire = createRequire(import.meta.url)
const lazyBuiltins = {
  name: "lazy-builtins",
  setup(build) {
    build.onResolve({ filter: LAZY_BUILTINS }, (args) =>
      args.namespace === "lazy-builtin" ? { path: args.path, external: true } : { path: args.path, namespace: "lazy-builtin" })
    build.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => {
      const real = builtinRequire(args.path)
      const names = Object.keys(real).filter((name) => typeof real[name] === "function" && /^[A-Za-z_$][\w$]*$/.test(name))
      return {
        contents: [
          `let loaded`,
          `const load = () => (loaded ??= require(${JSON.stringify(args.path)}))`,
          ...names.map((name) =>
            `export function ${name}(...args) { return new.target === undefined ? load().${name}.apply(this, args) : Reflect.construct(load().${name}, args, new.target) }`)
        ].join("\n"),
        loader: "js"
      }
    })
  }
}

/**
 * Every other Node built-in as a module of plain bindings, read once from the built-in's exports. esbuild turns each
 * `import * as fs from "node:fs"` of a CommonJS bundle into its own copy of the module with a getter per export
 * (`__toESM`): two dozen such copies of fs, path and os were ~150 KB of closures and a few ms of every call. With
 * plain bindings, `fs.readFileSync` is a reference to one `const`, and unused exports are dropped.
 */
const EAGER_BUILTINS = /^node:[a-z_/]+$/
const eagerBuiltins = {
  name: "eager-builtins",
  setup(build) {
    build.onResolve({ filter: EAGER_BUILTINS }, (args) =>
      args.namespace === "eager-builtin" || LAZY_BUILTINS.test(args.path) ? undefined : { path: args.path, namespace: "eager-builtin" })
    build.onResolve({ filter: EAGER_BUILTINS, namespace: "eager-builtin" }, (args) => ({ path: args.path, external: true }))
    build.onLoad({ filter: /.*/, namespace: "eager-builtin" }, (args) => {
      const names = Object.keys(builtinRequire(args.path)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== "default")
      return {
        contents: [
          `const builtin$ = require(${JSON.stringify(args.path)})`,
          `const read$ = (name) => builtin$[name]`,
          `export default builtin$`,
          // A pure call is dropped when its export is unused, so only what the bundle uses is read (fs.promises, a
          // getter that loads fs/promises, stays unread).
          ...names.map((name) => `export const ${name} = /* @__PURE__ */ read$(${JSON.stringify(name)})`)
        ].join("\n"),
        loader: "js"
      }
    })
  }
}

/**
 * The command spec (~60 KB of JSON) is in the entry already, parsed for the parser; the engine is only ever loaded by
 * the entry (src/engineRunner.bundle.ts), which hands its parsed copy over as a module the engine requires, instead of
 * the engine carrying, compiling and parsing a second one on every call.
 */
const ENGINE_PROVIDED_MANIFEST = "agent-desktop:command-manifest"
/** The generated module every importer of the spec reaches (as the `@agent-desktop/source` condition resolves it). */
const GENERATED_MANIFEST = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../contracts/src/manifest/commands.generated.js")
const manifestFromEntry = {
  name: "manifest-from-entry",
  setup(build) {
    build.onResolve({ filter: /\/commands\.generated\.js$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === GENERATED_MANIFEST ? { path: "manifest", namespace: "manifest-from-entry" } : undefined)
    build.onResolve({ filter: /^agent-desktop:/, namespace: "manifest-from-entry" }, (args) => ({ path: args.path, external: true }))
    build.onLoad({ filter: /.*/, namespace: "manifest-from-entry" }, () => ({
      contents: `export const COMMAND_MANIFEST = /* @__PURE__ */ require(${JSON.stringify(ENGINE_PROVIDED_MANIFEST)}).COMMAND_MANIFEST`,
      loader: "js"
    }))
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
  plugins: [lazyBetterSqlite3, sqliteAddon, lazyBuiltins, eagerBuiltins, manifestFromEntry],
  ...commonJs
})

// Stored already wrapped as a CommonJS module function (exactly Module.wrap's text), so the loader compiles it as read
// instead of concatenating and flattening a 450 KB string on every call (src/bundle/CachedScript.ts).
const engineCode = readFileSync(`${outdir}/engine.cjs`, "utf8")
writeFileSync(`${outdir}/engine.cjs`, createRequire(import.meta.url)("node:module").wrap(engineCode))
const engineBuildId = createHash("sha256").update(readFileSync(`${outdir}/engine.cjs`)).digest("hex").slice(0, 16)

await build({
  ...common,
  ...commonJs,
  entryPoints: { "agent-desktop": "src/agent-desktop.ts" },
  outExtension: { ".js": ".cjs" },
  outdir,
  plugins: [bundledEngineRunner, lazyParts, eagerBuiltins],
  // The engine's code cache is named after this, so the entry never hashes the engine on a run.
  define: {
    ...commonJs.define,
    __AD_ENGINE_BUILD_ID__: JSON.stringify(engineBuildId),
    __AD_ENGINE_PROVIDED_MANIFEST__: JSON.stringify(ENGINE_PROVIDED_MANIFEST)
  }
})

await build({
  ...common,
  ...commonJs,
  entryPoints: LAZY,
  outExtension: { ".js": ".cjs" },
  plugins: [eagerBuiltins],
  outdir: `${outdir}/lazy`
})

// The long-lived modes (`mcp`, `serve`) as their own bundles in dist/modes/: sharing modules with the entry would
// split the entry into several chunks, and every extra file costs start-up on each one-shot call. The entry loads
// them by URL (src/agent-desktop.ts), so esbuild does not follow those imports.
await build({
  ...common,
  // `serve` is the host's socket side only; its engine process (`serveEngine`) holds the runtime.
  entryPoints: { mcp: "src/mcp.ts", serve: "src/host/HostServer.ts", serveEngine: "src/host/EngineProcess.ts" },
  outdir: `${outdir}/modes`,
  splitting: true,
  format: "esm",
  chunkNames: "chunks/[name]-[hash]",
  // better-sqlite3 (optional) is required from the installed package on first use only, never at load
  // (libs/store/src/sql/loadBetterSqlite3.ts); listed so no build ever bundles or hoists it into these modules.
  external: [...common.external, "better-sqlite3"],
  // ...and so does ws (the DevTools-protocol source's WebSocket): esbuild's require shim in an ES module throws
  // 'Dynamic require of "events" is not supported' unless a real `require` exists, which every mode then failed on
  // at load. Each module of these bundles gets one from its own URL.
  banner: { js: "import { createRequire as __adCreateRequire } from \"node:module\"; const require = __adCreateRequire(import.meta.url);" }
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
