// Bundles the `wave` binary from sources into dist/wave.js (+ lazily loaded chunks). Native and D-Bus modules
// stay external; everything else is inlined so start-up reads a few files instead of hundreds.
import * as fs from "node:fs"
import * as esbuild from "esbuild"

fs.rmSync("dist/chunks", { recursive: true, force: true })

await esbuild.build({
  entryPoints: { wave: "src/bin.ts" },
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["@agent-desktop/source"],
  external: ["better-sqlite3", "@homebridge/dbus-native"],
  banner: { js: "import { createRequire as __wave_createRequire } from 'node:module'; const require = __wave_createRequire(import.meta.url);" },
  minify: true,
  keepNames: false,
  legalComments: "none",
  logLevel: "warning"
})
