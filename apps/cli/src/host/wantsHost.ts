/**
 * Whether this invocation should try a warm host (host/HostClient.ts, loaded only then): not with
 * AGENT_DESKTOP_HOST=off, not for what the entry answers at once without the engine (a bare call, help, version),
 * not when an argument reads stdin (`-`), which stays in this process, not with `-v`/`--verbose`, whose debug log
 * is written by the process that runs the command (a host's stderr goes nowhere), and not for `watch`, which prints
 * its events as they happen (a host answers once; any argument `watch` counts, so a global flag before it does not
 * send it there).
 */
export const wantsHost = (argv: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>>): boolean =>
  env["AGENT_DESKTOP_HOST"] !== "off" && argv.length > 0 &&
  !["version", "--version", "-V", "--help", "-h", "help"].includes(argv[0]!) &&
  !argv.includes("-") && !argv.includes("-v") && !argv.includes("--verbose") && !argv.includes("watch")
