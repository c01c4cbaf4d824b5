import { assert, describe, it } from "@effect/vitest"
import { userAuthorizationPath } from "../kde/KwinAuthorization.js"
import { authorizationSuggestion, kwinSetupScript } from "./KwinDisplayServer.js"

const exec = "/opt/agent-desktop/build/Release/agent-desktop-kwin"
const file = "/home/u/.local/share/applications/agent-desktop.desktop"

describe("the KDE authorization step that status and permissions print", () => {
  it("names the installer's exact command line and what is wrong with what is installed", () => {
    const command = `run '${process.execPath}' '${kwinSetupScript()}' once`
    const missing = authorizationSuggestion({ state: "missing", file, exec })
    assert.include(missing, command)
    assert.include(missing, `writes ${userAuthorizationPath()} naming agent-desktop's KWin helper ${exec}`)
    assert.include(missing, "no agent-desktop.desktop is installed")
    const moved = authorizationSuggestion({ state: "other_executable", file, exec, names: "/old/agent-desktop-kwin" })
    assert.include(moved, command)
    assert.include(moved, `${file} names /old/agent-desktop-kwin, not this helper`)
    assert.include(authorizationSuggestion({ state: "incomplete", file, exec, lacks: ["org.kde.KWin.ScreenShot2"] }), "lacks org.kde.KWin.ScreenShot2")
    assert.include(authorizationSuggestion({ state: "installed", file, exec }), "but KWin did not grant it: rebuild KDE's service cache")
    assert.match(kwinSetupScript(), /\/bin\/agent-desktop-setup-kde\.mjs$/)
  })
})
