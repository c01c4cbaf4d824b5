/** The binary's entry: argv -> main -> one stdout write -> exit code (or, for `mcp`, an MCP server on stdio). */
import { main } from "./main.js"
import { exitCodeFor, watchSignals } from "./signals.js"

if (process.argv[2] === "mcp") {
  const { runMcp } = await import("./mcp.js")
  process.exit(await runMcp(process.argv.slice(3)))
}

const signals = watchSignals(process)
const chunks: Array<string> = []
const code = await main(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => void chunks.push(text),
  stderr: (text) => void process.stderr.write(text),
  signal: signals.signal
})
const exitCode = exitCodeFor(code, signals.received())
// Exit only after stdout drained: a pipe reader must always receive the whole envelope, and lingering handles
// (a D-Bus socket, a timer) must not keep the process alive. A stdout that cannot take the envelope (a reader that
// went away, a full disk) is a failure, never exit 0 with nothing said: the reason goes to stderr.
const failed = (error: Error) => {
  process.stderr.write(`agent-desktop: could not write the result to stdout: ${error.message}\n`)
  process.exit(exitCode === 0 ? 1 : exitCode)
}
process.stdout.on("error", failed)
process.stdout.write(chunks.join(""), (error) => (error ? failed(error) : process.exit(exitCode)))
