// The typed client against the real agent-desktop binary (no desktop needed for these commands): every envelope it
// returns is validated against the strict schema of the pinned contract.
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { describe, expect, it } from "vitest"
import { AgentDesktop, argvFor } from "./AgentDesktop.js"
import { runFollowingRecovery } from "./followRecovery.js"

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/bin/agent-desktop.js")
const home = fs.mkdtempSync(path.join(os.tmpdir(), "ad-client-"))
const env = { AGENT_DESKTOP_HOME: home, DBUS_SESSION_BUS_ADDRESS: undefined, AT_SPI_BUS_ADDRESS: undefined, DISPLAY: undefined, AGENT_DESKTOP_CONTRACT: undefined }
const client = <V extends "2.3" | "2.7">(contract: V) => new AgentDesktop({ contract, command: [process.execPath, bin], env })

describe("the TypeScript client", () => {
  it("spells arguments as the CLI reads them, positionals after --", () => {
    expect(argvFor("2.7", "type", { ref_id: "@s1:e2", text: "--not-a-flag", timeout_ms: 0 })).toEqual([
      "--contract", "2.7", "type", "--timeout-ms=0", "--", "@s1:e2", "--not-a-flag"
    ])
    expect(argvFor("2.5", "mouse-click", { xy: { x: -5, y: 7 }, modifiers: ["ctrl", "shift"] }, { headed: true })).toEqual([
      "--contract", "2.5", "--headed", "mouse-click", "--xy=-5,7", "--modifiers=ctrl", "--modifiers=shift"
    ])
    // @ts-expect-error an argument the command does not take
    expect(() => argvFor("2.7", "click", { ref_id: "@s1:e1", nope: 1 })).toThrow(/takes no argument nope/)
  })

  it("returns typed envelopes of the pinned version", async () => {
    const latest = await client("2.7").run("version", {})
    expect(validateEnvelope("2.7", latest, { strict: true }).valid).toBe(true)
    if (!latest.ok) throw new Error("version failed")
    expect(latest.data.contracts).toContain("2.3")
    const pinned = await client("2.3").run("version", {})
    expect(pinned.version).toBe("2.3")
    expect(validateEnvelope("2.3", pinned, { strict: true }).valid).toBe(true)
  })

  it("passes a text that starts with -- as text, and types errors", async () => {
    const typed = await client("2.7").run("type", { ref_id: "@s0abc:e1", text: "--hedaed" })
    expect(validateEnvelope("2.7", typed, { strict: true }).valid).toBe(true)
    if (typed.ok) throw new Error("typing into an unknown snapshot succeeded")
    expect(typed.error.code).toBe("SNAPSHOT_NOT_FOUND")
    const bare = await client("2.7").run("click", { ref_id: "@e1" })
    if (bare.ok) throw new Error("a bare ref was accepted")
    expect(bare.error.code).toBe("INVALID_ARGS")
  })

  it("follows a safe recovery: asks for a fresh snapshot's arguments, retries once, stops when told", async () => {
    const seen: Array<string> = []
    const attempts = await runFollowingRecovery(client("2.7"), "click", { ref_id: "@s0abc:e1" }, {
      refresh: async (failure) => {
        seen.push(failure.error.code)
        return { ref_id: "@s0abd:e1" }
      }
    })
    expect(seen).toEqual(["SNAPSHOT_NOT_FOUND"])
    expect(attempts).toHaveLength(2)
    for (const attempt of attempts) expect(validateEnvelope("2.7", attempt, { strict: true }).valid).toBe(true)
    const stopped = await runFollowingRecovery(client("2.7"), "click", { ref_id: "@s0abc:e1" }, { refresh: async () => undefined })
    expect(stopped).toHaveLength(1)
    const unsafe = await runFollowingRecovery(client("2.7"), "click", { ref_id: "@e1" }, { refresh: async () => { throw new Error("no recovery expected") } })
    expect(unsafe).toHaveLength(1)
  })
})
