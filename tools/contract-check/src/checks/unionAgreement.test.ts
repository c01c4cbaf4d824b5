import { CONTRACT_VERSIONS, type ContractVersion } from "@agent-desktop/contracts"
import { describe, expect, it } from "vitest"
import { checkUnionAgreement } from "./unionAgreement.js"

describe("named variants and if/then rules", () => {
  it("agree on every fixture of every version, in both flavours, and on envelopes made to break one rule each", () => {
    const broken: Array<readonly [string, object]> = [
      ["data and error", { ok: true, command: "status", data: {}, error: {} }],
      ["wrong data", { ok: true, command: "snapshot", data: { app: 1 } }],
      ["unknown command", { ok: true, command: "frobnicate", data: {} }],
      ["error without disposition", { ok: false, command: "click", error: { code: "INTERNAL", message: "x" } }],
      ["ok missing", { command: "status", data: {} }],
      ["empty command", { ok: true, command: "", data: {} }]
    ]
    const extra = Object.fromEntries(
      CONTRACT_VERSIONS.map((version) => [version, broken.map(([name, value]) => [name, { version, ...value }] as const)])
    ) as unknown as Record<ContractVersion, ReadonlyArray<readonly [string, unknown]>>
    const report = checkUnionAgreement(extra)
    expect(report.disagreements).toEqual([])
    expect(report.checked).toBeGreaterThan(500)
  }, 120_000)
})
