/**
 * The probe's finding, end to end through the built binary, as root (as CI and many agent sandboxes run): another
 * user plants a V8 code cache for a hostile engine where the CLI looks for its own. V8 checks only the source
 * length, so such a cache runs in place of the engine. The attacker makes it the way the CLI itself would, by
 * running a copy of the CLI whose engine.cjs is hostile, of the same length and mtime (so the cache has the
 * victim's name), then plants the file.
 *
 * A control proves the planted cache is a working attack (owned by the victim, it runs: a user may run their own
 * code); then each way another user can plant it must be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { BIN, cleanEnv, envelopeOf, type RunResult, tempHome } from "../test/binary.js"
import { WRAPPER_HEAD } from "./CachedScript.js"

const NOBODY = 65534
const dist = path.join(path.dirname(fs.realpathSync(BIN)), "../dist")

const run = (bin: string, home: string): RunResult => {
  const result = spawnSync(process.execPath, [bin, "session", "list"], { env: cleanEnv(home), encoding: "utf8", timeout: 120_000 })
  return { exit: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

/**
 * The hostile engine: marks the home it ran for, and answers like the real one so nothing looks wrong. Stored
 * wrapped, as build.mjs stores the real one, so the compiled sources have the same length.
 */
const WRAPPER_TAIL = "\n});"
const hostileEngine = (length: number) =>
  WRAPPER_HEAD +
  (`exports.runFromCli=async()=>{require("node:fs").writeFileSync(process.env.AGENT_DESKTOP_HOME+"-owned","ran");` +
    `return{version:"2.6",ok:true,command:"session",data:{sessions:[]}}}`).padEnd(length - WRAPPER_HEAD.length - WRAPPER_TAIL.length, " ") +
  WRAPPER_TAIL

/**
 * A copy of the built CLI beside dist/ (so it resolves node_modules like the real one), its engine.cjs replaced by
 * `engine` when given; both copies get the same whole-second mtime, so their caches have the same name.
 */
const copyOfCli = (label: string, engine?: (length: number) => string): string => {
  const copy = fs.mkdtempSync(path.join(dist, "..", `.${label}-`))
  fs.cpSync(dist, path.join(copy, "dist"), { recursive: true })
  fs.cpSync(path.dirname(BIN), path.join(copy, "bin"), { recursive: true })
  const engineFile = path.join(copy, "dist", "engine.cjs")
  if (engine !== undefined) fs.writeFileSync(engineFile, engine(fs.readFileSync(engineFile, "utf8").length))
  fs.utimesSync(engineFile, 1_700_000_000, 1_700_000_000)
  return path.join(copy, "bin", "agent-desktop.js")
}

const removeCopy = (bin: string) => fs.rmSync(path.dirname(path.dirname(bin)), { recursive: true, force: true })

/** The attacker's cache for the hostile engine, made by running the hostile copy once. */
const makeHostileCache = (): { name: string; data: Buffer } => {
  const bin = copyOfCli("attacker", hostileEngine)
  try {
    const attackerHome = fs.mkdtempSync(path.join(os.tmpdir(), "ad-attacker-"))
    const result = run(bin, attackerHome)
    const cacheDir = path.join(attackerHome, "cache")
    if (!fs.existsSync(cacheDir)) {
      throw new Error(`the hostile copy made no cache: exit ${result.exit}, stdout ${result.stdout.slice(0, 500)}, stderr ${result.stderr.slice(0, 1500)}`)
    }
    const [name] = fs.readdirSync(cacheDir).filter((file) => file.endsWith(".v8"))
    return { name: name!, data: fs.readFileSync(path.join(attackerHome, "cache", name!)) }
  } finally {
    removeCopy(bin)
  }
}

/** A victim's home with its genuine cache, replaced by the hostile one (written by the victim's own user here). */
const victim = (bin: string, hostile: { name: string; data: Buffer }) => {
  const home = tempHome("victim")
  envelopeOf(run(bin, home))
  const cacheDir = path.join(home, "cache")
  expect(fs.readdirSync(cacheDir)).toContain(hostile.name)
  const cacheFile = path.join(cacheDir, hostile.name)
  fs.writeFileSync(cacheFile, hostile.data, { mode: 0o600 })
  return { home, cacheDir, cacheFile, owned: () => fs.existsSync(`${home}-owned`) }
}

describe.skipIf(process.getuid?.() !== 0)("a V8 code cache planted by another user (as root)", () => {
  let hostile: { name: string; data: Buffer }
  let bin: string
  beforeAll(() => {
    hostile = makeHostileCache()
    bin = copyOfCli("victim")
  })
  afterAll(() => bin === undefined ? undefined : removeCopy(bin))

  it("control: the same cache owned by the victim runs (the attack is real)", () => {
    const { home, owned } = victim(bin, hostile)
    run(bin, home)
    expect(owned()).toBe(true)
  })

  it("is not executed when the file belongs to another user", () => {
    const { home, cacheFile, owned } = victim(bin, hostile)
    fs.chownSync(cacheFile, NOBODY, NOBODY)
    expect(envelopeOf(run(bin, home))["ok"]).toBe(true)
    expect(owned()).toBe(false)
  })

  it("is not executed from a cache directory that belongs to another user", () => {
    const { home, cacheDir, owned } = victim(bin, hostile)
    fs.chownSync(cacheDir, NOBODY, NOBODY)
    run(bin, home)
    expect(owned()).toBe(false)
  })

  it("is not executed through a state root that is another user's directory reached by a symlink", () => {
    const { home, owned } = victim(bin, hostile)
    fs.chownSync(home, NOBODY, NOBODY)
    const link = `${home}-link`
    fs.symlinkSync(home, link)
    run(bin, `${link}/`)
    expect(fs.existsSync(`${link}/-owned`) || fs.existsSync(`${link}-owned`) || owned()).toBe(false)
  })

  it("is not executed from a home that was world-writable when the cache was planted and tightened later", () => {
    const { home, cacheDir, owned } = victim(bin, hostile)
    // Planted while the home was open: the attacker's cache/ (theirs), in a home tightened afterwards.
    fs.chownSync(cacheDir, NOBODY, NOBODY)
    fs.chmodSync(home, 0o700)
    run(bin, home)
    expect(owned()).toBe(false)
  })
})
