/**
 * What to launch on the virtual desktop. `--app` accepts a known fixture name (`fixture`, `grid`, `grid:N`, `grid:N:twins`, `rows:N`,
 * `gtk3-widget-factory`) or a command line; each app names what it registers as on the AT-SPI registry.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
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

/**
 * Qt's widgets examples (Debian qtbase5-examples), by group: `widgets` (calculator, styles), `itemviews`, `dialogs`;
 * "" for the examples at the top (`gallery`).
 */
export const qtExample = (name: string, group = "widgets"): string =>
  `/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/${group === "" ? "" : `${group}/`}${name}/${name}`

/** What a Qt 5 example needs to talk AT-SPI under Xvfb. */
const qtAccessibility = { QT_LINUX_ACCESSIBILITY_ALWAYS_ON: "1", QT_ACCESSIBILITY: "1" }

/**
 * A Qt 5 widgets example as an app to start; `args` go to the example (Qt's own `-geometry WxH+X+Y` places its first
 * window, so apps sharing a desktop need not overlap where a test clicks).
 */
export const qtApp = (name: string, group = "widgets", args: ReadonlyArray<string> = []): AppSpec =>
  ({ name, argv: [qtExample(name, group), ...args], env: qtAccessibility })

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
 * directory: `qt:NAME` or `qt:GROUP/NAME` (a Qt 5 widgets example, e.g. `qt:calculator`, `qt:itemviews/simpletreemodel`),
 * `localc[:FILE]` (LibreOffice Calc on its GTK 3 plugin, optionally opening FILE; a .csv opens comma-separated, UTF-8,
 * without the import dialog), `firefox[:URL]`, `chromium[:URL]`, `gtk4-demo:DEMO` (one gtk4-demo demo in its own
 * process, e.g. `gtk4-demo:listbox_controls`; `gtk4-demo --list` names them), `gtk4-widget-factory` (on the cairo
 * renderer).
 */
const knownApp = (app: string, stateDir: string): AppSpec | undefined => {
  if (app === "gtk4-widget-factory") {
    // Under Xvfb, on GTK 4.8's default renderer (GL, in software) the widget factory's animations keep it at ~50 % CPU
    // and it never calls Socket.Embed on the registry (none in 35 s, measured with dbus-monitor): it never appears.
    // With the cairo renderer it registers at once and a snapshot is complete (317 refs). Probably the registration,
    // queued for an idle main loop, is starved by the redraws.
    return { name: "gtk4-widget-factory", argv: ["/usr/bin/gtk4-widget-factory"], env: { GSK_RENDERER: "cairo" } }
  }
  const demo = /^gtk4-demo:([a-z0-9_]+)$/.exec(app)
  if (demo) {
    // `gtk4-demo --run DEMO` starts a process of its own that registers as "gtk4-demo" like the main one; GTK takes
    // the registry name from argv[0], so a link named gtk4-demo-DEMO tells them apart (and lets --app find it).
    const bin = join(stateDir, "bin")
    mkdirSync(bin, { recursive: true })
    const link = join(bin, `gtk4-demo-${demo[1]}`)
    if (!existsSync(link)) symlinkSync("/usr/bin/gtk4-demo", link)
    return { name: `gtk4-demo-${demo[1]}`, argv: [link, "--run", demo[1]!] }
  }
  const qt = /^qt:(?:([a-z]+)\/)?([a-z]+)$/.exec(app)
  if (qt) return qtApp(qt[2]!, qt[1])
  const calc = /^localc(?::(.+))?$/.exec(app)
  if (calc) {
    const profile = join(stateDir, "lo-profile")
    // A first start in a new profile exits with 81 ("restart me") after creating it; create it headless first.
    if (!existsSync(profile)) {
      execFileSync("/usr/lib/libreoffice/program/soffice.bin", [
        "--headless", "--terminate_after_init", "--norestore", `-env:UserInstallation=file://${profile}`
      ], { stdio: "ignore", timeout: 120_000, env: { ...process.env, SAL_USE_VCLPLUGIN: "svp" } })
    }
    const document = calc[1]
    return {
      name: "soffice",
      argv: [
        "/usr/lib/libreoffice/program/soffice.bin", "--calc", "--norestore", "--nologo", "--nolockcheck",
        `-env:UserInstallation=file://${profile}`,
        // A CSV opens without the Text Import dialog when its filter options are given: comma (44), double quote
        // (34), UTF-8 (76), from line 1.
        ...(document?.endsWith(".csv") ? ["--infilter=Text - txt - csv (StarCalc):44,34,76,1"] : []),
        ...(document ? [document] : [])
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
  // `grid:N:twins`: two true twins at the grid's two ends (fixtures/grid.py).
  const grid = /^grid(?::(\d+))?(:twins)?$/.exec(app)
  if (grid) return { name: "grid", argv: [systemPython, fixturePath("grid.py"), grid[1] ?? "250", ...(grid[2] === undefined ? [] : ["--twins"])] }
  // The same rows, each in its own box, in blocks of 100 (fixtures/grid.py): big windows without GTK 3's quadratic cost.
  const rows = /^rows(?::(\d+))?$/.exec(app)
  if (rows) return { name: "rows", argv: [systemPython, fixturePath("grid.py"), rows[1] ?? "250", "--rows"] }
  const argv = app.trim().split(/\s+/)
  const command = argv[0] ?? app
  return { name: basename(command), argv }
}
