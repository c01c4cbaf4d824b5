/**
 * What to launch on the virtual desktop. `--app` accepts a known fixture name (`fixture`, `grid`, `grid:N`,
 * `gtk3-widget-factory`) or a command line; each app names what it registers as on the AT-SPI registry.
 */
import { existsSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export interface AppSpec {
  /** Name the app registers under on the AT-SPI registry (waited for). */
  readonly name: string
  readonly argv: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string>>
}

/** The Debian python with GI; `python3` on PATH may be a shim without it. */
export const systemPython = "/usr/bin/python3"

const packageRoot = (): string => {
  // Both src/ (vitest) and dist/ (built CLI) sit one level below the package root.
  const here = dirname(fileURLToPath(import.meta.url))
  return dirname(here)
}

export const fixturePath = (file: string): string => {
  const path = join(packageRoot(), "fixtures", file)
  if (!existsSync(path)) throw new Error(`fixture not found: ${path}`)
  return path
}

export const peerPath = (): string => join(packageRoot(), "peer", "atspi_peer.py")

/** Socket the `fixture` app listens on for control commands, inside the state directory. */
export const fixtureControlPath = (stateDir: string): string => join(stateDir, "fixture.sock")

export const resolveApp = (app: string | AppSpec, stateDir: string): AppSpec => {
  if (typeof app !== "string") return app
  if (app === "fixture") {
    return { name: "fixture", argv: [systemPython, fixturePath("fixture.py"), "--control", fixtureControlPath(stateDir)] }
  }
  const grid = /^grid(?::(\d+))?$/.exec(app)
  if (grid) return { name: "grid", argv: [systemPython, fixturePath("grid.py"), grid[1] ?? "250"] }
  const argv = app.trim().split(/\s+/)
  const command = argv[0] ?? app
  return { name: basename(command), argv }
}
