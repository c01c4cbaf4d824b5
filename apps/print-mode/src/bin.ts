// The `wave` binary's entry (bundled to dist/wave.js). Exit only after stdout is flushed; a watchdog makes sure a
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
    setTimeout(() => process.exit(code), 200).unref()
  },
  (error: unknown) => {
    process.stderr.write(`wave: fatal: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exit(1)
  }
)
