#!/usr/bin/env node
// npm links a package's bins when it installs it and makes no link to a missing file: in a fresh clone `npm ci`
// runs before the build, so the bin is this committed file, which loads the built CLI.
import * as fs from "node:fs"

const built = new URL("../dist/main.js", import.meta.url)
if (fs.existsSync(built)) {
  await import(built.href)
} else {
  process.stderr.write(`desktop is not built (${built.pathname} is missing): run \`npm run build\` in the repository first\n`)
  process.exitCode = 2
}
