/**
 * Process facts for launch and close-app, from /proc: liveness (a zombie counts as gone), the command name, and
 * which processes are never closed (the session's own infrastructure, ourselves).
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { processAppName } from "./noTreeAdvice.js"

export const isAlive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z"
  } catch {
    return false
  }
}

export const commandName = (pid: number): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim()
  } catch {
    return undefined
  }
}

/** Shells, window managers, display servers, buses and session managers: closing one ends the user's session. */
const PROTECTED_NAMES: ReadonlySet<string> = new Set([
  "systemd", "init", "Xorg", "Xvfb", "Xwayland", "dbus-daemon", "dbus-broker", "at-spi-bus-laun", "at-spi2-registr",
  "gnome-shell", "gnome-session-b", "gnome-session", "mutter", "kwin_x11", "kwin_wayland", "plasmashell", "openbox",
  "xfwm4", "xfce4-session", "xfce4-panel", "xfdesktop", "marco", "metacity", "muffin", "cinnamon", "budgie-wm",
  "lxsession", "lxpanel", "sway", "weston", "gdm", "gdm3", "lightdm", "sddm", "Xwayland", "pipewire", "wireplumber",
  "pulseaudio", "sshd", "login", "agent-desktop"
])

/** Why `pid` must never be closed, or undefined when it may be. */
export const protectedReason = (pid: number, name = commandName(pid)): string | undefined => {
  if (pid <= 1) return "it is the init process"
  if (pid === process.pid || pid === process.ppid) return "it is agent-desktop itself or its caller"
  if (name !== undefined && PROTECTED_NAMES.has(name)) return `${name} is part of the desktop session`
  return undefined
}

/** The name a process answers to: its executable's base name or its command name, without a version suffix too (wish8.6). */
const answersTo = (pid: number, wanted: string): boolean => {
  const names = [commandName(pid), processAppName(pid)]
  return names.some((name) => name !== undefined && name !== "" && (name.toLowerCase() === wanted || name.toLowerCase().replace(/[\d.]+$/, "") === wanted))
}

/**
 * This user's live processes that answer to `name` (see answersTo), lowest pid first: how close-app finds an app
 * that never registered with the accessibility bus. Protected processes are left out.
 */
export const processesNamed = (name: string): ReadonlyArray<number> => {
  const wanted = name.toLowerCase()
  const uid = process.getuid?.()
  const out: Array<number> = []
  let entries: Array<string>
  try {
    entries = readdirSync("/proc")
  } catch {
    return []
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    try {
      if (uid !== undefined && statSync(`/proc/${entry}`).uid !== uid) continue
    } catch {
      continue
    }
    if (isAlive(pid) && protectedReason(pid) === undefined && answersTo(pid, wanted)) out.push(pid)
  }
  return out.sort((a, b) => a - b)
}
