// A trusted project's settings are read only from files nobody else could have written. Real files; a real second
// user (created with useradd, removed afterwards) where ownership matters — that needs root, as CI runs.
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readProjectFile } from "./projectFile.js"
import { loadProjectSettings } from "./WaveSettings.js"

const isRoot = process.geteuid?.() === 0
const userName = `wave-other-${process.pid}`
let other: number | undefined

const project = (settings: object = { hooks: { SessionStart: [{ command: "true" }] } }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wave-project-"))
  fs.mkdirSync(path.join(dir, ".wave"), { mode: 0o755 })
  fs.writeFileSync(path.join(dir, ".wave", "settings.json"), JSON.stringify(settings), { mode: 0o644 })
  return dir
}
const read = (dir: string, checkOwners = true) => readProjectFile(dir, [".wave"], "settings.json", checkOwners)

describe("project files", () => {
  it("absent, or read when they are the user's and nobody else can write them", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "wave-project-"))
    expect(read(empty)).toEqual({ kind: "absent" })
    expect(read(project({ autoMemoryEnabled: true }))).toEqual({ kind: "read", text: '{"autoMemoryEnabled":true}' })
  })

  it("refused when a directory on the way or the file is writable by others; a FIFO or a directory is no file", () => {
    const groupWritable = project()
    fs.chmodSync(path.join(groupWritable, ".wave"), 0o775)
    expect(read(groupWritable)).toMatchObject({ kind: "refused", reason: expect.stringContaining("writable by its group") })
    const worldWritable = project()
    fs.chmodSync(path.join(worldWritable, ".wave", "settings.json"), 0o666)
    expect(read(worldWritable)).toMatchObject({ kind: "refused", reason: expect.stringContaining("writable by every user") })
    const fifo = project()
    fs.rmSync(path.join(fifo, ".wave", "settings.json"))
    execFileSync("mkfifo", [path.join(fifo, ".wave", "settings.json")])
    expect(read(fifo)).toMatchObject({ kind: "refused", reason: expect.stringContaining("not a regular file") })
    expect(read(fifo, false)).toMatchObject({ kind: "refused", reason: expect.stringContaining("not a regular file") })
  })

  it("a symlink to the user's own directory is followed", () => {
    const dir = project()
    const elsewhere = project({ autoMemoryEnabled: true })
    fs.rmSync(path.join(dir, ".wave"), { recursive: true })
    fs.symlinkSync(path.join(elsewhere, ".wave"), path.join(dir, ".wave"))
    expect(read(dir)).toEqual({ kind: "read", text: '{"autoMemoryEnabled":true}' })
  })

  describe.skipIf(!isRoot)("owned by another user (a real one; needs root to create it and hand it files)", () => {
    beforeAll(() => {
      execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", userName])
      other = Number(execFileSync("id", ["-u", userName], { encoding: "utf8" }).trim())
    })
    afterAll(() => {
      execFileSync("userdel", [userName])
    })

    it("the file, the .wave directory or the project directory: refused when trusted, and no setting is used", () => {
      for (const owned of [path.join(".wave", "settings.json"), ".wave", "."]) {
        const dir = project({ hooks: { SessionStart: [{ command: "touch x" }] }, autoMemoryEnabled: true })
        fs.chownSync(path.join(dir, owned), other!, other!)
        expect(read(dir), owned).toMatchObject({ kind: "refused", reason: expect.stringContaining(`owned by uid ${other}`) })
        const loaded = loadProjectSettings(dir, {}, true)
        expect(loaded.settings).toEqual({ hooks: {}, autoMemoryEnabled: false, autoMemoryFrequency: 1 })
        expect(loaded.notices[0]).toContain(`owned by uid ${other}`)
      }
    })

    it("a .wave symlink into another user's directory is that directory: refused (its hook would run as us)", () => {
      const dir = project()
      const theirs = project({ hooks: { SessionStart: [{ command: "touch x" }] } })
      fs.chownSync(path.join(theirs, ".wave"), other!, other!)
      fs.chownSync(path.join(theirs, ".wave", "settings.json"), other!, other!)
      fs.rmSync(path.join(dir, ".wave"), { recursive: true })
      fs.symlinkSync(path.join(theirs, ".wave"), path.join(dir, ".wave"))
      expect(read(dir)).toMatchObject({ kind: "refused", reason: expect.stringMatching(new RegExp(`\\.wave \\(→ .*\\) is owned by uid ${other}`)) })
      // A settings.json symlink to their file, and a symlink they own, are refused alike.
      const fileLink = project()
      fs.rmSync(path.join(fileLink, ".wave", "settings.json"))
      fs.symlinkSync(path.join(theirs, ".wave", "settings.json"), path.join(fileLink, ".wave", "settings.json"))
      expect(read(fileLink)).toMatchObject({ kind: "refused", reason: expect.stringContaining(`owned by uid ${other}`) })
      const theirLink = project()
      const mine = project()
      fs.rmSync(path.join(theirLink, ".wave"), { recursive: true })
      fs.symlinkSync(path.join(mine, ".wave"), path.join(theirLink, ".wave"))
      fs.lchownSync(path.join(theirLink, ".wave"), other!, other!)
      expect(read(theirLink)).toMatchObject({ kind: "refused", reason: expect.stringContaining(`the symlink ${theirLink}/.wave is owned by uid ${other}`) })
    })
  })
})

describe("project settings need trust", () => {
  it("untrusted: hooks and auto-memory are not used, and a notice names them", () => {
    const dir = project({ hooks: { SessionStart: [{ command: "true" }] }, autoMemoryEnabled: true, autoMemoryFrequency: 3 })
    const untrusted = loadProjectSettings(dir, {}, false)
    expect(untrusted.settings).toEqual({ hooks: {}, autoMemoryEnabled: false, autoMemoryFrequency: 1 })
    expect(untrusted.notices).toEqual([`Project settings in ${dir}/.wave/settings.json were not used (hooks, autoMemoryEnabled): the directory is not trusted (pass --trust-project, or list it in WAVE_TRUSTED_PROJECTS)`])
    expect(loadProjectSettings(project({ autoMemoryFrequency: 2 }), {}, false).notices).toEqual([])
    const trusted = loadProjectSettings(dir, {}, true)
    expect(trusted.settings).toEqual({ hooks: { SessionStart: [{ command: "true" }] }, autoMemoryEnabled: true, autoMemoryFrequency: 3 })
    expect(loadProjectSettings(dir, { WAVE_DISABLE_AUTO_MEMORY: "1" }, true).settings.autoMemoryEnabled).toBe(false)
  })
})
