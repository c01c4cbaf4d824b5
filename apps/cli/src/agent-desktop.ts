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
process.stdout.write(chunks.join(""), () => process.exit(code))
