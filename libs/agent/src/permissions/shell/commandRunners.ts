// Programs that run another command given in their arguments, as data: how to find that command, so a deny rule
// such as `Bash(touch:*)` also matches `timeout 5 touch x`, `env A=1 touch x`, `sh -c 'touch x'` or
// `find . -exec touch {} ;`. And the programs that run whatever they are told (shells, interpreters, terminals):
// launching one of them is running a command, judged by the Bash rules.

export interface Wrapper {
  /** Options that take the next argument (or the rest of their cluster) as their value. */
  readonly valued?: ReadonlyArray<string>
  /** Options whose value is a command line run by a shell (`su -c CMD`, `flock -c CMD`). */
  readonly script?: ReadonlyArray<string>
  /** Options after which no command runs (`command -v`, `ionice -p`). */
  readonly inert?: ReadonlyArray<string>
  /** Positional arguments before the command (`timeout DURATION`, `chroot DIR`, `flock FILE`). */
  readonly fixed?: number
  /** `NAME=value` words before the command (`env`). */
  readonly assignments?: boolean
  /** The rest of the arguments, joined by spaces, is a command line run by a shell (`watch`). */
  readonly joined?: boolean
  /** No command follows the options unless a script option gave one (`su`), which may also come after them. */
  readonly scriptOnly?: boolean
  /** With `joined`: only the first argument is the command line (`trap CMD SIGNAL…`). */
  readonly firstOnly?: boolean
}

export const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  env: { valued: ["-u", "--unset", "-C", "--chdir"], script: ["-S", "--split-string"], assignments: true },
  nohup: {},
  nice: { valued: ["-n", "--adjustment"] },
  ionice: { valued: ["-c", "--class", "-n", "--classdata"], inert: ["-p", "--pid", "-P", "--pgid", "-u", "--uid"] },
  timeout: { valued: ["-s", "--signal", "-k", "--kill-after"], fixed: 1 },
  stdbuf: { valued: ["-i", "--input", "-o", "--output", "-e", "--error"] },
  setsid: {},
  taskset: { inert: ["-p", "--pid"], fixed: 1 },
  sudo: {
    valued: ["-u", "--user", "-g", "--group", "-h", "--host", "-p", "--prompt", "-C", "--close-from", "-D", "--chdir", "-r", "--role", "-t", "--type", "-U", "--other-user", "-T", "--command-timeout"],
    inert: ["-l", "--list", "-v", "--validate", "-k", "-K", "--remove-timestamp"]
  },
  doas: { valued: ["-u", "-C"] },
  su: { valued: ["-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment"], script: ["-c", "--command"], scriptOnly: true },
  runuser: { valued: ["-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w"], script: ["-c", "--command"] },
  chroot: { valued: ["--userspec", "--groups"], fixed: 1 },
  command: { inert: ["-v", "-V"] },
  exec: { valued: ["-a"] },
  builtin: {},
  time: { valued: ["-o", "--output", "-f", "--format"] },
  flock: { valued: ["-w", "--timeout", "-E", "--conflict-exit-code"], script: ["-c", "--command"], fixed: 1 },
  watch: { valued: ["-n", "--interval", "-q", "--equexit"], joined: true },
  xargs: {
    valued: ["-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"]
  },
  script: { valued: ["-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format"], script: ["-c", "--command"], scriptOnly: true },
  strace: { valued: ["-o", "-e", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-S", "-X", "-P"], inert: ["-p"] },
  ltrace: { valued: ["-o", "-e", "-s", "-u", "-a", "-l", "-n", "-x", "-F", "-A", "-D"], inert: ["-p"] },
  "xvfb-run": { valued: ["-n", "--server-num", "-e", "--error-file", "-f", "--auth-file", "-p", "--xauth-protocol", "-s", "--server-args", "-w", "--wait"] },
  "dbus-run-session": { valued: ["--config-file", "--dbus-daemon"] },
  catchsegv: {},
  unbuffer: {},
  busybox: {},
  coproc: {},
  pkexec: { valued: ["--user"] },
  chrt: { valued: ["-T", "--sched-runtime", "-P", "--sched-period", "-D", "--sched-deadline"], inert: ["-p", "--pid"], fixed: 1 },
  setarch: { valued: ["--uname-2.6"], fixed: 1 },
  unshare: { valued: ["-S", "--setuid", "-G", "--setgroups", "-R", "--root", "-w", "--wd"] },
  nsenter: { valued: ["-t", "--target", "-S", "--setuid", "-G", "--setgroups", "-R", "--root", "-w", "--wd"] },
  "systemd-run": {
    valued: ["-p", "--property", "-u", "--unit", "-E", "--setenv", "--uid", "--gid", "-M", "--machine", "-H", "--host", "--slice", "--description", "--working-directory", "--nice", "--on-calendar", "--on-active", "--timer-property", "--path-property", "--socket-property"]
  },
  fakeroot: { valued: ["-l", "--lib", "--faked", "-s", "-i"] },
  eatmydata: {},
  trap: { joined: true, fixed: 0, firstOnly: true }
}

/** Shells: `-c SCRIPT` runs SCRIPT; without a script or a file they read their commands from stdin. */
export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "dash", "zsh", "ksh", "ksh93", "mksh", "rbash", "yash", "posh", "fish", "csh", "tcsh"])

/** Builtins that run a file in the current shell (`. FILE`, `source FILE`). */
export const SOURCING: ReadonlySet<string> = new Set([".", "source"])

/** Files that are a process's stdin or a pipe: a shell or `source` reading one reads what it is fed. */
export const STDIN_FILES = /^(\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/self\/fd\/\d+|\/dev\/tty)$/

/** Shell options that take a value (`-o pipefail`). */
export const SHELL_VALUED: ReadonlySet<string> = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"])

/** Interpreters whose arguments are a program (`python3 -c`, `perl -e`, `node -e`). */
const INTERPRETERS = /^(python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby[0-9.]*|irb|node|nodejs|deno|bun|php[0-9.]*|lua[0-9.]*|luajit|tclsh[0-9.]*|wish[0-9.]*|expect|awk|gawk|mawk|nawk|busybox|Rscript|julia|guile[0-9.]*|gdb|osascript|pwsh|jshell|make|gmake)$/

/** Terminal emulators: a shell in a window, or the command after `-e` / `--`. */
const TERMINALS = new Set([
  "xterm", "uxterm", "lxterm", "koi8rxterm", "x-terminal-emulator", "gnome-terminal", "gnome-terminal.wrapper", "kgx",
  "gnome-console", "konsole", "xfce4-terminal", "xfce4-terminal.wrapper", "lxterminal", "mate-terminal", "tilix",
  "terminator", "kitty", "alacritty", "foot", "footclient", "st", "urxvt", "urxvtc", "rxvt", "rxvt-unicode", "sakura",
  "terminology", "qterminal", "wezterm", "eterm", "aterm", "cool-retro-term", "guake", "tilda", "yakuake", "ptyxis",
  // Their desktop ids, which `launch` also accepts.
  "org.gnome.Terminal", "org.gnome.Console", "org.gnome.Ptyxis", "org.kde.konsole", "debian-xterm", "debian-uxterm",
  "com.gexperts.Tilix", "org.wezfurlong.wezterm"
])

/** The last path component, and a desktop id's name without `.desktop`. */
export const programName = (word: string): string => word.slice(word.lastIndexOf("/") + 1).replace(/\.desktop$/, "")

/**
 * Whether starting `program` runs commands rather than an application: a shell, an interpreter, a terminal or a
 * program that runs the command in its arguments. `launch` judges such a start as the Bash command it is.
 */
export const runsCommands = (program: string): boolean => {
  const name = programName(program)
  return SHELLS.has(name) || Object.hasOwn(WRAPPERS, name) || name === "eval" || name === "find" || INTERPRETERS.test(name) ||
    TERMINALS.has(name)
}
