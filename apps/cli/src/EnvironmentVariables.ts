/**
 * Every environment variable the CLI, `mcp` and `serve` read, with what it does: `--help` prints this list and
 * `EnvironmentVariables.test.ts` fails when the code reads a variable that is missing here or in the top README.
 */
export interface EnvironmentVariable {
  readonly name: string
  readonly text: string
}

export const AGENT_DESKTOP_VARIABLES: ReadonlyArray<EnvironmentVariable> = [
  { name: "AGENT_DESKTOP_HOME", text: "state root: store, sessions, traces, the warm host's socket (default ~/.agent-desktop; absolute path)" },
  { name: "AGENT_DESKTOP_CONTRACT", text: "contract version of the envelopes when --contract is not given (default: the newest)" },
  { name: "AGENT_DESKTOP_SESSION", text: "session id when --session is not given" },
  { name: "AGENT_DESKTOP_AGENT_ID", text: "agent id when --agent-id is not given" },
  { name: "AGENT_DESKTOP_HOST", text: "warm host: unset = start one in the background, off = never use one, auto = start one and wait" },
  { name: "AGENT_DESKTOP_STORE", text: "postgres://user:password@host/db: a shared PostgreSQL store instead of $AGENT_DESKTOP_HOME/events.db" },
  { name: "AGENT_DESKTOP_MACHINE", text: "this machine's name in the store (default: the host name; must differ per machine)" },
  { name: "AGENT_DESKTOP_SQLITE", text: "node:sqlite | better-sqlite3: the SQLite binding (default: node:sqlite where Node has it)" },
  { name: "AGENT_DESKTOP_DBUS_TCP", text: "1: also accept tcp: D-Bus addresses (default: unix: only)" },
  { name: "AGENT_DESKTOP_GNOME_CAPTURE", text: "portal: on GNOME (Wayland) capture through the ScreenCast portal alone, which asks the user to consent once" },
  { name: "AGENT_DESKTOP_CDP", text: "DevTools endpoints (host:port, comma-separated, loopback only) to read Chromium/Electron pages through" },
  { name: "AGENT_DESKTOP_SECRET_NAME", text: "trace replay: the text a recording's secret NAME stands for (any NAME; as --secret NAME=TEXT)" },
  { name: "AGENT_DESKTOP_HOST_HANDOFF", text: "internal: set by the installed command for the Node entry it execs; never set it" }
]

export const DESKTOP_VARIABLES: ReadonlyArray<EnvironmentVariable> = [
  { name: "DISPLAY", text: "the X11 display (an X11 session; XWayland on Wayland)" },
  { name: "WAYLAND_DISPLAY", text: "the Wayland display (a Wayland session)" },
  { name: "XDG_SESSION_TYPE", text: "x11 | wayland: which session this is when both displays are set" },
  { name: "XDG_CURRENT_DESKTOP", text: "the compositor a Wayland backend talks to (e.g. sway)" },
  { name: "SWAYSOCK", text: "sway's IPC socket (window commands on sway)" },
  { name: "DBUS_SESSION_BUS_ADDRESS", text: "the session bus, where the accessibility bus is asked for" },
  { name: "AT_SPI_BUS_ADDRESS", text: "the accessibility bus directly (else asked of the session bus or the X root window)" },
  { name: "XDG_RUNTIME_DIR", text: "the runtime directory (the session bus and the warm host's socket)" },
  { name: "HOME", text: "the default state root's parent" },
  { name: "XDG_DATA_HOME", text: "where launch looks for .desktop files first (default ~/.local/share)" },
  { name: "XDG_DATA_DIRS", text: "where launch looks for .desktop files next (default /usr/local/share:/usr/share)" },
  { name: "PATH", text: "where launch looks for programs" },
  { name: "TESSDATA_PREFIX", text: "Tesseract's model directory for find --text (default: Debian's)" },
  { name: "OMP_THREAD_LIMIT", text: "Tesseract's threads (default 1 for our process: faster beside a busy app)" },
  { name: "JAVA_TOOL_OPTIONS", text: "launch keeps the user's JVM options and adds the ATK wrapper's for a Java app it starts" },
  { name: "NODE_OPTIONS", text: "Node's options; the engine's V8 code cache is kept apart per value" }
]

const lines = (variables: ReadonlyArray<EnvironmentVariable>): Array<string> => {
  const width = Math.max(...variables.map((variable) => variable.name.length))
  return variables.map((variable) => `  ${variable.name.padEnd(width)}  ${variable.text}`)
}

/** The "Environment" part of `agent-desktop --help`. */
export const environmentHelp = (): Array<string> => [
  "Environment:",
  ...lines(AGENT_DESKTOP_VARIABLES),
  "",
  "Environment of the desktop (read, never set):",
  ...lines(DESKTOP_VARIABLES)
]
