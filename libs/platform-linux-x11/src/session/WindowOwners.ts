/** Which processes own visible X windows, with their titles: one shell, one xdotool per window (x11 `status`). */
import { execFile } from "node:child_process"

const run = (command: string, args: ReadonlyArray<string>): Promise<string | undefined> =>
  new Promise((resolve) => {
    execFile(command, [...args], { timeout: 2000 }, (error, stdout) => resolve(error && !stdout ? undefined : stdout))
  })

/** PIDs owning visible X windows, with titles; undefined without a display or when the listing failed. */
export const windowOwners = async (): Promise<ReadonlyArray<{ pid: number; title: string }> | undefined> => {
  if (!process.env.DISPLAY) return undefined
  const script = `for w in $(xdotool search --onlyvisible --name '.*' 2>/dev/null); do p=$(xdotool getwindowpid $w 2>/dev/null) && printf '%s\\t%s\\n' "$p" "$(xdotool getwindowname $w 2>/dev/null)"; done`
  const out = await run("sh", ["-c", script])
  if (out === undefined) return undefined
  return out.split("\n").filter(Boolean).map((line) => {
    const [pid, ...title] = line.split("\t")
    return { pid: Number(pid), title: title.join("\t") }
  })
}
