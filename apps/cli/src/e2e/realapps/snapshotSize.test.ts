import { probePath, startDesktop, systemPython, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, tempHome } from "../../test/binary.js"
import { assertAlive, cliIn, eventually, installed, nodes, probeRead, refOf, type Node } from "./realApp.js"

/**
 * The snapshot size model on real apps: the GTK 3 grid fixture (250 rows of label, button, check box, entry: one
 * GtkGrid of 1,000 children) and Chromium on a page with a 500-row table beside a small one. `-i` prints 50
 * children per container by default; the cut container carries its count and the next page's command; paging
 * and `find` reach any row, and acting on a paged-in ref is read back by libatspi (the grid's check box) or by the
 * page itself (its title). A partial snapshot of the grid is never larger than the complete one. Every envelope is
 * validated against the strict 2.6 schema (cliIn).
 */
let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("snapshot-size")
const run = cliIn(() => env)
const sizes: Array<number> = []
/** One CLI call; its envelope's length in bytes is what an agent reads (the CLI prints it as one JSON line). */
const cli = (...argv: Array<string>) => {
  const envelope = run(...argv)
  sizes.push(Buffer.byteLength(JSON.stringify(envelope)))
  return envelope
}
const lastSize = () => sizes.at(-1)!
const ok = (envelope: Record<string, any>) => {
  assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 1500))
  return envelope["data"] as Record<string, any>
}

const chromium = installed("/usr/lib/chromium/chromium", "snapshot size: the Chromium table")
const ROWS = 500
const page = join(home, "table.html")
writeFileSync(page, [
  "<!doctype html><html><head><meta charset=utf-8><title>Table page</title></head><body>",
  // A second unnamed table, each the only child of a section named "Results": true twins (the same place below
  // look-alike named ancestors), so the big one cannot be proven unique and paging finds it by its place.
  // (role=table: Chromium would take a small table without headers for a layout table and give it no table role).
  "<section aria-label=Results><table role=table><tr><td>legend</td><td><button onclick=\"say('legend')\">legend</button></td></tr></table></section>",
  "<section aria-label=Results><table>",
  ...Array.from({ length: ROWS }, (_, i) => `<tr><td>row ${i}</td><td><button onclick="say('clicked ${i}')">button ${i}</button></td></tr>`),
  "</table></section><script>let n = 0; const say = (what) => { document.title = '#' + (++n) + ' ' + what }</script></body></html>"
].join("\n"))

/** libatspi's states of the grid's check box of that name (read-wide: the grid has 1,000 children). */
const checkStates = (name: string): Array<string> => {
  const result = spawnSync(systemPython, [probePath(), "read-wide", "grid", "check box", name], { env, encoding: "utf8", timeout: 20_000 })
  if (result.status !== 0) throw new Error(`libatspi found no check box '${name}' in the grid: ${result.stdout}${result.stderr}`)
  return JSON.parse(result.stdout)["states"] as Array<string>
}

/** The first printed node with this role that the child limit cut (it carries the page hint). */
const cutOf = (tree: Node, role: string): Node & { hint: string; ref_id: string } => {
  const found = nodes(tree).find((n) => n.role === role && (n as { hint?: string }).hint !== undefined)
  assert.isDefined(found, `no cut ${role}`)
  return found as Node & { hint: string; ref_id: string }
}

describe("snapshot size model", () => {
  beforeAll(async () => {
    desktop = await startDesktop({ apps: ["grid:250", ...(chromium ? [`chromium:file://${page}`] : [])], timeoutMs: 120_000 })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 180_000)
  afterAll(async () => {
    await desktop?.stop()
  })

  it("grid: -i prints 50 of its children with the count and the next page; a page and find reach the last rows, whose check boxes toggle (libatspi reads them back)", () => {
    const all = ok(cli("snapshot", "--app", "grid", "-i", "--compact", "--max-children", "0", "--timeout-ms", "30000"))
    const allBytes = lastSize()
    const limited = ok(cli("snapshot", "--app", "grid", "-i", "--compact", "--timeout-ms", "30000"))
    const limitedBytes = lastSize()
    assert.isTrue(limited["complete"], "complete stays about the read")
    assert.strictEqual(all["ref_count"], 753)
    const grid = cutOf(limited["tree"], "group")
    assert.strictEqual(grid.children!.length, 50)
    assert.strictEqual(grid.children_count, 1000)
    assert.strictEqual(grid.hint, `children 0-49 of 750 with refs shown; next: snapshot --root ${grid.ref_id} --children-from 50 -i --compact --max-children 50; or find`)
    // The grid, its scroll area and scroll bars, and the 50 children shown: no refs for the 700 left out.
    assert.strictEqual(limited["ref_count"], 54)
    // The bar: at most half of the 179,273 bytes `-i --compact` printed then (the whole grid).
    assert.isBelow(limitedBytes, 179_273 / 2)
    assert.isBelow(limitedBytes, allBytes / 10)

    // GTK 3 lists the grid's children last row first: the last page holds row 0.
    const last = ok(cli("snapshot", "--root", grid.ref_id, "--children-from", "700", "-i", "--compact", "--timeout-ms", "30000"))
    assert.strictEqual(last["snapshot_id"], limited["snapshot_id"])
    assert.strictEqual(last["tree"]["ref_id"], grid.ref_id)
    assert.match(last["tree"]["hint"], /^children 700-749 of 750 with refs shown; first page: /)
    const paged = nodes(last["tree"])
    const check = refOf(paged, "checkbox", "check 3")
    assert.strictEqual(ok(cli("toggle", check, "--timeout-ms", "30000"))["disposition"]["delivery"], "delivered_verified")
    assert.isTrue(eventually(() => checkStates("check 3").includes("checked"), true) as boolean, "libatspi: check 3 is checked")

    const found = ok(cli("find", "--app", "grid", "--role", "checkbox", "--name", "check 5", "--exact", "--first", "--timeout-ms", "30000"))
    ok(cli("toggle", found["match"]["ref_id"], "--timeout-ms", "30000"))
    assert.isTrue(eventually(() => checkStates("check 5").includes("checked"), true) as boolean, "libatspi: check 5 is checked")
    assertAlive(env, "grid")
  }, 240_000)

  it("grid: --skeleton is the window's outline (the grid cut with its count, a drill target), not its 1,000 widgets; a drill pages in its children", () => {
    const skeleton = ok(cli("snapshot", "--app", "grid", "--skeleton", "--timeout-ms", "30000"))
    const printed = nodes(skeleton["tree"])
    assert.isAtMost(printed.length, 40, "a skeleton stays within its node budget")
    assert.isBelow(lastSize(), 4000)
    const grid = printed.find((n) => n.children_count === 1000)
    assert.isDefined(grid?.ref_id, "the cut grid is a drill target")
    assert.isUndefined(grid!.children)
    const drilled = ok(cli("snapshot", "--root", grid!.ref_id!, "-i", "--compact", "--timeout-ms", "30000"))
    assert.strictEqual(drilled["snapshot_id"], skeleton["snapshot_id"])
    assert.strictEqual(drilled["tree"]["children"].length, 50, "the drill's first page: 50 of the grid's children")
    assert.isNotEmpty(nodes(drilled["tree"]).filter((n) => n.role === "checkbox" && n.ref_id !== undefined))
  }, 120_000)

  it("grid: a partial snapshot (small --timeout-ms) is never larger than the complete one, with or without the child limit", () => {
    let partials = 0
    for (const flags of [["-i"], ["-i", "--max-children", "0"], ["--max-children", "0"]]) {
      ok(cli("snapshot", "--app", "grid", ...flags, "--timeout-ms", "30000"))
      const complete = lastSize()
      for (const timeout of [60, 90, 130, 180, 250, 400]) {
        const envelope = cli("snapshot", "--app", "grid", ...flags, "--timeout-ms", String(timeout))
        // Known, and not a size: a budget too short for the bulk cache's one call is APP_UNRESPONSIVE, not a partial.
        if (!envelope["ok"] && envelope["error"]["code"] === "APP_UNRESPONSIVE") continue
        const data = ok(envelope)
        if (data["complete"] === true) continue
        assert.isAtMost(lastSize(), complete, `${flags.join(" ")} --timeout-ms ${timeout}: ${data["nodes_observed"]} nodes observed`)
        assert.isTrue(nodes(data["tree"]).every((n) => n.available_actions === undefined), "a partial read's refs cannot be acted on")
        if (data["nodes_observed"] > 1) partials++
      }
    }
    assert.isAtLeast(partials, 1, "no budget cut the grid's read after its first node: the sizes prove nothing")
    assertAlive(env, "grid")
  }, 240_000)

  it.skipIf(!chromium)("Chromium: -i prints 50 of 500 table rows; the table (one of two unnamed ones) pages by its place; a paged-in button and one found by find click (the page's title says so)", () => {
    let table: (Node & { hint: string; ref_id: string }) | undefined
    let snap: Record<string, any> = {}
    for (let attempt = 0; attempt < 60 && table?.children_count !== ROWS; attempt++) {
      if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500)
      snap = ok(cli("snapshot", "--app", "Chromium", "-i", "--compact", "--timeout-ms", "30000"))
      table = nodes(snap["tree"]).find((n) => n.role === "table" && (n as { hint?: string }).hint !== undefined) as typeof table
    }
    assert.isDefined(table, "the page's big table never showed up cut")
    assert.strictEqual(nodes(snap["tree"]).filter((n) => n.role === "table" && n.name === undefined).length, 2, "two unnamed tables")
    const bytes = lastSize()
    assert.strictEqual(table!.children!.length, 50)
    assert.strictEqual(table!.children_count, ROWS)
    // Its hint says how to page it, and (a true twin) that it is no action target.
    assert.match(table!.hint, new RegExp(`^children 0-49 of ${ROWS} with refs shown; next: snapshot --root ${table!.ref_id} --children-from 50 -i --compact --max-children 50; or find; twin: `))
    // The bar for a browser page: at most half of the 470 KB the bench's 500-row page printed.
    assert.isBelow(bytes, 470_000 / 2)
    const title = () => String(probeRead(env, "Chromium", "frame")["name"]).replace(/ - Chromium$/, "")

    const pageOf = ok(cli("snapshot", "--root", table!.ref_id, "--children-from", "300", "-i", "--compact", "--timeout-ms", "30000"))
    assert.match(pageOf["tree"]["hint"], new RegExp(`^children 300-349 of ${ROWS} with refs shown; next: .* --children-from 350 `))
    ok(cli("click", refOf(nodes(pageOf["tree"]), "button", "button 317"), "--timeout-ms", "30000"))
    assert.strictEqual(eventually(title, "#1 clicked 317"), "#1 clicked 317")

    const found = ok(cli("find", "--app", "Chromium", "--role", "button", "--name", "button 461", "--exact", "--first", "--timeout-ms", "30000"))
    ok(cli("click", found["match"]["ref_id"], "--timeout-ms", "30000"))
    assert.strictEqual(eventually(title, "#2 clicked 461"), "#2 clicked 461")
    // The table's ref is a page anchor, not an action target: a true twin, never proven unique.
    const refused = cli("click", table!.ref_id, "--timeout-ms", "30000")
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["details"]?.["kind"], "identity_not_unique", JSON.stringify(refused["error"]))
    assert.strictEqual(refused["error"]["disposition"]["delivery"], "not_delivered")
    assertAlive(env, "Chromium")
  }, 300_000)
})
