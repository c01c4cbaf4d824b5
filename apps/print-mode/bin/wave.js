#!/usr/bin/env node
import "../dist/wave.js"
