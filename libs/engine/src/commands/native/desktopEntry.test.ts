import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { execWords, launchCommand } from "./desktopEntry.js"

describe("launchCommand", () => {
  it("Exec lines: quotes honoured, field codes dropped", () => {
    expect(execWords(`"/opt/my app/run" --name 'a b' %U --x=%%1`)).toEqual(["/opt/my app/run", "--name", "a b", "--x=%1"])
  })

  it("a desktop id under XDG_DATA_HOME, a command on PATH, a path; nothing for a missing binary", () => {
    const data = mkdtempSync(join(tmpdir(), "ad-xdg-"))
    mkdirSync(join(data, "applications"))
    writeFileSync(join(data, "applications", "org.example.Grid.desktop"), "[Desktop Entry]\nType=Application\nName=Grid\nExec=sh -c 'echo hi' %F\n")
    const env = { PATH: "/usr/bin:/bin", XDG_DATA_HOME: data, XDG_DATA_DIRS: "/nonexistent" }
    expect(launchCommand("org.example.Grid", ["x"], env)).toEqual({ argv: ["/usr/bin/sh", "-c", "echo hi", "x"], source: "desktop-entry" })
    expect(launchCommand("org.example.Grid.desktop", [], env)?.source).toBe("desktop-entry")
    expect(launchCommand("sh", ["-c", "true"], env)).toEqual({ argv: ["/usr/bin/sh", "-c", "true"], source: "PATH" })
    expect(launchCommand("/bin/sh", [], env)?.source).toBe("path")
    expect(launchCommand("no-such-binary-here", [], env)).toBeUndefined()
    expect(launchCommand("/no/such/binary", [], env)).toBeUndefined()
  })
})
