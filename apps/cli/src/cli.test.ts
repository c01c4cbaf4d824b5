import { assert, describe, it } from "@effect/vitest"
import { cleanEnv, envelopeOf, runBinary, tempHome } from "./test/binary.js"

const home = tempHome("cli")
const env = cleanEnv(home)
const VERSIONS = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"]

describe("agent-desktop binary", () => {
  it("rejects a bare ref: exit 1, INVALID_ARGS, not_delivered/safe", () => {
    const result = runBinary(["click", "@e1"], env)
    const envelope = envelopeOf(result)
    assert.strictEqual(result.exit, 1)
    assert.strictEqual(envelope["command"], "click")
    assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS")
    assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
  })

  it("fails a missing ref at parse time: exit 2 with the command name", () => {
    const result = runBinary(["click"], env)
    const envelope = envelopeOf(result)
    assert.strictEqual(result.exit, 2)
    assert.strictEqual(envelope["command"], "click")
    assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS")
  })

  it("reports an unknown snapshot as SNAPSHOT_NOT_FOUND with its recovery", () => {
    const result = runBinary(["click", "@s0abc:e1"], env)
    const envelope = envelopeOf(result)
    assert.strictEqual(result.exit, 1)
    assert.strictEqual(envelope["error"]["code"], "SNAPSHOT_NOT_FOUND")
    assert.strictEqual(envelope["error"]["recovery"]["strategy"], "refresh_snapshot_then_retry_original")
    assert.strictEqual(envelope["error"]["disposition"]["retry"], "safe")
  })

  it("prints each of them in every pinned contract version, valid against that version's strict schema", () => {
    for (const version of VERSIONS) {
      for (const argv of [["click", "@e1"], ["click"], ["click", "@s0abc:e1"], ["version"]]) {
        const viaFlag = envelopeOf(runBinary(["--contract", version, ...argv], env))
        assert.strictEqual(viaFlag["version"], version)
      }
    }
  })

  it("takes the contract version from AGENT_DESKTOP_CONTRACT too", () => {
    const envelope = envelopeOf(runBinary(["click", "@e1"], cleanEnv(home, { AGENT_DESKTOP_CONTRACT: "2.1" })))
    assert.strictEqual(envelope["version"], "2.1")
  })

  it("rejects an unknown contract version as INVALID_ARGS, exit 2", () => {
    const result = runBinary(["--contract", "9.9", "version"], env)
    assert.strictEqual(result.exit, 2)
    assert.strictEqual(envelopeOf(result)["error"]["code"], "INVALID_ARGS")
  })

  it("answers version with the binary's version, target and OS", () => {
    const envelope = envelopeOf(runBinary(["version"], env))
    assert.strictEqual(envelope["data"]["os"], process.platform)
  })

  it("prints text, not an envelope, for --help, --version and a bare call", () => {
    for (const argv of [[], ["--help"], ["--version"], ["key-down", "--help"]]) {
      const result = runBinary(argv, env)
      assert.strictEqual(result.exit, 0)
      assert.throws(() => JSON.parse(result.stdout))
    }
    assert.match(runBinary(["key-down", "--help"], env).stdout, /Refuses to run/)
  })

  it("fails the held-input commands closed: ACTION_NOT_SUPPORTED, not_delivered", () => {
    for (const argv of [["key-down", "shift"], ["key-up", "shift"], ["mouse-down"], ["mouse-up"]]) {
      const envelope = envelopeOf(runBinary(argv, env))
      assert.strictEqual(envelope["error"]["code"], "ACTION_NOT_SUPPORTED")
      assert.strictEqual(envelope["error"]["disposition"]["delivery"], "not_delivered")
    }
  })

  it("answers commands without a platform implementation with PLATFORM_NOT_SUPPORTED", () => {
    const envelope = envelopeOf(runBinary(["clipboard-get"], env))
    assert.strictEqual(envelope["error"]["code"], "PLATFORM_NOT_SUPPORTED")
    assert.strictEqual(envelope["error"]["disposition"]["retry"], "safe")
  })

  it("serves the embedded skills: list, get with a reference, the platform skill and path", () => {
    const list = envelopeOf(runBinary(["skills", "list"], env))
    assert.isAbove(list["data"]["skills"].length, 1)
    const ref = envelopeOf(runBinary(["skills", "get", "desktop", "references/refs.md"], env))
    assert.strictEqual(ref["data"]["reference"], "refs")
    const platform = envelopeOf(runBinary(["skills", "get", "platform"], env))
    assert.match(platform["data"]["content"], /PLATFORM_NOT_SUPPORTED/)
    assert.strictEqual(envelopeOf(runBinary(["skills", "path"], env))["data"]["location"], "embedded")
    assert.strictEqual(envelopeOf(runBinary(["skills", "get", "nope"], env))["error"]["code"], "INVALID_ARGS")
  })

  it("reports status without a desktop: no surfaces, the state root", () => {
    const envelope = envelopeOf(runBinary(["status"], env))
    assert.deepStrictEqual(envelope["data"]["supported_surfaces"], [])
    assert.strictEqual(envelope["data"]["state_root"], home)
  })

  it("refuses a relative AGENT_DESKTOP_HOME before dispatch", () => {
    const envelope = envelopeOf(runBinary(["session", "list"], cleanEnv("relative/home")))
    assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS")
  })

  it("keeps logs on stderr with -v", () => {
    const result = runBinary(["-v", "version"], env)
    envelopeOf(result)
    assert.match(result.stderr, /agent-desktop: version/)
  })
})
