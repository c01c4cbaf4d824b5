#!/usr/bin/env node
import "../dist/agent-desktop.js"
