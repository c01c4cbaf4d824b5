import { fixturePath, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, installed, nodes, ok, probeRead, refOf, type Node } from "./realApp.js"

/**
 * Firefox ESR and Chromium on a local form page (tools/desktop/fixtures/form.html) with the controls agents meet.
 * The page writes every event it sees into its title ("#N what"), so the window title, read by libatspi
 * (atspi_probe.py), is the independent read-back of what the page itself saw; libatspi also reads the states.
 * One desktop per browser, each browser started once; every envelope is validated against the strict schema.
 */
const page = `file://${fixturePath("form.html")}`
const secret = "hunter2-PLANTED-secret"

interface Browser {
  readonly app: string
  readonly binary: string
  readonly spec: string
  readonly titleSuffix: string
  /** A number field takes a number headless (Chromium: through Value, which fires input/change). */
  readonly numberHeadless: boolean
  /**
   * Selecting in a <select> fires the page's change event. Firefox ESR 153's Selection.SelectChild sets the value the
   * form submits without any event (toolkits/gecko/notes.ts in platform-linux states the limit; this test fails when that changes).
   */
  readonly selectFiresChange: boolean
  /** The address bar's role and name. */
  readonly addressBar: readonly [string, string]
}

const browsers: ReadonlyArray<Browser> = [
  { app: "Firefox", binary: "/usr/lib/firefox-esr/firefox-esr", spec: `firefox:${page}`, titleSuffix: " — Mozilla Firefox", numberHeadless: false, selectFiresChange: false,
    addressBar: ["combobox", "Search or enter address"] },
  { app: "Chromium", binary: "/usr/lib/chromium/chromium", spec: `chromium:${page}`, titleSuffix: " - Chromium", numberHeadless: true, selectFiresChange: true,
    addressBar: ["textfield", "Address and search bar"] }
]

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Every file below a directory (the CLI's state root: its store, WAL, traces). */
const filesBelow = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesBelow(path) : [path]
  })

for (const browser of browsers) {
  describe.skipIf(!installed(browser.binary, `${browser.app} real-app suite`))(`agent-desktop on ${browser.app}`, () => {
    let desktop: RunningDesktop | undefined
    let env: NodeJS.ProcessEnv = {}
    const home = tempHome(browser.app.toLowerCase())
    const printed: Array<string> = []
    const run = cliIn(() => env)
    const cli = (...argv: Array<string>) => {
      const envelope = run(...argv)
      printed.push(JSON.stringify(envelope))
      return envelope
    }
    const failed = (envelope: Record<string, any>, code: string) => {
      assert.isFalse(envelope["ok"], JSON.stringify(envelope).slice(0, 1500))
      assert.strictEqual(envelope["error"]["code"], code, JSON.stringify(envelope).slice(0, 1500))
      return envelope["error"] as Record<string, any>
    }

    beforeAll(async () => {
      desktop = await startDesktop({ apps: [browser.spec], timeoutMs: 90_000 })
      env = { ...cleanEnv(home), ...desktop.env }
    }, 150_000)
    afterAll(async () => {
      await desktop?.stop()
    })

    /** The page title without the browser's suffix, as libatspi reads the window's name. */
    const title = (): string => {
      const name = String(probeRead(env, browser.app, "frame")["name"])
      return name.endsWith(browser.titleSuffix) ? name.slice(0, -browser.titleSuffix.length) : name
    }
    let seen = 0
    /** Waits (bounded) until the page has logged `what` after everything it logged before. */
    const pageLogged = (what: string): void => {
      let now = ""
      for (let attempt = 0; attempt < 40; attempt++) {
        now = title()
        const match = /^#(\d+) (.*)$/s.exec(now)
        if (match && Number(match[1]) > seen && match[2] === what) {
          seen = Number(match[1])
          return
        }
        pause(150)
      }
      assert.fail(`the page never logged "${what}" (its title: "${now}")`)
    }
    const pageLoggedNothing = (): void => {
      pause(500)
      const match = /^#(\d+) /.exec(title())
      assert.strictEqual(Number(match?.[1] ?? 0), seen, `the page logged "${title()}"`)
    }

    const form = () => {
      // The page may still be loading right after start (a loaded CI machine takes seconds): wait until a complete
      // snapshot shows each field once, twice in a row, so the refs are taken from a settled page.
      const fields = [["button", "Submit"], ["textfield", "Name"], ["checkbox", "Subscribe"], ["combobox", "Color"], ["button", "Far button"]]
      const settled = (all: ReadonlyArray<Node>) =>
        fields.every(([role, name]) => all.filter((n) => n.role === role && n.name === name && n.ref_id !== undefined).length === 1)
      let previous = false
      for (let attempt = 0; ; attempt++) {
        const data = ok(cli("snapshot", "--app", browser.app, "-i", "--timeout-ms", "10000"))
        const all = nodes(data["tree"] as Node)
        const now = data["complete"] === true && settled(all)
        if ((previous && now) || attempt >= 40) return { data, all, ref: (role: string, name: string) => refOf(all, role, name) }
        previous = now
        pause(250)
      }
    }

    it("reads the page as it is: fields once, values as libatspi reads them, no label passes for a field, padded names match --exact, unnamed twins are told apart by place", () => {
      const { all, ref } = form()
      const one = (role: string, name: string) => all.find((n) => n.role === role && n.name === name)!
      assert.includeMembers(one("textfield", "Password").states ?? [], ["secure"])
      assert.isUndefined(one("textfield", "Password").value)
      assert.strictEqual(one("slider", "Volume").value, "50")
      assert.strictEqual(one("incrementor", "Quantity").value, "1")
      assert.strictEqual(one("combobox", "Color").value, "Red")
      assert.includeMembers(one("radiobutton", "Small").states ?? [], ["checked"])
      // Firefox lists EditableText on every node of the page: a button or label must not carry its text as a value.
      assert.isUndefined(one("button", "Submit").value)
      assert.deepStrictEqual(all.filter((n) => n.role === "statictext" && n.value !== undefined && n.value === n.name), [])

      // get --property value against libatspi's own read of the same field.
      assert.strictEqual(ok(cli("get", ref("slider", "Volume"), "--property", "value"))["value"], String(probeRead(env, browser.app, "slider", "Volume")["value"]))
      assert.strictEqual(ok(cli("get", ref("incrementor", "Quantity"), "--property", "value"))["value"], "1")
      assert.strictEqual(ok(cli("get", ref("textfield", "Notes"), "--property", "value"))["value"], probeRead(env, browser.app, "entry", "Notes")["text"])
      assert.isNull(ok(cli("get", ref("textfield", "Password"), "--property", "value"))["value"])
      assert.strictEqual(ok(cli("is", ref("checkbox", "Subscribe"), "--property", "checked"))["result"], false)
      assert.strictEqual(ok(cli("is", ref("button", "More options"), "--property", "expanded"))["result"], false)

      // aria-label="  Send later  ": the name is trimmed, so --exact finds it as shown.
      const later = ok(cli("find", "--app", browser.app, "--role", "button", "--name", "Send later", "--exact", "--first"))
      assert.strictEqual(later["match"]["name"], "Send later")

      // Two unnamed icon buttons side by side are told apart by their place: a click on the second reaches it.
      const unnamedButton = (n: Node) => n.role === "button" && n.name === undefined && n.ref_id !== undefined
      const icons = all.find((n) => n.children?.length === 2 && n.children.every(unnamedButton))
      assert.isDefined(icons, "the page's two unnamed icon buttons")
      assert.notInclude(JSON.stringify(icons), "twin: ")
      seen = Number(/^#(\d+) /.exec(title())?.[1] ?? 0)
      ok(cli("click", icons!.children![1]!.ref_id!))
      pageLogged("clicked icon-b")
      assertAlive(env, browser.app)
    })

    it("acts on every control, each effect read back from the page's own log; a false failure, a leaked secret or keys sent to another window fail it", () => {
      // Another window holds the keyboard focus (an agent's terminal, say): typed keys must still reach the browser.
      const thief: ChildProcess = spawn("xmessage", ["-geometry", "+900+900", "focus elsewhere"], { env: { ...process.env, ...desktop!.env }, stdio: "ignore" })
      try {
        const xdotool = (...args: Array<string>) => spawnSync("xdotool", args, { env: { ...process.env, ...desktop!.env }, encoding: "utf8", timeout: 10_000 }).stdout.trim()
        const thiefWindow = xdotool("search", "--sync", "--class", "Xmessage").split("\n")[0]!
        xdotool("windowfocus", "--sync", thiefWindow)
        assert.strictEqual(xdotool("getwindowfocus"), thiefWindow)

        // The browser lost the focus; --app still finds its window (Chromium's untitled bubble frames are passed over).
        const { ref } = form()
        seen = Number(/^#(\d+) /.exec(title())?.[1] ?? 0)
        const name = ref("textfield", "Name")
        const headless = failed(cli("set-value", name, "Ada"), "POLICY_DENIED")
        assert.include(headless["message"], "--headed")
        assert.strictEqual(headless["disposition"]["delivery"], "not_delivered")

        const set = ok(cli("set-value", name, "Ada", "--headed"))
        assert.strictEqual(set["disposition"]["delivery"], "delivered_verified")
        assert.strictEqual(set["steps"][0]["label"], "X11.FocusWindow")
        pageLogged("input name=Ada")
        ok(cli("clear", name, "--headed"))
        pageLogged("input name=")
        ok(cli("type", name, "Ada", "--headed"))
        pageLogged("input name=Ada")
        assert.strictEqual(probeRead(env, browser.app, "entry", "Name")["text"], "Ada")
        assert.strictEqual(ok(cli("type", ref("textfield", "Notes"), "line1", "--headed"))["disposition"]["delivery"], "delivered_verified")
        pageLogged("input notes=line1")
        ok(cli("set-value", ref("textfield", "Comment"), "hello", "--headed"))
        pageLogged("input comment=hello")
        ok(cli("set-value", ref("textfield", "Password"), secret, "--headed"))
        pageLogged(`input password=len ${secret.length}`)
        assert.isNull(ok(cli("get", ref("textfield", "Password"), "--property", "value"))["value"])

        const quantity = ref("incrementor", "Quantity")
        if (browser.numberHeadless) {
          assert.strictEqual(ok(cli("set-value", quantity, "7"))["disposition"]["delivery"], "delivered_verified")
          pageLogged("change quantity=7")
        } else {
          // Firefox's Value would change the DOM without an event the page sees: the keyboard, headed, instead.
          failed(cli("set-value", quantity, "7"), "POLICY_DENIED")
          ok(cli("set-value", quantity, "7", "--headed"))
          pageLogged("input quantity=7")
        }
        assert.strictEqual(ok(cli("get", quantity, "--property", "value"))["value"], "7")

        // A range through Value: the read-back waits for the new value (Chromium reports it late: no false failure).
        const volume = ok(cli("set-value", ref("slider", "Volume"), "70"))
        assert.strictEqual(volume["disposition"]["delivery"], "delivered_verified")
        assert.strictEqual(volume["post_state"]["value"], "70")
        pageLogged("change volume=70")
        assert.strictEqual(probeRead(env, browser.app, "slider", "Volume")["value"], 70)

        const medium = ref("radiobutton", "Medium")
        assert.strictEqual(ok(cli("check", medium))["disposition"]["delivery"], "delivered_verified")
        pageLogged("change size=medium")
        assert.include(probeRead(env, browser.app, "radio button", "Medium")["states"], "checked")
        assert.notInclude(probeRead(env, browser.app, "radio button", "Small")["states"], "checked")
        const unchecking = failed(cli("uncheck", medium), "ACTION_NOT_SUPPORTED")
        assert.strictEqual(unchecking["disposition"]["delivery"], "not_delivered")
        assert.strictEqual(ok(cli("is", medium, "--property", "checked"))["result"], true)

        const subscribe = ref("checkbox", "Subscribe")
        assert.strictEqual(ok(cli("check", subscribe))["disposition"]["delivery"], "delivered_verified")
        pageLogged("change subscribe=true")
        assert.strictEqual(ok(cli("toggle", subscribe))["disposition"]["delivery"], "delivered_verified")
        pageLogged("change subscribe=false")
        assert.notInclude(probeRead(env, browser.app, "check box", "Subscribe")["states"], "checked")
        ok(cli("check", subscribe))
        pageLogged("change subscribe=true")
        assert.strictEqual(ok(cli("is", subscribe, "--property", "checked"))["result"], true)

        // Each select's effect: the page's change event where the browser fires one; the submission below shows the
        // values the form holds in both.
        const selected = (what: string) => browser.selectFiresChange ? pageLogged(what) : pageLoggedNothing()
        const color = ref("combobox", "Color")
        ok(cli("select", color, "Blue"))
        selected("change color=Blue")
        assert.strictEqual(ok(cli("get", color, "--property", "value"))["value"], "Blue")
        // A multiple <select>: each select adds to the selection.
        const toppings = ref("listbox", "Toppings")
        ok(cli("select", toppings, "Olives"))
        selected("change toppings=Olives")
        ok(cli("select", toppings, "Onions"))
        selected("change toppings=Olives+Onions")
        assert.include(probeRead(env, browser.app, "list item", "Onions")["states"], "selected")
        assert.include(probeRead(env, browser.app, "list item", "Olives")["states"], "selected")

        // <details>: expand and collapse, each verified, no false ACTION_FAILED; expanding twice sends nothing.
        const more = ref("button", "More options")
        assert.strictEqual(ok(cli("expand", more))["disposition"]["delivery"], "delivered_verified")
        pageLogged("toggle more=open")
        assert.strictEqual(ok(cli("is", more, "--property", "expanded"))["result"], true)
        assert.strictEqual(ok(cli("expand", more))["steps"][0]["label"], "AlreadyInState")
        assert.strictEqual(ok(cli("collapse", more))["disposition"]["delivery"], "delivered_verified")
        pageLogged("toggle more=closed")
        assert.strictEqual(ok(cli("is", more, "--property", "expanded"))["result"], false)

        ok(cli("click", ref("tab", "Advanced")))
        pageLogged("tab Advanced")
        assert.include(probeRead(env, browser.app, "page tab", "Advanced")["states"], "selected")
        ok(cli("click", ref("button", "Rename page")))
        pageLogged("renamed")
        ok(cli("scroll-to", ref("button", "Far button")))
        pageLogged("far visible")
        ok(cli("click", ref("link", "Help")))
        pageLogged("hash #help-section")

        ok(cli("click", ref("button", "Submit")))
        pageLogged(`submitted name=Ada;notes=line1;password=${secret.length};quantity=7;volume=70;size=medium;subscribe=true;color=Blue;toppings=Olives+Onions;gift=false;comment=hello`)

        // The password was typed, never printed or stored: not in any envelope, nor anywhere in the state root.
        ok(cli("snapshot", "--app", browser.app, "--timeout-ms", "10000"))
        assert.deepStrictEqual(printed.filter((text) => text.includes(secret)), [])
        assert.deepStrictEqual(filesBelow(home).filter((file) => readFileSync(file).includes(secret)), [])

        // A URL typed into the address bar and Enter load a new document (the page again, ?q=abc). Chromium 156
        // segfaulted here when the one-shot client that had read it peer-to-peer exited (chromium.ts
        // peerToPeerUnsafe); Firefox's address bar ignored EditableText (it goes through the keyboard, headed).
        const address = ref(...browser.addressBar)
        failed(cli("set-value", address, `${page}?q=abc`), "POLICY_DENIED")
        assert.strictEqual(ok(cli("set-value", address, `${page}?q=abc`, "--headed"))["disposition"]["delivery"], "delivered_verified")
        const pressed = ok(cli("press", "Enter", "--app", browser.app, "--headed"))
        let reloaded = ""
        for (let attempt = 0; attempt < 40 && !reloaded.startsWith("#1 far "); attempt++) {
          pause(250)
          reloaded = title()
        }
        // The new document logs from #1 again, with its query (where the scroll position is restored: "far visible").
        assert.match(reloaded, /^#1 far (hidden|visible) \(q=abc\)$/, JSON.stringify(pressed))
        pause(1000)
        assertAlive(env, browser.app)
      } finally {
        if (thief.pid !== undefined) process.kill(thief.pid)
      }
    })
  })
}
