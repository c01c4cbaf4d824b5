import { assert, describe, it } from "@effect/vitest"
import { build } from "esbuild"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const here = path.dirname(fileURLToPath(import.meta.url))

describe("the synchronous core", () => {
  // The CLI opens the store on every call; loading effect there would cost ~20 ms each time.
  it("bundles without effect (only better-sqlite3, the domain package and node builtins)", async () => {
    const result = await build({
      entryPoints: [path.join(here, "EventStoreCore.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      metafile: true,
      external: ["better-sqlite3"],
      conditions: ["@agent-desktop/source"],
      logLevel: "error"
    })
    const inputs = Object.keys(result.metafile.inputs)
    assert.isTrue(inputs.some((input) => input.includes("domain/src")))
    assert.deepStrictEqual(inputs.filter((input) => input.includes("node_modules")), [])
  })
})
