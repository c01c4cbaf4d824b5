import { describe, expect, expectTypeOf, it } from "vitest"
import type { CommandData, Envelope, EnvelopeV2_4 } from "../Envelope.js"
import { FAIL_CLOSED_COMMANDS, REF_ACTION_COMMANDS } from "../vocabulary/Commands.js"
import { CONTRACT_VERSIONS, LATEST_CONTRACT_VERSION } from "../vocabulary/ContractVersion.js"
import { OPERATION_REPORT_COMMANDS } from "../vocabulary/OperationReportCommands.js"
import { CONTRACTS } from "./index.js"

describe("contract versions", () => {
  it("are 2.1 .. 2.7, latest 2.7", () => {
    expect(CONTRACT_VERSIONS).toEqual(["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"])
    expect(LATEST_CONTRACT_VERSION).toBe("2.7")
    for (const version of CONTRACT_VERSIONS) expect(CONTRACTS[version].version).toBe(version)
  })

  it("each keep every command of the previous version", () => {
    for (let index = 1; index < CONTRACT_VERSIONS.length; index++) {
      const previous = Object.keys(CONTRACTS[CONTRACT_VERSIONS[index - 1]!].commands)
      const current = Object.keys(CONTRACTS[CONTRACT_VERSIONS[index]!].commands)
      expect(current).toEqual(expect.arrayContaining(previous))
    }
    const latest = Object.keys(CONTRACTS[LATEST_CONTRACT_VERSION].commands)
    expect(latest).toHaveLength(60)
    expect(latest).toEqual(expect.arrayContaining([...REF_ACTION_COMMANDS, ...FAIL_CLOSED_COMMANDS]))
  })

  it("declare 2.5 breaking for the thirteen OperationReport commands", () => {
    const breaking = CONTRACTS["2.5"].changes.filter((change) => change.breaking)
    const commands = breaking.flatMap((change) => change.commands ?? [])
    expect(commands).toEqual(expect.arrayContaining(Object.keys(OPERATION_REPORT_COMMANDS)))
    expect(Object.keys(OPERATION_REPORT_COMMANDS)).toHaveLength(13)
    expect(breaking.map((change) => change.id)).toContain("bare-refs-rejected")
  })

  it("give each change a unique id within its version", () => {
    for (const version of CONTRACT_VERSIONS) {
      const ids = CONTRACTS[version].changes.map((change) => change.id)
      expect(new Set(ids).size).toBe(ids.length)
    }
  })

  it("type envelopes by command", () => {
    const envelope: Envelope = {
      version: "2.7",
      ok: true,
      command: "click",
      data: { action: "click", disposition: { delivery: "delivered_unverified", retry: "unsafe" } }
    }
    expect(envelope.ok).toBe(true)
    expectTypeOf<CommandData<"list-windows">>().toBeArray()
    expectTypeOf<Extract<EnvelopeV2_4, { command: "mouse-click" }>["data"]>().toHaveProperty("clicked")
    // @ts-expect-error a successful action cannot report an unknown delivery
    const unknownSuccess: CommandData<"press"> = { action: "press", disposition: { delivery: "unknown", retry: "unknown" } }
    expect(unknownSuccess).toBeDefined()
  })
})
