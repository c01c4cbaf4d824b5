#!/bin/sh
':' //; true 2>/dev/null 3>&1 || { echo "wave: stdout is closed; wave delivers its answer there (give it a pipe, a file or /dev/null)" >&2; exit 1; }; exec node "$0" "$@"
// Line 2 is for /bin/sh and a comment for Node. Node reopens a closed stdout on /dev/null before any JavaScript
// runs, so `wave … >&-` would "deliver" its answer nowhere and exit 0; the shell sees the closed descriptor (the
// duplication fails) and refuses first. Started as `node bin/wave.js`, that check is skipped.
import "../dist/wave.js"
