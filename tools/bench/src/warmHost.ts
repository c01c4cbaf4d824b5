/**
 * A warm host (`agent-desktop serve`) for a bench's state root, and the installed command that reaches it:
 * `bin/agent-desktop` beside the entry, whose native client sends each call to the host without starting Node.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as path from "node:path"

/** The launcher beside `bin/agent-desktop.js`. */
export const launcherOf = (bin: string): string => path.join(path.dirname(bin), "agent-desktop")

/** Starts `node BIN serve` and resolves once it says it listens (its socket's place differs between builds). */
export const startWarmHost = async (bin: string, env: NodeJS.ProcessEnv, _home: string): Promise<ChildProcess> => {
  const host = spawn(process.execPath, [bin, "serve"], { env, stdio: ["ignore", "ignore", "pipe"] })
  const listening = await new Promise<boolean>((resolve) => {
    let stderr = ""
    // Generous: on a loaded machine (load 25 on 2 cores) the host took over 10 s to listen.
    const timer = setTimeout(() => resolve(false), 60_000)
    host.stderr!.on("data", (chunk) => {
      stderr += chunk
      if (stderr.includes("listening on")) {
        clearTimeout(timer)
        resolve(true)
      }
    })
    host.once("exit", () => resolve(false))
  })
  if (!listening) {
    host.kill("SIGKILL")
    throw new Error("agent-desktop serve did not open its socket")
  }
  // Its later lines (a wedged engine replaced) are read and dropped, so a full pipe never blocks it.
  host.stderr!.resume()
  return host
}

/** SIGTERM, then waits for the exit (the host removes its socket first). */
export const stopWarmHost = async (host: ChildProcess): Promise<void> => {
  if (host.exitCode !== null || host.signalCode !== null) return
  const exited = new Promise((resolve) => host.once("exit", resolve))
  host.kill("SIGTERM")
  await exited
}
