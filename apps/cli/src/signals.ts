/**
 * SIGINT, SIGTERM and SIGHUP during a command: the first one aborts the running command (it stops waiting, folds
 * what it proved and still prints its one envelope, see the engine's runCommand), and the process then exits with
 * the shell's code for that signal. A second signal ends the process at once.
 */
export const SIGNAL_EXIT: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 }

export interface SignalWatch {
  readonly signal: AbortSignal
  /** The first signal received, if any. */
  readonly received: () => string | undefined
  /** Acts as if `name` had been received (one the native host client received before it exec'd this entry). */
  readonly receive: (name: string) => void
}

export const watchSignals = (target: Pick<NodeJS.Process, "on" | "exit">): SignalWatch => {
  const controller = new AbortController()
  let first: string | undefined
  const receive = (name: string) => {
    if (first !== undefined) target.exit(SIGNAL_EXIT[name])
    first = name
    controller.abort(name)
  }
  for (const name of Object.keys(SIGNAL_EXIT)) target.on(name, () => receive(name))
  return { signal: controller.signal, received: () => first, receive }
}

/** The command's own exit code, unless a signal cut it short. */
export const exitCodeFor = (code: number, signal: string | undefined): number =>
  signal === undefined ? code : SIGNAL_EXIT[signal] ?? code
