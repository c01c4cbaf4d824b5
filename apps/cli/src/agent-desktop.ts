/**
 * The binary's entry: argv -> main (or a warm host running main) -> one stdout write -> exit code. Two long-lived
 * modes answer in other protocols: `mcp` (an MCP server on stdio) and `serve` (the warm host itself).
 *
 * Bundled as CommonJS (build.mjs), so no top-level await: an ES module entry makes Node load its ES module loader
 * (and fs/promises, readline, streams with it) on every call.
 */
import { main } from "./main.js"
import { takeHandoff } from "./host/Handoff.js"
import { hostFailureOutcome } from "./host/HostFailure.js"
import { namesDesktop } from "./host/DesktopPresence.js"
import { stateRootOf, trustedSocket } from "./host/HostAddress.js"
import { enableModuleCompileCache } from "./bundle/moduleCompileCache.js"
import { wantsHost } from "./host/wantsHost.js"
import { exitCodeFor, watchSignals } from "./signals.js"
import { writeStdout } from "./writeStdout.js"

const argv = process.argv.slice(2)
/** What the native host client that exec'd this entry already knows (host/Handoff.ts), if it did. */
const handoff = takeHandoff(process.env, process.pid)

const run = async (): Promise<void> => {
  // The long-lived modes are bundles of their own beside this file (build.mjs); a URL import keeps them out of it.
  const modeUrl = (name: "mcp" | "serve") => new URL(`./modes/${name}.js`, import.meta.url).href
  // The long-lived modes load ES modules: Node's compile cache (where it exists) spares compiling them at each start.
  if (argv[0] === "mcp" || argv[0] === "serve") enableModuleCompileCache(stateRootOf(process.env))
  if (argv[0] === "mcp") {
    const { runMcp } = await import(modeUrl("mcp")) as typeof import("./mcp.js")
    process.exit(await runMcp(argv.slice(1)))
  }
  if (argv[0] === "serve") {
    const { runServe } = await import(modeUrl("serve")) as typeof import("./host/HostServer.js")
    process.exit(await runServe(argv.slice(1), { env: process.env, stderr: (text) => void process.stderr.write(text) }))
  }

  const signals = watchSignals(process)
  if (handoff?.signal !== undefined) signals.receive(handoff.signal)
  const chunks: Array<string> = []
  // A warm host (`agent-desktop serve`) for this state root and desktop runs the invocation when one is up; its answer
  // is exactly what main() would print here. A host the native client found lost or unanswering after sending the
  // request: the command may have run there, so this process reports that and runs nothing; one that declined: run
  // it here.
  const host = handoff?.outcome === "lost" || handoff?.outcome === "unanswered"
    ? hostFailureOutcome(argv, process.env, { kind: handoff.outcome, reason: handoff.reason })
    : handoff?.outcome !== "declined" && wantsHost(argv, process.env) ? await hostOutcome(signals.signal) : undefined
  if (host !== undefined) {
    process.stderr.write(host.stderr)
    chunks.push(host.stdout)
  }
  const code = host?.exit ?? await main(argv, {
    env: process.env,
    stdout: (text) => void chunks.push(text),
    // A streaming command's lines (watch) go out as they come; the last envelope still waits for the drain below.
    stream: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    signal: signals.signal
  })
  const exitCode = exitCodeFor(code, signals.received())
  // Exit only after stdout drained: a pipe reader must always receive the whole envelope, and lingering handles
  // (a D-Bus socket, a timer) must not keep the process alive. A stdout that cannot take the envelope (a reader that
  // went away, a full disk) is a failure, never exit 0 with nothing said: the reason goes to stderr.
  writeStdout(chunks.join(""), (error) => {
    if (error === undefined) process.exit(exitCode)
    process.stderr.write(`agent-desktop: could not write the result to stdout: ${error.message}\n`)
    process.exit(exitCode === 0 ? 1 : exitCode)
  })
}

void run()

/**
 * Only a trusted socket (a few lstat calls) loads the client and node:net. With none: AGENT_DESKTOP_HOST=auto starts
 * a host and waits for it; by default one is started in the background for the next calls (where a display is
 * named) and this call runs here. A socket nobody listens on (a host killed -9) counts as none.
 */
async function hostOutcome(signal: AbortSignal) {
  const socket = trustedSocket(process.env)
  const mode = process.env["AGENT_DESKTOP_HOST"]
  const auto = mode === "auto"
  if (socket === undefined && !auto) return startInBackground(undefined)
  const { runViaHost, startHost } = await import("./host/HostClient.js")
  const first = socket === undefined ? { kind: "local", stale: false } as const : await runViaHost(argv, process.env, signal, socket)
  if (first.kind === "answer") return first.outcome
  if (first.kind === "failed") return hostFailureOutcome(argv, process.env, first.failure)
  if (signal.aborted) return undefined
  const stale = first.stale ? socket : undefined
  if (!auto) return socket === undefined || stale !== undefined ? startInBackground(stale) : undefined
  if (socket !== undefined && stale === undefined) return undefined
  const started = await startHost(process.argv[1]!, process.env)
  if (started === undefined) return undefined
  const second = await runViaHost(argv, process.env, signal, started)
  return second.kind === "answer" ? second.outcome : second.kind === "failed" ? hostFailureOutcome(argv, process.env, second.failure) : undefined
}

/** By default (no AGENT_DESKTOP_HOST), where a display is named: a host for the next calls; this one runs here. */
async function startInBackground(staleSocket: string | undefined): Promise<undefined> {
  const mode = process.env["AGENT_DESKTOP_HOST"]
  if ((mode === undefined || mode === "") && namesDesktop(process.env)) {
    const { startHostIfDue } = await import("./host/BackgroundHost.js")
    startHostIfDue(process.argv[1]!, process.env, Date.now(), staleSocket)
  }
  return undefined
}
