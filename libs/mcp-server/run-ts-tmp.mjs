import { build } from "esbuild"
const [entry, ...rest] = process.argv.slice(2)
await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", outfile: "/tmp/mcp-lean/run-ts-out.mjs", conditions: ["@agent-desktop/source"], external: ["better-sqlite3"], logLevel: "error", banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } })
process.argv = [process.argv[0], entry, ...rest]
await import("/tmp/mcp-lean/run-ts-out.mjs?" + Date.now())
