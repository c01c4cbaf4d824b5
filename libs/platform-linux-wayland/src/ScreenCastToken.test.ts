import { describe, expect, it } from "vitest"
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { homedir, tmpdir } from "node:os"
import { join } from "node:path"
import { readToken, removeToken, stateRootOf, tokenFileOf, writeToken } from "./ScreenCastToken.js"

const scratch = () => mkdtempSync(join(tmpdir(), "ad-token-"))

describe("the ScreenCast portal's restore token under the state root", () => {
  it("lives in AGENT_DESKTOP_HOME when it is absolute, else in ~/.agent-desktop (the store's rule)", () => {
    expect(tokenFileOf({ AGENT_DESKTOP_HOME: "/srv/ad/" })).toBe("/srv/ad/gnome-screencast-token.json")
    expect(stateRootOf({})).toBe(join(homedir(), ".agent-desktop"))
    expect(stateRootOf({ AGENT_DESKTOP_HOME: "" })).toBe(join(homedir(), ".agent-desktop"))
    expect(stateRootOf({ AGENT_DESKTOP_HOME: "relative/dir" })).toBe(join(homedir(), ".agent-desktop"))
  })

  it("is written 0600 in a state root it creates 0700, read back, renewed, and removed", () => {
    const root = join(scratch(), "state")
    const file = join(root, "gnome-screencast-token.json")
    expect(readToken(file)).toBeUndefined()
    writeToken(file, "first", new Date("2026-01-02T03:04:05Z"))
    expect(statSync(root).mode & 0o777).toBe(0o700)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readToken(file)).toEqual({ restoreToken: "first", savedAt: "2026-01-02T03:04:05.000Z" })
    // The same token again leaves the file (and its time) alone; a new one replaces it.
    writeToken(file, "first", new Date("2027-01-01T00:00:00Z"))
    expect(readToken(file)?.savedAt).toBe("2026-01-02T03:04:05.000Z")
    writeToken(file, "second", new Date("2027-01-01T00:00:00Z"))
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ restore_token: "second", saved_at: "2027-01-01T00:00:00.000Z" })
    removeToken(file)
    expect(readToken(file)).toBeUndefined()
    removeToken(file)
  })

  it("a file that is not a token (garbage, an empty token) counts as no consent", () => {
    const file = join(scratch(), "t.json")
    writeFileSync(file, "not json")
    expect(readToken(file)).toBeUndefined()
    writeFileSync(file, JSON.stringify({ restore_token: "" }))
    expect(readToken(file)).toBeUndefined()
  })
})
