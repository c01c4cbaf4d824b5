import { fixturePath, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, installed, nodes, probeRead, refOf, type Node } from "./realApp.js"

/**
 * Firefox ESR and Chromium on a local form page (tools/desktop/fixtures/form.html) whose title reports the form,
 * so the window title is the independent read-back. Before the browser profiles: Firefox refused every action
 * (";;" action names), Chromium's fields could not be filled and `check`/`select` were refused.
 */
const page = `file://${fixturePath("form.html")}`

interface Browser {
  readonly app: string
  readonly binary: string
  readonly spec: string
  readonly titleSuffix: string
}

const browsers: ReadonlyArray<Browser> = [
  { app: "Firefox", binary: "/usr/lib/firefox-esr/firefox-esr", spec: `firefox:${page}`, titleSuffix: " — Mozilla Firefox" },
  { app: "Chromium", binary: "/usr/lib/chromium/chromium", spec: `chromium:${page}`, titleSuffix: " - Chromium" }
]

for (const browser of browsers) {
  describe.skipIf(!installed(browser.binary, `${browser.app} real-app suite`))(`agent-desktop on ${browser.app}`, () => {
    let desktop: RunningDesktop | undefined
    let env: NodeJS.ProcessEnv = {}
    const home = tempHome(browser.app.toLowerCase())
    const cli = cliIn(() => env)

    beforeAll(async () => {
      desktop = await startDesktop({ apps: [browser.spec], timeoutMs: 90_000 })
      env = { ...cleanEnv(home), ...desktop.env }
    }, 150_000)
    afterAll(async () => {
      await desktop?.stop()
    })

    const form = () => {
      // The page may still be loading right after start (a loaded CI machine takes seconds): wait until a complete
      // snapshot shows each field once, twice in a row, so the refs are taken from a settled page.
      const settled = (all: ReadonlyArray<Node>) =>
        [["button", "Submit"], ["textfield", "Name"], ["checkbox", "Subscribe"], ["combobox", "Color"]].every(([role, name]) =>
          all.filter((n) => n.role === role && n.name === name && n.ref_id !== undefined).length === 1)
      let previous = false
      for (let attempt = 0; ; attempt++) {
        const envelope = cli("snapshot", "--app", browser.app, "-i", "--timeout-ms", "10000")
        assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 2000))
        const all = nodes(envelope["data"]["tree"] as Node)
        const now = envelope["data"]["complete"] === true && settled(all)
        if ((previous && now) || attempt >= 40) return { data: envelope["data"], all }
        previous = now
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
      }
    }

    it("fills and submits the form: headless typing is refused naming --headed, headed typing, check and select are read back, the title shows the submission", () => {
      const { all } = form()
      const name = refOf(all, "textfield", "Name")
      const headless = cli("set-value", name, "Ada")
      assert.isFalse(headless["ok"])
      assert.strictEqual(headless["error"]["code"], "POLICY_DENIED", JSON.stringify(headless))
      assert.include(headless["error"]["message"], "--headed")
      assert.strictEqual(headless["error"]["disposition"]["delivery"], "not_delivered")

      const set = cli("set-value", name, "Ada", "--headed")
      assert.isTrue(set["ok"], JSON.stringify(set))
      assert.strictEqual(set["data"]["disposition"]["delivery"], "delivered_verified")
      const typed = cli("type", name, "_L", "--headed")
      assert.isTrue(typed["ok"], JSON.stringify(typed))
      assert.strictEqual(probeRead(env, browser.app, "entry", "Name")["text"], "Ada_L")

      const checked = cli("check", refOf(all, "checkbox", "Subscribe"))
      assert.isTrue(checked["ok"], JSON.stringify(checked))
      assert.strictEqual(checked["data"]["disposition"]["delivery"], "delivered_verified")
      assert.include(probeRead(env, browser.app, "check box", "Subscribe")["states"], "checked")

      const color = refOf(all, "combobox", "Color")
      const selected = cli("select", color, "Blue")
      assert.isTrue(selected["ok"], JSON.stringify(selected))
      assert.strictEqual(cli("get", color, "--property", "value")["data"]["value"], "Blue")

      const submitted = cli("click", refOf(all, "button", "Submit"))
      assert.isTrue(submitted["ok"], JSON.stringify(submitted))
      let title = ""
      for (let i = 0; i < 20 && !title.startsWith("submitted"); i++) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
        title = probeRead(env, browser.app, "frame")["name"]
      }
      assert.strictEqual(title, `submitted name=Ada_L;subscribe=true;color=Blue${browser.titleSuffix}`)
      assertAlive(env, browser.app)
    })
  })
}
