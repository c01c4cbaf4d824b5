/**
 * What to launch on the virtual desktop. `--app` accepts a known fixture name (`fixture`, `grid`, `grid:N`, `rows:N`,
 * `gtk3-widget-factory`) or a command line; each app names what it registers as on the AT-SPI registry.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
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

/** Independent read-back for real-app tests (`alive APP`, `read APP ROLE NAME`), libatspi only. */
export const probePath = (): string => join(packageRoot(), "peer", "atspi_probe.py")

/** Socket the `fixture` app listens on for control commands, inside the state directory. */
export const fixtureControlPath = (stateDir: string): string => join(stateDir, "fixture.sock")

/** Qt's widgets examples (Debian qtbase5-examples). */
export const qtExample = (name: string): string => `/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/widgets/${name}/${name}`

/**
 * A new Firefox ESR 153 profile opened two more tabs beside the page: the privacy notice (no network here, so
 * "Problem loading page", with its own buttons and links) and a preloaded new-tab page, each a document in the
 * window's tree. These keep the page the only one, and the first run quiet.
 */
const firefoxPrefs = [
  ["datareporting.policy.firstRunURL", ""],
  ["datareporting.policy.dataSubmissionEnabled", false],
  ["toolkit.telemetry.reportingpolicy.firstRun", false],
  ["browser.startup.homepage_override.mstone", "ignore"],
  ["startup.homepage_welcome_url", ""],
  ["startup.homepage_welcome_url.additional", ""],
  ["browser.aboutwelcome.enabled", false],
  ["browser.newtab.preload", false],
  ["browser.shell.checkDefaultBrowser", false]
].map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`).join("")

/**
 * Real apps of other toolkits, each with what it needs to talk AT-SPI under Xvfb and a private profile in the state
 * directory: `qt:NAME` (a Qt 5 widgets example, e.g. `qt:calculator`), `localc` (LibreOffice Calc on its GTK 3
 * plugin), `firefox[:URL]`, `chromium[:URL]`.
 */
const knownApp = (app: string, stateDir: string): AppSpec | undefined => {
  const qt = /^qt:([a-z]+)$/.exec(app)
  if (qt) return { name: qt[1]!, argv: [qtExample(qt[1]!)], env: { QT_LINUX_ACCESSIBILITY_ALWAYS_ON: "1", QT_ACCESSIBILITY: "1" } }
  if (app === "localc") {
    const profile = join(stateDir, "lo-profile")
    // A first start in a new profile exits with 81 ("restart me") after creating it; create it headless first.
    if (!existsSync(profile)) {
      execFileSync("/usr/lib/libreoffice/program/soffice.bin", [
        "--headless", "--terminate_after_init", "--norestore", `-env:UserInstallation=file://${profile}`
      ], { stdio: "ignore", timeout: 120_000, env: { ...process.env, SAL_USE_VCLPLUGIN: "svp" } })
    }
    return {
      name: "soffice",
      argv: [
        "/usr/lib/libreoffice/program/soffice.bin", "--calc", "--norestore", "--nologo", "--nolockcheck",
        `-env:UserInstallation=file://${profile}`
      ],
      env: { SAL_USE_VCLPLUGIN: "gtk3" }
    }
  }
  const browser = /^(firefox|chromium)(?::(.+))?$/.exec(app)
  if (browser?.[1] === "firefox") {
    const profile = join(stateDir, "firefox-profile")
    mkdirSync(profile, { recursive: true })
    writeFileSync(join(profile, "user.js"), firefoxPrefs)
    return {
      name: "Firefox",
      argv: ["/usr/lib/firefox-esr/firefox-esr", "--no-remote", "--profile", profile, ...(browser[2] ? [browser[2]] : [])],
      env: { MOZ_DISABLE_CONTENT_SANDBOX: "1", GNOME_ACCESSIBILITY: "1" }
    }
  }
  if (browser?.[1] === "chromium") {
    return {
      name: "Chromium",
      argv: [
        "/usr/lib/chromium/chromium", "--no-sandbox", "--force-renderer-accessibility", "--no-first-run",
        "--disable-gpu", "--password-store=basic", `--user-data-dir=${join(stateDir, "chromium-profile")}`,
        ...(browser[2] ? [browser[2]] : [])
      ]
    }
  }
  return undefined
}

export const resolveApp = (app: string | AppSpec, stateDir: string): AppSpec => {
  if (typeof app !== "string") return app
  const known = knownApp(app, stateDir)
  if (known) return known
  if (app === "fixture") {
    return { name: "fixture", argv: [systemPython, fixturePath("fixture.py"), "--control", fixtureControlPath(stateDir)] }
  }
  const grid = /^grid(?::(\d+))?$/.exec(app)
  if (grid) return { name: "grid", argv: [systemPython, fixturePath("grid.py"), grid[1] ?? "250"] }
  // The same rows, each in its own box, in blocks of 100 (fixtures/grid.py): big windows without GTK 3's quadratic cost.
  const rows = /^rows(?::(\d+))?$/.exec(app)
  if (rows) return { name: "rows", argv: [systemPython, fixturePath("grid.py"), rows[1] ?? "250", "--rows"] }
  const argv = app.trim().split(/\s+/)
  const command = argv[0] ?? app
  return { name: basename(command), argv }
}
