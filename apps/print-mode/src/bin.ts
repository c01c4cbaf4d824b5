// The `wave` binary's entry (bundled to dist/wave.js). Exit only after stdout is flushed, and then at once, so a
// leaked handle (socket, child) cannot keep the process alive after the result (Claude Code #50777).
import { startup } from "./startup.js"

startup({ argv: process.argv.slice(2), env: process.env, cwd: process.cwd() }).then(
  (code) => {
    process.exitCode = code
    if (process.env["WAVE_REPORT_CPU"] === "1") {
      // For apps/print-mode/bench: this process's own CPU time, on stderr.
      const cpu = process.cpuUsage()
      process.stderr.write(`wave-cpu-us: ${cpu.user + cpu.system}\n`)
    }
    // stdout is flushed (main awaited it) and stderr writes are synchronous on Linux pipes and files, so exiting
    // now loses nothing and does not wait for idle keep-alive sockets.
    setImmediate(() => process.exit(code))
  },
  (error: unknown) => {
    process.stderr.write(`wave: fatal: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exit(1)
  }
)
