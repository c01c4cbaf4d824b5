/**
 * Which display server this process runs under, read from the environment alone (no I/O), so every caller decides
 * the same way: the adapter picks its display-server backend from it and `status` reports it.
 */

export type DisplaySessionType = "x11" | "wayland" | "none"

export interface DisplaySession {
  /**
   * `wayland` when `XDG_SESSION_TYPE` says so or only `WAYLAND_DISPLAY` is set (a `DISPLAY` beside it is
   * XWayland, which reaches only X11 clients); else `x11` when `DISPLAY` is set; else `none`.
   */
  readonly type: DisplaySessionType
  readonly display?: string
  readonly waylandDisplay?: string
  /** `XDG_SESSION_TYPE` as set (a login manager's word, absent under Xvfb and most CI runners). */
  readonly declaredType?: string
  /** `XDG_CURRENT_DESKTOP`'s entries, e.g. ["GNOME"], ["KDE"], ["sway"]: which compositor a Wayland backend talks to. */
  readonly desktops: ReadonlyArray<string>
}

const set = (value: string | undefined): string | undefined => (value === undefined || value === "" ? undefined : value)

export const probeSession = (env: Readonly<Record<string, string | undefined>> = process.env): DisplaySession => {
  const display = set(env["DISPLAY"])
  const waylandDisplay = set(env["WAYLAND_DISPLAY"])
  const declaredType = set(env["XDG_SESSION_TYPE"])
  const type = declaredType === "wayland" || (waylandDisplay !== undefined && display === undefined)
    ? "wayland"
    : display !== undefined ? "x11" : "none"
  return {
    type,
    ...(display === undefined ? {} : { display }),
    ...(waylandDisplay === undefined ? {} : { waylandDisplay }),
    ...(declaredType === undefined ? {} : { declaredType }),
    desktops: (env["XDG_CURRENT_DESKTOP"] ?? "").split(":").map((entry) => entry.trim()).filter(Boolean)
  }
}
