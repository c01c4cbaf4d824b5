#!/usr/bin/env node
// CommonJS (bin/package.json): the entry is a CommonJS bundle, so Node never loads its ES module loader for a call.
require("../dist/agent-desktop.cjs")
