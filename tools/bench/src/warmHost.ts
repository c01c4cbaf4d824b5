/**
 * A warm host (`agent-desktop serve`) for a bench's state root, and the installed command that reaches it:
 * `bin/agent-desktop` beside the entry, whose native client sends each call to the host without starting Node.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"

/** The launcher beside `bin/agent-desktop.js`. */
export const launcherOf = (bin: string): string => path.join(path.dirname(bin), "agent-desktop")

/** Whether a host's socket (`engine-<binding key>.sock`, one per desktop) is in `<home>/host/`. */
const hasSocket = (home: string): boolean => {
  const dir = path.join(home, "host")
  return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => /^engine-[0-9a-f]{16}\.sock$/.test(name))
}

/** Starts `node BIN serve` and resolves once its socket in `<home>/host/` exists. */
export const startWarmHost = async (bin: string, env: NodeJS.ProcessEnv, home: string): Promise<ChildProcess> => {
  const host = spawn(process.execPath, [bin, "serve"], { env, stdio: "ignore" })
  for (let i = 0; i < 500 && !hasSocket(home); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  if (!hasSocket(home)) {
    host.kill("SIGKILL")
    throw new Error("agent-desktop serve did not open its socket")
  }
  return host
}

/** SIGTERM, then waits for the exit (the host removes its socket first). */
export const stopWarmHost = async (host: ChildProcess): Promise<void> => {
  if (host.exitCode !== null || host.signalCode !== null) return
  const exited = new Promise((resolve) => host.once("exit", resolve))
  host.kill("SIGTERM")
  await exited
}
