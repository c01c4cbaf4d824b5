// Scaffolds a workspace package: package.json, tsconfigs, vitest config, src/index.ts, README.
// Usage: node tools/scripts/new-package.mjs <dir> <name> [dep-dir ...]
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"

const [dir, name, ...deps] = process.argv.slice(2)
if (!dir || !name) throw new Error("usage: new-package.mjs <dir> <name> [dep-dir ...]")
const write = (file, text) => {
  const path = join(dir, file)
  if (!existsSync(path)) writeFileSync(path, text)
}
mkdirSync(join(dir, "src"), { recursive: true })
const depNames = Object.fromEntries(deps.map((d) => [`@agent-desktop/${d.split("/").pop()}`, "*"]))
write("package.json", JSON.stringify({
  name,
  version: "0.1.0",
  private: true,
  type: "module",
  exports: {
    ".": { "@agent-desktop/source": "./src/index.ts", types: "./dist/index.d.ts", default: "./dist/index.js" }
  },
  scripts: { build: "tsc -b tsconfig.lib.json", typecheck: "tsc -b tsconfig.json", test: "vitest run" },
  dependencies: depNames
}, null, 2) + "\n")
const refs = (cfg) => deps.map((d) => ({ path: relative(dir, join(d, cfg)) }))
write("tsconfig.json", JSON.stringify({
  files: [],
  references: [{ path: "./tsconfig.lib.json" }, { path: "./tsconfig.spec.json" }]
}, null, 2) + "\n")
write("tsconfig.lib.json", JSON.stringify({
  extends: relative(dir, "tsconfig.base.json"),
  compilerOptions: { rootDir: "src", outDir: "dist", tsBuildInfoFile: "dist/tsconfig.lib.tsbuildinfo" },
  include: ["src/**/*.ts"],
  exclude: ["src/**/*.test.ts"],
  references: refs("tsconfig.lib.json")
}, null, 2) + "\n")
write("tsconfig.spec.json", JSON.stringify({
  extends: relative(dir, "tsconfig.base.json"),
  compilerOptions: { noEmit: true, composite: false, rootDir: "." , types: ["node"] },
  include: ["src/**/*.ts", "test/**/*.ts"],
  references: [{ path: "./tsconfig.lib.json" }, ...refs("tsconfig.lib.json")]
}, null, 2) + "\n")
write("vitest.config.ts", `import { sharedConfig } from "${relative(dir, "vitest.shared.ts").replace(/\.ts$/, ".ts")}"\n\nexport default sharedConfig()\n`)
write("src/index.ts", "export {}\n")
write("README.md", `# ${name}\n\nTODO: what this package is for and where to start reading.\n`)
