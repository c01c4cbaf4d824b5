#!/usr/bin/env node
import { findDrift, hasDrift, writeGenerated } from "../emit/drift.js"
import { generatedFiles } from "../emit/generatedFiles.js"
import { contractsRoot } from "../emit/paths.js"

// Writes contracts/schemas from the TypeBox sources. Progress goes to stderr; stdout stays empty.
const root = contractsRoot()
const files = generatedFiles()
const drift = writeGenerated(root, files)
process.stderr.write(
  `generate: ${files.size} files, ${drift.missing.length} created, ${drift.changed.length} updated, ${drift.extra.length} removed\n`
)
if (hasDrift(findDrift(root, files))) process.exitCode = 1
