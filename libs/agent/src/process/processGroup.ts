// Children that run shell commands (Bash, hooks) lead their own process group (`detached: true`), so one signal
// reaches everything they started: a background grandchild must neither hold a pipe open past the timeout nor
// outlive the run.

/** SIGKILL to every process in the group led by `pid`; a group that is already gone is fine. */
export const killGroup = (pid: number | undefined): void => {
  if (pid === undefined) return
  try {
    process.kill(-pid, "SIGKILL")
  } catch {
    // ESRCH: nothing left in the group.
  }
}
