/**
 * Installs the Debian packages the virtual desktop, the fixtures and the pyatspi peer need, only when some are
 * missing. Skips (and says so on stderr) when not root or without apt, so it is safe on a developer's machine.
 */
import { spawnSync } from "node:child_process"

export const desktopPackages: ReadonlyArray<string> = [
  "xvfb",
  "dbus",
  "at-spi2-core",
  "gtk-3-examples",
  "python3-gi",
  "gir1.2-gtk-3.0",
  "python3-pyatspi",
  "gir1.2-atspi-2.0",
  "xdotool",
  "x11-utils",
  "imagemagick"
]

export interface EnsureReport {
  readonly missing: ReadonlyArray<string>
  readonly installed: boolean
  readonly skipped?: string
}

const isInstalled = (pkg: string): boolean => {
  const result = spawnSync("dpkg-query", ["-W", "-f=${Status}", pkg], { encoding: "utf8" })
  return result.status === 0 && result.stdout.includes("install ok installed")
}

const hasCommand = (command: string): boolean => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0

export const ensurePackages = (packages: ReadonlyArray<string> = desktopPackages): EnsureReport => {
  if (!hasCommand("dpkg-query")) return { missing: [], installed: false, skipped: "no dpkg" }
  const missing = packages.filter((pkg) => !isInstalled(pkg))
  if (missing.length === 0) return { missing, installed: false }
  if (typeof process.getuid === "function" && process.getuid() !== 0) {
    return { missing, installed: false, skipped: "not root" }
  }
  if (!hasCommand("apt-get")) return { missing, installed: false, skipped: "no apt-get" }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  const stdio = ["ignore", 2, 2] as const
  spawnSync("apt-get", ["update", "-qq"], { env, stdio: [...stdio] })
  const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], { env, stdio: [...stdio] })
  if (install.status !== 0) throw new Error(`apt-get install failed (exit ${install.status}) for ${missing.join(" ")}`)
  return { missing, installed: true }
}
