// Bundle the CLI from TypeScript sources. Code splitting keeps `version` and argument errors on a chunk that loads
// neither effect nor SQLite nor D-Bus; the engine is a dynamic import behind them.
import { build } from "esbuild"
import { rmSync } from "node:fs"

// Chunk names carry content hashes: start clean so stale chunks never pile up next to the entry.
rmSync("dist", { recursive: true, force: true })

await build({
  entryPoints: { "agent-desktop": "src/agent-desktop.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  conditions: ["@agent-desktop/source"],
  external: ["better-sqlite3", "@homebridge/dbus-native"],
  chunkNames: "chunks/[name]-[hash]",
  banner: { js: "import { createRequire as __adCreateRequire } from \"node:module\"; const require = __adCreateRequire(import.meta.url);" },
  legalComments: "none",
  minify: true,
  sourcemap: false,
  logLevel: "warning"
})
