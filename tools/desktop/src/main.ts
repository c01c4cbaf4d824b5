#!/usr/bin/env node
/**
 * `desktop` CLI: start | stop | env | ensure-packages. stdout carries only the result (env export lines for
 * start/env, a JSON line for stop/ensure-packages); diagnostics go to stderr.
 *
 *   desktop start --state DIR [--session x11|sway|gnome-shell|kwin] [--app NAME|CMD]... [--wait-name NAME]...
 *                 [--geometry WxHxD] [--timeout S] [--no-enable] [--xwayland (sway: XWayland too, DISPLAY exported)]
 *   desktop stop --state DIR
 *   desktop env --state DIR
 *   desktop ensure-packages
 */
import { formatEnv } from "./DesktopEnv.js"
import { ensurePackages } from "./ensurePackages.js"
import { readSavedEnv, startDesktop } from "./startDesktop.js"
import { stopDesktop } from "./stopDesktop.js"
import { startGnomeShell } from "./wayland/startGnomeShell.js"
import { startKwin } from "./wayland/startKwin.js"
import { startSway } from "./wayland/startSway.js"
import type { RunningWaylandDesktop, WaylandStartOptions } from "./wayland/startWaylandSession.js"

const waylandSessions: Readonly<Record<string, (options: WaylandStartOptions) => Promise<RunningWaylandDesktop>>> = {
  sway: startSway,
  "gnome-shell": startGnomeShell,
  kwin: startKwin
}

interface Args {
  readonly command: string | undefined
  readonly state?: string
  readonly apps: Array<string>
  readonly waitNames: Array<string>
  geometry?: string
  timeoutS?: number
  enable: boolean
  session: string
  xwayland?: boolean
}

const usage =
  "usage: desktop start|stop|env|ensure-packages --state DIR [--session x11|sway|gnome-shell|kwin] [--app A]... [--wait-name N]... [--geometry WxHxD] [--timeout S] [--no-enable] [--xwayland]"

const parse = (argv: ReadonlyArray<string>): Args => {
  const args: { -readonly [K in keyof Args]: Args[K] } = { command: argv[0], apps: [], waitNames: [], enable: true, session: "x11" }
  for (let i = 1; i < argv.length; i++) {
    const flag = argv[i]
    const value = (): string => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${flag} needs a value`)
      return next
    }
    switch (flag) {
      case "--state": args.state = value(); break
      case "--app": args.apps.push(value()); break
      case "--wait-name": args.waitNames.push(value()); break
      case "--geometry": args.geometry = value(); break
      case "--timeout": args.timeoutS = Number(value()); break
      case "--no-enable": args.enable = false; break
      case "--session": args.session = value(); break
      case "--xwayland": args.xwayland = true; break
      default: throw new Error(`unknown argument ${flag}`)
    }
  }
  return args
}

const requireState = (args: Args): string => {
  if (!args.state) throw new Error("--state DIR is required")
  return args.state
}

const main = async (): Promise<number> => {
  const args = parse(process.argv.slice(2))
  switch (args.command) {
    case "start": {
      if (args.session !== "x11") {
        const start = waylandSessions[args.session]
        if (!start) throw new Error(`unknown session '${args.session}' (x11, sway, gnome-shell, kwin)`)
        const size = args.geometry ? /^(\d+)x(\d+)/.exec(args.geometry) : null
        const session = await start({
          stateDir: requireState(args),
          apps: args.apps,
          enable: args.enable,
          xwayland: args.xwayland === true,
          ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}),
          ...(args.timeoutS ? { timeoutMs: args.timeoutS * 1000 } : {})
        })
        process.stdout.write(formatEnv(session.env))
        process.stderr.write(`desktop: ${session.compositor.name} pid ${session.compositor.pid} as ${session.compositor.user}\n`)
        for (const app of session.apps) process.stderr.write(`desktop: ${app.name} pid ${app.pid} log ${app.logPath}\n`)
        return 0
      }
      const desktop = await startDesktop({
        stateDir: requireState(args),
        apps: args.apps,
        waitNames: args.waitNames,
        enable: args.enable,
        ...(args.geometry ? { geometry: args.geometry } : {}),
        ...(args.timeoutS ? { timeoutMs: args.timeoutS * 1000 } : {})
      })
      process.stdout.write(formatEnv(desktop.env))
      for (const app of desktop.apps) process.stderr.write(`desktop: ${app.name} pid ${app.pid} log ${app.logPath}\n`)
      return 0
    }
    case "stop": {
      process.stdout.write(JSON.stringify(await stopDesktop(requireState(args))) + "\n")
      return 0
    }
    case "env": {
      const saved = readSavedEnv(requireState(args))
      if (!saved) throw new Error(`no desktop recorded in ${args.state}`)
      process.stdout.write(saved)
      return 0
    }
    case "ensure-packages": {
      // Skips quietly when it cannot install (not root, no apt); the report on stdout says what is missing.
      const report = ensurePackages()
      process.stdout.write(JSON.stringify(report) + "\n")
      return 0
    }
    default:
      process.stderr.write(usage + "\n")
      return 2
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`desktop: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
)
