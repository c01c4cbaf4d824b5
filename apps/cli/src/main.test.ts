import { assert, describe, it } from "@effect/vitest"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { main } from "./main.js"

const capture = async (argv: ReadonlyArray<string>, runEngine: () => Promise<never>) => {
  let stdout = ""
  let stderr = ""
  const exit = await main(argv, { env: {}, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), runEngine })
  return { exit, stdout, stderr }
}

describe("main", () => {
  it("prints an INTERNAL envelope with an unknown disposition when the engine crashes, the stack on stderr only", async () => {
    const result = await capture(["status"], () => Promise.reject(new Error("boom")))
    assert.strictEqual(result.exit, 1)
    assert.strictEqual(result.stdout.split("\n").length, 2)
    const envelope = JSON.parse(result.stdout)
    assert.isTrue(validateEnvelope(LATEST_CONTRACT_VERSION, envelope, { strict: true }).valid)
    assert.strictEqual(envelope.command, "status")
    assert.strictEqual(envelope.error.code, "INTERNAL")
    assert.deepStrictEqual(envelope.error.disposition, { delivery: "unknown", retry: "unknown" })
    assert.notInclude(result.stdout, "boom")
    assert.include(result.stderr, "boom")
  })

  it("still converts a crash to the pinned contract version", async () => {
    const result = await capture(["--contract", "2.1", "status"], () => Promise.reject(new Error("boom")))
    const envelope = JSON.parse(result.stdout)
    assert.strictEqual(envelope.version, "2.1")
    assert.isTrue(validateEnvelope("2.1", envelope, { strict: true }).valid)
  })
})
