/** The environment a client needs to reach the virtual desktop (printed as `export` lines, saved to $STATE/env). */
export interface DesktopEnv {
  readonly DISPLAY: string
  /** The desktop's cookie file (XAuthority.ts): an X client without it is refused. */
  readonly XAUTHORITY: string
  readonly DBUS_SESSION_BUS_ADDRESS: string
  readonly AT_SPI_BUS_ADDRESS: string
  readonly XDG_RUNTIME_DIR: string
  readonly XDG_CONFIG_HOME: string
  readonly GDK_BACKEND: string
}

const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

/** Any session's environment (the X11 desktop's, a compositor session's) as `export` lines. */
export const formatEnv = (env: object): string =>
  Object.entries(env)
    .map(([key, value]) => `export ${key}=${quote(String(value))}`)
    .join("\n") + "\n"

export const parseEnv = (text: string): Partial<DesktopEnv> => {
  const out: Record<string, string> = {}
  for (const line of text.split("\n")) {
    const match = /^export ([A-Z_]+)='(.*)'$/.exec(line.trim())
    if (match?.[1] !== undefined && match[2] !== undefined) out[match[1]] = match[2].replace(/'\\''/g, "'")
  }
  return out as Partial<DesktopEnv>
}
