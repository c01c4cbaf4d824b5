import { qtExample, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, installed, nodes, probeRead, refOf, type Node } from "./realApp.js"

/**
 * Qt 5 (qtbase5-examples' calculator, QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1). Before toolkit profiles, any snapshot
 * segfaulted it: Properties.GetAll(org.a11y.atspi.Accessible) kills Qt 5.15.8.
 */
const binary = qtExample("calculator")
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("qt")
const cli = cliIn(() => env)

describe.skipIf(!installed(binary, "qt real-app suite"))("agent-desktop on a Qt 5 app", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["qt:calculator"], timeoutMs: 60_000 })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 120_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  const snapshot = () => {
    const envelope = cli("snapshot", "--app", "calculator", "-i", "--timeout-ms", "10000")
    assert.isTrue(envelope["ok"], JSON.stringify(envelope))
    return { data: envelope["data"], all: nodes(envelope["data"]["tree"] as Node) }
  }

  it("snapshots and finds without harming the app; the app answers a fresh read within 2 s", () => {
    const { data, all } = snapshot()
    assert.isTrue(data["complete"])
    assert.isAbove(data["ref_count"], 20)
    assert.isDefined(all.find((n) => n.role === "button" && n.name === "Backspace" && n.available_actions?.includes("Click")))
    const found = cli("find", "--app", "calculator", "--role", "button", "--name", "Clear All", "--exact")
    assert.isTrue(found["ok"], JSON.stringify(found))
    assert.strictEqual(found["data"]["matches"].length, 1)
    assertAlive(env, "calculator")
  })

  it("clicks 7 + 8 = and the display (read by libatspi) shows 15", () => {
    const { all } = snapshot()
    for (const key of ["7", "+", "8", "="]) {
      const clicked = cli("click", refOf(all, "button", key))
      assert.isTrue(clicked["ok"], JSON.stringify(clicked))
    }
    assert.strictEqual(probeRead(env, "calculator", "text")["text"], "15")
    const display = snapshot().all.find((n) => n.role === "textfield")
    assert.strictEqual(display?.value, "15")
    assertAlive(env, "calculator")
  })
})
