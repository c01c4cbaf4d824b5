/** The binary's entry: argv -> main -> one stdout write -> exit code. */
import { main } from "./main.js"

const chunks: Array<string> = []
const code = await main(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => void chunks.push(text),
  stderr: (text) => void process.stderr.write(text)
})
// Exit only after stdout drained: a pipe reader must always receive the whole envelope, and lingering handles
// (a D-Bus socket, a timer) must not keep the process alive.
// A reader that went away (EPIPE) must not turn into an uncaught exception and a second, garbled output.
process.stdout.on("error", () => process.exit(code))
process.stdout.write(chunks.join(""), () => process.exit(code))
