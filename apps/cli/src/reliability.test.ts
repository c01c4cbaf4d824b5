import { assert, describe, it } from "@effect/vitest"
import { chooseSqliteBinding, openSqliteDriver } from "@agent-desktop/store"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { BIN, cleanEnv, envelopeOf, runBinary, tempHome, type RunResult } from "./test/binary.js"

/**
 * The probe's findings against the real binary, no desktop needed: signals, the state root, symlinked output
 * files and a stdout that cannot take the envelope. (Delivery under a failing store is in e2e/reliability.test.ts.)
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once the store holds an command.start for `command`: the engine is running it. */
const started = async (home: string, command: string) => {
  let last: unknown
  for (let i = 0; i < 400; i++) {
    try {
      // The store's own binding (node:sqlite where Node has it), so the test runs on every Node the CI runs.
      const file = path.join(home, "events.db")
      if (!fs.existsSync(file)) throw new Error("no store yet")
      const db = openSqliteDriver(file, chooseSqliteBinding(), 5000)
      try {
        const row = db.prepare(`SELECT 1 FROM events WHERE type = 'command.start' AND payload LIKE ?`).get(`%"command":"${command}"%`)
        if (row !== undefined) return
      } finally {
        db.close()
      }
    } catch (error) {
      // not created yet
      last = error
    }
    await sleep(25)
  }
  throw new Error(`${command} never started: ${String(last)}`)
}

const runUntilSignal = async (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, home: string, signal: NodeJS.Signals) => {
  const child = spawn(process.execPath, [BIN, ...argv], { env })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  const closed = new Promise<RunResult>((resolve) => child.on("close", (code) => resolve({ exit: code ?? -1, stdout, stderr })))
  await started(home, argv[0]!)
  await sleep(100)
  child.kill(signal)
  return closed
}

describe("signals", () => {
  for (const [signal, exit] of [["SIGTERM", 143], ["SIGINT", 130], ["SIGHUP", 129]] as const) {
    it(`${signal} during a command: one envelope, its invocation ended in the store, exit ${exit}`, async () => {
      const home = tempHome("signal")
      const result = await runUntilSignal(["wait", "60000"], cleanEnv(home), home, signal)
      assert.strictEqual(result.exit, exit, result.stderr)
      const lines = result.stdout.split("\n")
      assert.strictEqual(lines.length, 2, result.stdout)
      const envelope = JSON.parse(lines[0]!)
      assert.strictEqual(envelope.error.code, "INTERNAL")
      assert.deepStrictEqual(envelope.error.details, { kind: "interrupted", signal })
      assert.deepStrictEqual(envelope.error.disposition, { delivery: "not_delivered", retry: "safe" })
      const db = openSqliteDriver(path.join(home, "events.db"), chooseSqliteBinding(), 5000)
      const types = (db.prepare(`SELECT type FROM events WHERE stream LIKE 'invocation-%' ORDER BY position`).all() as Array<{ type: string }>).map((r) => r.type)
      db.close()
      assert.deepStrictEqual(types, ["command.start", "command.end"])
    })
  }
})

describe("state root", () => {
  it("never chmods an existing root (the probe's AGENT_DESKTOP_HOME=/some/dir)", () => {
    const home = tempHome("root")
    fs.chmodSync(home, 0o755)
    envelopeOf(runBinary(["session", "list"], cleanEnv(home)))
    assert.strictEqual(fs.statSync(home).mode & 0o777, 0o755)
  })

  it("refuses a world-writable root with INVALID_ARGS naming the problem, and leaves it as it was", () => {
    const home = tempHome("root")
    fs.chmodSync(home, 0o777)
    const envelope = envelopeOf(runBinary(["session", "list"], cleanEnv(home)))
    assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS")
    assert.match(envelope["error"]["message"], /writable by every user/)
    assert.strictEqual(fs.statSync(home).mode & 0o777, 0o777)
    assert.isFalse(fs.existsSync(path.join(home, "events.db")))
  })

  it("refuses a symlinked root spelled with a trailing slash", () => {
    const base = tempHome("root")
    fs.mkdirSync(path.join(base, "real"), { mode: 0o700 })
    fs.symlinkSync(path.join(base, "real"), path.join(base, "link"))
    const envelope = envelopeOf(runBinary(["session", "list"], cleanEnv(`${base}/link/`)))
    assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS")
    assert.match(envelope["error"]["message"], /symlink/)
    assert.deepStrictEqual(fs.readdirSync(path.join(base, "real")), [])
  })
})

describe("no desktop session", () => {
  it("with no session variables at all, says what is missing on Linux instead of advising `permissions --request`", () => {
    const home = tempHome("no-session")
    // cleanEnv names no DISPLAY, WAYLAND_DISPLAY, DBUS_SESSION_BUS_ADDRESS or AT_SPI_BUS_ADDRESS.
    for (const argv of [["snapshot"], ["list-apps"], ["find", "--role", "button"]]) {
      const envelope = envelopeOf(runBinary(argv, cleanEnv(home)))
      assert.strictEqual(envelope["error"]["code"], "PERM_DENIED", argv.join(" "))
      assert.notMatch(envelope["error"]["suggestion"], /permissions --request/)
      assert.match(envelope["error"]["suggestion"], /DISPLAY, WAYLAND_DISPLAY, DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS are all unset/)
    }
  })
})

describe("files", () => {
  it("--trace never writes through a symlink; --trace-strict only decides whether the command fails", () => {
    const home = tempHome("trace")
    const victim = path.join(home, "victim.txt")
    fs.writeFileSync(victim, "keep\n", { mode: 0o600 })
    const link = path.join(home, "trace.jsonl")
    fs.symlinkSync(victim, link)
    const lenient = runBinary(["--trace", link, "session", "list"], cleanEnv(home))
    assert.isTrue(envelopeOf(lenient)["ok"])
    assert.match(lenient.stderr, /symlink/)
    const strict = envelopeOf(runBinary(["--trace", link, "--trace-strict", "session", "list"], cleanEnv(home)))
    assert.strictEqual(strict["error"]["code"], "INVALID_ARGS")
    assert.strictEqual(fs.readFileSync(victim, "utf8"), "keep\n")
  })

  it("trace export --out refuses a dangling symlink instead of creating its target", () => {
    const home = tempHome("export")
    const session = envelopeOf(runBinary(["session", "start"], cleanEnv(home)))["data"]["session_id"] as string
    const env = cleanEnv(home, { AGENT_DESKTOP_SESSION: session })
    const target = path.join(home, "created-by-attacker.html")
    const link = path.join(home, "out.html")
    fs.symlinkSync(target, link)
    const envelope = envelopeOf(runBinary(["trace", "export", "--out", link], env))
    assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS")
    assert.match(envelope["error"]["message"], /symlink/)
    assert.isFalse(fs.existsSync(target))
  })
})

describe("stdout", () => {
  it("exits non-zero when stdout is full (/dev/full), saying why on stderr", async () => {
    const home = tempHome("stdout")
    const out = fs.openSync("/dev/full", "w")
    const result = await new Promise<{ exit: number; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, "session", "list"], { env: cleanEnv(home), stdio: ["ignore", out, "pipe"] })
      let stderr = ""
      child.stderr!.on("data", (chunk) => (stderr += chunk))
      child.on("close", (code) => resolve({ exit: code ?? -1, stderr }))
    })
    fs.closeSync(out)
    assert.notStrictEqual(result.exit, 0)
    assert.match(result.stderr, /could not write the result to stdout/)
  })

  it("exits non-zero when the reader closed stdout", async () => {
    const home = tempHome("stdout")
    const result = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [BIN, "session", "list"], { env: cleanEnv(home) })
      child.stdout.destroy()
      child.on("close", (code) => resolve(code ?? -1))
    })
    assert.notStrictEqual(result, 0)
  })
})

describe("bus addresses", () => {
  it("never runs a unixexec: bus address from the environment; the refusal is named", () => {
    const home = tempHome("bus")
    const marker = path.join(home, "ran")
    const hostile = `unixexec:path=/bin/sh,arg0=sh,arg1=-c,arg2=touch%20${encodeURIComponent(marker)}`
    const env = cleanEnv(home, { DBUS_SESSION_BUS_ADDRESS: hostile, AT_SPI_BUS_ADDRESS: hostile })
    const listed = envelopeOf(runBinary(["list-apps"], env))
    assert.isFalse(listed["ok"])
    assert.match(JSON.stringify(listed["error"]), /unixexec/)
    envelopeOf(runBinary(["status"], env))
    assert.isFalse(fs.existsSync(marker))
  })
})

/** Every byte the store and the trace outputs hold, as text. */
const everything = (files: ReadonlyArray<string>) =>
  files.filter((file) => fs.existsSync(file)).map((file) => fs.readFileSync(file).toString("latin1")).join("\n")

describe("secrets", () => {
  it("no planted secret reaches the database, its WAL, a --trace file, trace show, the HTML export or -v logs", () => {
    const home = tempHome("secrets")
    const session = envelopeOf(runBinary(["session", "start"], cleanEnv(home)))["data"]["session_id"] as string
    const env = cleanEnv(home, { AGENT_DESKTOP_SESSION: session })
    const traceFile = path.join(home, "trace.jsonl")
    const outputs: Array<string> = []
    const run = (...argv: Array<string>) => {
      const result = runBinary(["-v", "--trace", traceFile, ...argv], env)
      envelopeOf(result)
      outputs.push(result.stderr)
      return result
    }
    run("batch", JSON.stringify([
      { command: "type", args: { ref_id: "@s1abc:e1", text: "PLANTED-SECRET-batch-type" } },
      { command: "set-value", args: { ref_id: "@s1abc:e1", value: "PLANTED-SECRET-batch-value" } },
      { command: "press", args: { combo: "ctrl+a" } }
    ]))
    run("type", "@s1abc:e1", "PLANTED-SECRET-type")
    run("launch", "someapp", "--env", "TOKEN=PLANTED-SECRET-env")
    run("clipboard-set", "PLANTED-SECRET-clipboard")
    const shown = runBinary(["trace", "show", "--limit", "0"], env)
    outputs.push(shown.stdout)
    const exported = envelopeOf(runBinary(["trace", "export"], env))["data"]["path"] as string
    const haystack = everything([
      path.join(home, "events.db"), path.join(home, "events.db-wal"), traceFile, exported
    ]) + outputs.join("\n")
    assert.include(haystack, "batch", "the haystack holds the trace")
    assert.notInclude(haystack, "PLANTED-SECRET")
  })
})

describe("--auto-recover", () => {
  it("runs only a recovery the failure allows, and says in details.auto_recover why it did not", () => {
    const home = tempHome("recover")
    const envelope = envelopeOf(runBinary(["click", "@s0abc:e1", "--auto-recover"], cleanEnv(home)))
    assert.strictEqual(envelope["error"]["code"], "SNAPSHOT_NOT_FOUND")
    assert.deepStrictEqual(envelope["error"]["details"]["auto_recover"], {
      attempted: false,
      reason: "the old ref's description is gone, so nothing can be re-found"
    })
  })
})

/** A read-only bind mount of a new directory (needs root and mount permission, as in CI; undefined elsewhere). */
const readOnlyMount = (prepare: (dir: string) => void): { readonly dir: string; readonly release: () => void } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const source = tempHome("ro-source")
  fs.chmodSync(source, 0o700)
  prepare(source)
  const dir = tempHome("ro-root")
  const bind = spawnSync("mount", ["--bind", source, dir])
  const readOnly = bind.status === 0 ? spawnSync("mount", ["-o", "remount,bind,ro", dir]) : bind
  if (readOnly.status !== 0) {
    if (bind.status === 0) spawnSync("umount", [dir])
    return undefined
  }
  return { dir, release: () => void spawnSync("umount", [dir]) }
}

describe("store faults", () => {
  it("a read-only state root is the store failure read_only (not INVALID_ARGS), fresh or with a store in it", (context) => {
    for (const prepare of [(_dir: string) => undefined, (dir: string) => envelopeOf(runBinary(["session", "list"], cleanEnv(dir)))]) {
      const mounted = readOnlyMount(prepare)
      if (mounted === undefined) return context.skip()
      try {
        const envelope = envelopeOf(runBinary(["session", "list"], cleanEnv(mounted.dir)))
        assert.strictEqual(envelope["error"]["code"], "INTERNAL")
        assert.deepStrictEqual(envelope["error"]["details"], { kind: "store_failure", reason: "read_only", retryable: false })
        assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
        assert.match(envelope["error"]["suggestion"], /writable/)
      } finally {
        mounted.release()
      }
    }
    // Its parent read-only: the root cannot be created.
    const parent = readOnlyMount(() => undefined)
    if (parent === undefined) return context.skip()
    try {
      const envelope = envelopeOf(runBinary(["session", "list"], cleanEnv(path.join(parent.dir, "state"))))
      assert.deepStrictEqual(envelope["error"]["details"], { kind: "store_failure", reason: "read_only", retryable: false })
    } finally {
      parent.release()
    }
  })

  it("a 0-byte or foreign events.db is refused with a specific message, never replaced", () => {
    for (const [content, reason] of [["", "corrupt"], ["not a database, just text that is long enough for a header....", "foreign"]] as const) {
      const home = tempHome("store")
      fs.writeFileSync(path.join(home, "events.db"), content, { mode: 0o600 })
      const envelope = envelopeOf(runBinary(["session", "list"], cleanEnv(home)))
      assert.strictEqual(envelope["error"]["code"], "INTERNAL")
      assert.deepStrictEqual(envelope["error"]["details"], { kind: "store_failure", reason, retryable: false })
      assert.notMatch(envelope["error"]["suggestion"], /bug/)
      assert.strictEqual(fs.readFileSync(path.join(home, "events.db"), "utf8"), content)
    }
  })
})
