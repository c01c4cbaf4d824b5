#!/usr/bin/env node
// agent-desktop-setup-kde: authorizes agent-desktop's KWin helper (build/Release/agent-desktop-kwin) on KDE Plasma, once
// per user: writes ~/.local/share/applications/agent-desktop.desktop (or under $XDG_DATA_HOME) naming the helper's real
// path, with KWin's fake input and ScreenShot2, and rebuilds KDE's service cache. Safe to run again (it rewrites the
// file only when it differs, e.g. after the package moved). Prints one JSON object on stdout; exit 0 when installed.
//   agent-desktop-setup-kde            install or repair
//   agent-desktop-setup-kde --check    say what is installed, change nothing
import { existsSync } from "node:fs"
import { installAuthorization, inspectAuthorization, kwinHelperPath } from "../dist/index.js"

const args = process.argv.slice(2)
const print = (value) => process.stdout.write(JSON.stringify(value) + "\n")
const unknown = args.filter((a) => a !== "--check")
if (unknown.length > 0) {
  print({ ok: false, error: { code: "INVALID_ARGS", message: `unknown argument ${unknown[0]}; the only option is --check` } })
  process.exit(2)
}
const helper = kwinHelperPath()
if (!existsSync(helper)) {
  print({ ok: false, error: { code: "KWIN_HELPER_MISSING", message: `the KWin helper was not built at ${helper}: see build/addon-status.json of @agent-desktop/platform-linux-wayland (it needs libwayland-dev, zlib1g-dev and a C compiler)` } })
  process.exit(1)
}
try {
  if (args.includes("--check")) {
    const state = inspectAuthorization(helper)
    print({ ok: true, authorization: state })
    process.exit(state.state === "installed" ? 0 : 1)
  }
  const result = installAuthorization(helper)
  const state = inspectAuthorization(helper)
  print({
    ok: state.state === "installed",
    installed: result,
    authorization: state,
    ...(state.state === "installed" ? {} : { error: { code: "AUTHORIZATION_SHADOWED", message: `${state.file} is read before ${result.file} and does not authorize ${helper}` } }),
    next: "KWin grants the helper when it next connects: agent-desktop starts a new helper on its next call"
  })
  process.exit(state.state === "installed" ? 0 : 1)
} catch (error) {
  print({ ok: false, error: { code: "SETUP_FAILED", message: String(error?.message ?? error) } })
  process.exit(1)
}
