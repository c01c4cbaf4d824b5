import * as fs from "node:fs"
import { COMMAND_MANIFEST } from "@agent-desktop/contracts/commands"
import { describe, expect, it } from "vitest"
import { renderClient } from "./generate.js"

describe("the generated client", () => {
  it("matches the command spec (npm run generate in clients/typescript when this fails)", () => {
    const committed = fs.readFileSync(new URL("./generated/commands.ts", import.meta.url), "utf8")
    expect(committed).toBe(renderClient(COMMAND_MANIFEST))
  })
})
