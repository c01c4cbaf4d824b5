// Starts the project's virtual desktop with the GTK fixture for a non-JavaScript client's tests: prints its
// environment as one JSON line, and stops it (by the PIDs it started) when stdin closes.
import { startDesktop } from "@agent-desktop/desktop"

const desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
process.stdout.write(`${JSON.stringify({ env: desktop.env })}\n`)
const stop = async () => {
  await desktop.stop()
  process.exit(0)
}
process.stdin.on("end", stop)
process.stdin.on("close", stop)
process.stdin.resume()
