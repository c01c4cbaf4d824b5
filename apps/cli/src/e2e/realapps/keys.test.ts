import { controlFixture, fixtureControlPath, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { cliIn, nodes, refOf, type Node } from "./realApp.js"

/**
 * Keys as typed: `press A` once arrived as `a` (the combo was lower-cased and no shift sent). Read back through the
 * GTK fixture's own state (its control socket), not through AT-SPI.
 */
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("keys")
const cli = cliIn(() => env)

const entryText = async () => (await controlFixture(fixtureControlPath(desktop!.stateDir), { op: "state", id: "entry" }))["text"]

describe("press sends the letter's case", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["fixture"], timeoutMs: 60_000 })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 90_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("press A types A, press b types b, into the focused entry", async () => {
    const snapshot = cli("snapshot", "--app", "fixture", "-i")
    assert.isTrue(snapshot["ok"], JSON.stringify(snapshot))
    const focused = cli("focus", refOf(nodes(snapshot["data"]["tree"] as Node), "textfield", "Name"))
    assert.isTrue(focused["ok"], JSON.stringify(focused))
    for (const key of ["A", "b", "C"]) {
      const pressed = cli("press", key, "--app", "fixture")
      assert.isTrue(pressed["ok"], JSON.stringify(pressed))
    }
    let text: unknown = undefined
    for (let i = 0; i < 20 && text !== "AbC"; i++) {
      text = await entryText()
      if (text !== "AbC") await new Promise((resolve) => setTimeout(resolve, 250))
    }
    assert.strictEqual(text, "AbC")
  })
})
