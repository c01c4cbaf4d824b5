import { assert, describe, it } from "@effect/vitest"
import { UnsupportedAdapter } from "@agent-desktop/platform"
import fc from "fast-check"
import { main } from "./main.js"
import { runFromCli } from "./runEngine.js"
import { argvArbitrary } from "./test/argvFuzz.js"
import { cleanEnv, envelopeOf, runBinaryAsync, tempHome } from "./test/binary.js"

const home = tempHome("fuzz")
const env = { AGENT_DESKTOP_HOME: home }

/** Same main function as the binary, stdout captured; the engine runs on the UnsupportedAdapter for determinism. */
const runInProcess = async (argv: ReadonlyArray<string>) => {
  let stdout = ""
  let stderr = ""
  const exit = await main(argv, {
    env,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    runEngine: (request) => runFromCli(request, { adapter: UnsupportedAdapter })
  })
  return { exit, stdout, stderr }
}

const checkOne = (argv: ReadonlyArray<string>, result: { exit: number; stdout: string; stderr: string }) => {
  const context = `argv ${JSON.stringify(argv)} -> exit ${result.exit}, stdout ${JSON.stringify(result.stdout)}`
  assert.notMatch(result.stdout, /\n\s+at /, context)
  const envelope = (() => {
    try {
      return envelopeOf(result)
    } catch (error) {
      throw new Error(`${context}: ${(error as Error).message}`)
    }
  })()
  assert.include([1, 2], result.exit, context)
  assert.isFalse(envelope["ok"], context)
  if (result.exit === 2) assert.strictEqual(envelope["error"]["code"], "INVALID_ARGS", context)
}

describe("argument fuzzing", () => {
  it("gives exactly one valid envelope and exit 1 or 2 for 10,000 random argument vectors (in process)", async () => {
    const vectors = fc.sample(argvArbitrary, { numRuns: 10_000, seed: 20261130 })
    let parseErrors = 0
    for (const argv of vectors) {
      const result = await runInProcess(argv)
      checkOne(argv, result)
      if (result.exit === 2) parseErrors++
    }
    // Both paths are exercised: the parser's rejections and the commands' own.
    assert.isAbove(parseErrors, 0)
    assert.isBelow(parseErrors, vectors.length)
  })

  it("holds for 200 random vectors through the real binary", async () => {
    const vectors = fc.sample(argvArbitrary, { numRuns: 200, seed: 7 })
    const binaryEnv = cleanEnv(home)
    for (let i = 0; i < vectors.length; i += 8) {
      const batch = vectors.slice(i, i + 8)
      const results = await Promise.all(batch.map((argv) => runBinaryAsync(argv, binaryEnv)))
      results.forEach((result, j) => checkOne(batch[j]!, result))
    }
  })
})
