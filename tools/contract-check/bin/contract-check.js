#!/usr/bin/env node
// npm links a package's bins when it installs it, and makes no link to a file that is missing then: in a fresh
// clone `npm ci` runs before the build, so the bin must be this committed file, not the built one in dist/.
import * as fs from "node:fs"

const built = new URL("../dist/bin/contract-check.js", import.meta.url)
if (fs.existsSync(built)) {
  await import(built.href)
} else {
  process.stderr.write(`contract-check is not built (${built.pathname} is missing): run \`npm run build\` in the repository first\n`)
  process.exitCode = 2
}
