import { startDesktop, systemPython, probePath, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, envelopeOf, runBinaryAsync, tempHome } from "../../test/binary.js"
import { assertAlive, installed, nodes, probeRead, type Node } from "./realApp.js"

/**
 * No cliff at 2,000 children (issue 19): one container with more children than a read takes (a 2,500-row web
 * table; a GtkGrid with 2,400 widgets) is paged, never a reason to fail the window. Before, `find` answered TIMEOUT
 * "could not read the whole window within 60000 ms" after a few seconds on each of these windows, and the rows past
 * the 2,000th could be reached by no ref. Now `find` searches the container's other pages, the match acts (read back
 * by libatspi: the page's title, the check box's state), the browser's own controls are found beside the table, and
 * the snapshot's page hint (`--root REF --children-from K`) reads the page it names. Two toolkits: Gecko/Chromium
 * (HTML table) and GTK 3 (GtkGrid).
 *
 * Uniqueness is whole-container: each window holds true twins (same role and name inside look-alike named groups),
 * one in the page a read takes and one beyond it. Before, the page's twin was proven unique against its page only
 * and acted on; now an action searches the container's other children for look-alikes first and refuses it
 * (identity_not_unique, nothing sent: the page's title / the check boxes' states, read by libatspi, are unchanged),
 * while a unique element beyond the page still acts.
 */
const ROWS = 2500
/** Rows of the web table holding true twins: one in the first page a read takes, one beyond it. */
const TWIN_ROWS = [100, 2300]
const GRID_ROWS = 600
/**
 * Firefox's huge table (see below). CI runs 12,000 rows (past the page search, through Collection, in ~1 min); the
 * 50,000-row proof takes ~7 min on 2 cores and leaves Firefox busy for minutes, so it runs when asked:
 * AGENT_DESKTOP_TEST_FIREFOX_ROWS=50000.
 */
const FIREFOX_ROWS = Number(process.env["AGENT_DESKTOP_TEST_FIREFOX_ROWS"] ?? 12_000)
/**
 * Chromium's huge table (see below). CI runs 12,000 rows (past the page search, cell by cell); the 50,000-row proof
 * (found cell by cell, ~40 s a find on 2 cores; its whole-app cache is never asked at that size: the reply would
 * disconnect the browser from the bus) takes ~4 min, past CI's time, so it runs when asked:
 * AGENT_DESKTOP_TEST_CHROMIUM_ROWS=50000.
 */
const CHROMIUM_ROWS = Number(process.env["AGENT_DESKTOP_TEST_CHROMIUM_ROWS"] ?? 12_000)
const cliWith = (env: () => NodeJS.ProcessEnv) => async (...argv: Array<string>): Promise<Record<string, any>> =>
  envelopeOf(await runBinaryAsync(argv, env()))
const ok = (envelope: Record<string, any>): Record<string, any> => {
  assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 2000))
  return envelope["data"]
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `read` every 500 ms until it returns something, for at most `ms`. */
const until = async <A>(read: () => Promise<A | undefined>, ms: number): Promise<A | undefined> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined || Date.now() > end) return value
    await pause(500)
  }
}

/** The container a snapshot printed with this many children, and the page hint it carries. */
const pagedContainer = (tree: Node, count: number): Node & { hint?: string } => {
  const found = nodes(tree).find((node) => node.children_count === count)
  assert.isDefined(found, `no container with children_count ${count}`)
  return found as Node & { hint?: string }
}

/** The `snapshot ...` command a hint names, as argv. */
const hintCommand = (hint: string): Array<string> => {
  const match = /snapshot (--root \S+ --children-from \d+[^;]*)/.exec(hint)
  assert.isNotNull(match, `no page command in the hint: ${hint}`)
  return ["snapshot", ...match![1]!.trim().split(/\s+/)]
}

/** A libatspi read of a node in containers of any width (a GtkGrid of 2,400 widgets). */
const probeWide = (env: NodeJS.ProcessEnv, app: string, role: string, name: string): Record<string, any> => {
  const result = spawnSync(systemPython, [probePath(), "read-wide", app, role, name], { env, encoding: "utf8", timeout: 60_000 })
  return result.stdout ? JSON.parse(result.stdout) as Record<string, any> : { error: result.stderr || "timeout" }
}

const browsers = [
  { app: "Firefox", binary: "/usr/lib/firefox-esr/firefox-esr", spec: "firefox", titleSuffix: " — Mozilla Firefox", ownControl: ["combobox", "Search or enter address"] },
  { app: "Chromium", binary: "/usr/lib/chromium/chromium", spec: "chromium", titleSuffix: " - Chromium", ownControl: ["textfield", "Address and search bar"] }
] as const

for (const browser of browsers) {
  describe.skipIf(!installed(browser.binary, `${browser.app} big-container suite`))(`a ${ROWS}-row table in ${browser.app}`, () => {
    let desktop: RunningDesktop | undefined
    let env: NodeJS.ProcessEnv = {}
    const home = tempHome(`big-${browser.spec}`)
    const cli = cliWith(() => env)
    const page = join(home, "table.html")

    beforeAll(async () => {
      const rows = Array.from({ length: ROWS }, (_, i) => TWIN_ROWS.includes(i)
        ? `<tr><td>pair</td><td><div role="group" aria-label="pair"><button onclick="document.title='dup ${i}'">dup</button></div></td></tr>`
        : `<tr><td>row ${i}</td><td><button onclick="document.title='clicked ${i}'">open ${i}</button></td></tr>`).join("")
      writeFileSync(page, `<!doctype html><html><head><title>Table ${ROWS}</title></head><body><h1>Table ${ROWS}</h1><table><tbody>${rows}</tbody></table></body></html>`)
      desktop = await startDesktop({ apps: [`${browser.spec}:file://${page}`], timeoutMs: 120_000 })
      env = { ...cleanEnv(home), ...desktop.env }
      // The page is in the tree once its last row is (a load still under way reads a shorter table).
      const loaded = await until(async () => {
        const found = await cli("find", "--app", browser.app, "--role", "button", "--name", `open ${ROWS - 1}`, "--exact", "--count", "--timeout-ms", "120000")
        return found["ok"] && found["data"]["count"] === 1 ? true : undefined
      }, 120_000)
      assert.isTrue(loaded, "the table never showed its last row")
    }, 300_000)
    afterAll(async () => {
      await desktop?.stop()
    })

    it("find reaches a row past the 2,000th, and its button acts (the page's title, read by libatspi)", async () => {
      const found = ok(await cli("find", "--app", browser.app, "--role", "button", "--name", "open 2400", "--exact", "--timeout-ms", "120000"))
      assert.strictEqual(found["total_matches"], 1)
      const ref = found["matches"][0]["ref_id"] as string
      assert.isString(ref)
      ok(await cli("click", ref, "--timeout-ms", "120000"))
      const title = await until(async () => {
        const name = String(probeRead(env, browser.app, "frame")["name"])
        return name === `clicked 2400${browser.titleSuffix}` ? name : undefined
      }, 10_000)
      assert.isDefined(title, `the page never saw the click (title: ${String(probeRead(env, browser.app, "frame")["name"])})`)
      assertAlive(env, browser.app)
    }, 300_000)

    it("a button whose twin lies beyond the page read is refused, nothing sent (the page's title, read by libatspi)", async () => {
      const before = String(probeRead(env, browser.app, "frame")["name"])
      // --first: the page read holds one "dup", so find searches no further and proves it against the page alone.
      const found = ok(await cli("find", "--app", browser.app, "--role", "button", "--name", "dup", "--exact", "--first", "--timeout-ms", "120000"))
      const ref = found["match"]["ref_id"] as string
      assert.isString(ref)
      const clicked = await cli("click", ref, "--timeout-ms", "120000")
      assert.isFalse(clicked["ok"], JSON.stringify(clicked).slice(0, 1000))
      assert.strictEqual(clicked["error"]["code"], "AMBIGUOUS_TARGET")
      assert.strictEqual(clicked["error"]["details"]["kind"], "identity_not_unique")
      assert.isTrue(clicked["error"]["details"]["beyond_page"])
      await pause(1_000)
      assert.strictEqual(String(probeRead(env, browser.app, "frame")["name"]), before)
      // Every match: both twins are in the read, and each is refused as a twin.
      const all = ok(await cli("find", "--app", browser.app, "--role", "button", "--name", "dup", "--exact", "--timeout-ms", "120000"))
      assert.strictEqual(all["total_matches"], 2)
      for (const match of all["matches"] as Array<Record<string, any>>) {
        const refused = await cli("click", match["ref_id"] as string, "--timeout-ms", "120000")
        assert.strictEqual(refused["error"]?.["details"]?.["kind"], "identity_not_unique", JSON.stringify(refused).slice(0, 1000))
      }
      assert.strictEqual(String(probeRead(env, browser.app, "frame")["name"]), before)
      assertAlive(env, browser.app)
    }, 300_000)

    it("the browser's own controls are found in a window holding the table; --count counts in every page", async () => {
      const [role, name] = browser.ownControl
      const own = ok(await cli("find", "--app", browser.app, "--role", role, "--name", name, "--exact", "--first", "--timeout-ms", "120000"))
      assert.isString(own["match"]["ref_id"])
      // "open 24", "open 240".."open 249" in the first page, "open 2400".."open 2499" past it.
      const count = ok(await cli("find", "--app", browser.app, "--role", "button", "--name", "open 24", "--count", "--timeout-ms", "120000"))
      assert.strictEqual(count["count"], 111)
    }, 300_000)

    it("the snapshot stays complete; the table's page hint reads the page it names", async () => {
      const data = ok(await cli("snapshot", "--app", browser.app, "-i", "--compact", "--timeout-ms", "120000"))
      assert.isTrue(data["complete"])
      const table = pagedContainer(data["tree"] as Node, ROWS)
      assert.isString(table.ref_id)
      assert.match(table.hint ?? "", /--children-from \d+/)
      const next = ok(await cli(...hintCommand(table.hint!), "--timeout-ms", "120000"))
      assert.isTrue(next["complete"])
      // A page past the first read: rows 2,450 on (by index), each row's button with a ref.
      const far = ok(await cli("snapshot", "--root", table.ref_id!, "--children-from", "2450", "-i", "--compact", "--timeout-ms", "120000"))
      const buttons = nodes(far["tree"] as Node).filter((node) => node.role === "button" && node.ref_id !== undefined).map((node) => node.name)
      assert.include(buttons, "open 2450")
      assert.notInclude(buttons, "open 0")
    }, 300_000)
  })
}

/**
 * Tables too big to read page by page within any budget: Firefox ESR's parent process answers GetChildAtIndex(i) and
 * GetChildren in time growing with i and drops the rows of a 50,000-row page from its cache, so the page search
 * stopped near row 30,000 with TIMEOUT. `find` asks the toolkit's own search there (AT-SPI Collection.GetMatches: one
 * call walks the rows in the app's process), reads names only of what it returned, places the match by
 * GetIndexInParent, and its ref resolves and clicks; the page's title (read by libatspi) says the row's button ran.
 * Chromium is the other engine (12,000 rows in CI, 50,000 when asked): its child reads are O(index), so its
 * Collection walk grows faster than linearly, and a table there is searched cell by cell (Table.GetAccessibleAt), in
 * time linear in the rows (see tools/bench/README.md). After the click the browser must still answer on the bus (at
 * 50,000 rows a whole-app cache reply would have disconnected it).
 */
const huge = [
  { ...browsers[0], rows: FIREFOX_ROWS, target: FIREFOX_ROWS - 1_000 },
  { ...browsers[1], rows: CHROMIUM_ROWS, target: CHROMIUM_ROWS - 100 }
] as const

for (const browser of huge) {
  describe.skipIf(!installed(browser.binary, `${browser.app} huge-table suite`))(`a ${browser.rows}-row table in ${browser.app}`, () => {
    let desktop: RunningDesktop | undefined
    let env: NodeJS.ProcessEnv = {}
    const home = tempHome(`huge-${browser.spec}`)
    const cli = cliWith(() => env)
    const page = join(home, "table.html")

    beforeAll(async () => {
      const rows = Array.from({ length: browser.rows }, (_, i) =>
        `<tr><td>row ${i}</td><td><button onclick="document.title='clicked ${i}'">open ${i}</button></td></tr>`).join("")
      writeFileSync(page, `<!doctype html><html><head><title>Table ${browser.rows}</title></head><body><table><tbody>${rows}</tbody></table></body></html>`)
      desktop = await startDesktop({ apps: [`${browser.spec}:file://${page}`], timeoutMs: 180_000 })
      env = { ...cleanEnv(home), ...desktop.env }
      // Loaded once the last row's button is found (a browser answers nothing, or a page without its rows, for a while
      // after the title shows).
      const loaded = await until(async () => {
        const found = await cli("find", "--app", browser.app, "--role", "button", "--name", `open ${browser.rows - 1}`, "--exact", "--first", "--timeout-ms", "240000")
        return found["ok"] && typeof found["data"]["match"]?.["ref_id"] === "string" ? true : undefined
      }, 900_000)
      assert.isTrue(loaded, "the table never showed its last row")
    }, 1_200_000)
    afterAll(async () => {
      await desktop?.stop()
    })

    it(`find reaches row ${browser.target} by name and its button acts (the page's title, read by libatspi)`, async () => {
      const found = ok(await cli("find", "--app", browser.app, "--role", "button", "--name", `open ${browser.target}`, "--exact", "--timeout-ms", "240000"))
      assert.strictEqual(found["total_matches"], 1)
      const ref = found["matches"][0]["ref_id"] as string
      assert.isString(ref)
      // Firefox's parent process can stay busy for a while after a search of its 50,000 rows: APP_UNRESPONSIVE is
      // retryable and safe (nothing was sent), anything else is the answer.
      const clicked = await until(async () => {
        const envelope = await cli("click", ref, "--timeout-ms", "240000")
        return envelope["ok"] === true || envelope["error"]?.["code"] !== "APP_UNRESPONSIVE" ? envelope : undefined
      }, 300_000)
      ok(clicked!)
      const title = await until(async () => {
        const name = String(probeRead(env, browser.app, "frame")["name"])
        return name === `clicked ${browser.target}${browser.titleSuffix}` ? name : undefined
      }, 30_000)
      assert.isDefined(title, `the page never saw the click (title: ${String(probeRead(env, browser.app, "frame")["name"])})`)
    }, 600_000)
  })
}

/** The grid's children: 4 widgets per row, and the two twins' frames (fixtures/grid.py --twins). */
const GRID_CHILDREN = GRID_ROWS * 4 + 2

describe.skipIf(!installed("/usr/bin/python3", "GtkGrid big-container suite"))(`a GtkGrid with ${GRID_CHILDREN} children`, () => {
  let desktop: RunningDesktop | undefined
  let env: NodeJS.ProcessEnv = {}
  const home = tempHome("big-grid")
  const cli = cliWith(() => env)

  beforeAll(async () => {
    desktop = await startDesktop({ apps: [`grid:${GRID_ROWS}:twins`], timeoutMs: 120_000 })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 180_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("find reaches a widget past the 2,000th child; its check box toggles (read back by libatspi)", async () => {
    const found = ok(await cli("find", "--app", "grid", "--role", "checkbox", "--name", "check 595", "--exact", "--first", "--timeout-ms", "60000"))
    const ref = found["match"]["ref_id"] as string
    assert.isString(ref)
    assert.notInclude(probeWide(env, "grid", "check box", "check 595")["states"] ?? [], "checked")
    ok(await cli("toggle", ref, "--timeout-ms", "60000"))
    assert.include(probeWide(env, "grid", "check box", "check 595")["states"] ?? [], "checked")
    assertAlive(env, "grid")
  }, 180_000)

  it("a check box whose twin lies beyond the page read is refused; a unique one beyond the page toggles (libatspi)", async () => {
    // GTK 3 lists a grid's children last-attached first: "check 5" is child ~2,378, past the 2,000 a read takes.
    const unique = ok(await cli("find", "--app", "grid", "--role", "checkbox", "--name", "check 5", "--exact", "--first", "--timeout-ms", "60000"))
    assert.notInclude(probeWide(env, "grid", "check box", "check 5")["states"] ?? [], "checked")
    ok(await cli("toggle", unique["match"]["ref_id"] as string, "--timeout-ms", "60000"))
    assert.include(probeWide(env, "grid", "check box", "check 5")["states"] ?? [], "checked")
    // The "twin" in the first page (child 0); its twin in the same "pair" frame is child ~2,397.
    const found = ok(await cli("find", "--app", "grid", "--role", "checkbox", "--name", "twin", "--exact", "--first", "--timeout-ms", "60000"))
    const refused = await cli("toggle", found["match"]["ref_id"] as string, "--timeout-ms", "60000")
    assert.strictEqual(refused["error"]?.["details"]?.["kind"], "identity_not_unique", JSON.stringify(refused).slice(0, 1000))
    assert.notInclude(probeWide(env, "grid", "check box", "twin")["states"] ?? [], "checked")
    assertAlive(env, "grid")
  }, 180_000)

  it("the snapshot stays complete; its page hint and a page by index read the grid's other children", async () => {
    const data = ok(await cli("snapshot", "--app", "grid", "-i", "--compact", "--timeout-ms", "60000"))
    assert.isTrue(data["complete"])
    const grid = pagedContainer(data["tree"] as Node, GRID_CHILDREN)
    const next = ok(await cli(...hintCommand(grid.hint!), "--timeout-ms", "60000"))
    assert.isTrue(next["complete"])
    const last = ok(await cli("snapshot", "--root", grid.ref_id!, "--children-from", String(GRID_CHILDREN - 8), "-i", "--timeout-ms", "60000"))
    const shown = nodes(last["tree"] as Node).filter((node) => node.ref_id !== undefined && node !== last["tree"])
    assert.isAtLeast(shown.length, 4)
    assert.isAtMost(shown.length, 8)
  }, 180_000)
})
