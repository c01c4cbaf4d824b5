import { controlFixture, fixturePath, fixtureControlPath, qtApp, startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { afterAll, beforeAll } from "vitest"
import { BIN, cleanEnv, tempHome } from "../../test/binary.js"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { cliIn, installed, nodes, ok, probe, probeRead, refOf, type Node } from "./realApp.js"

/**
 * `snapshot --diff` and `watch` on four toolkits at once (GTK 3: the fixture; GTK 4: gtk4-demo's dialogs; Qt 5:
 * the standard dialogs example; Chromium: the form page), each change read back independently through libatspi
 * (atspi_probe.py). The windows change while agent-desktop is not looking: the fixture through its own control
 * socket, the others between two snapshots; a diff must then name exactly what changed, with refs that work, and a
 * watch must report it (a change made before the watch started is its first event: it compares with the last
 * snapshot), and report a dialog opening with its refs. Every envelope, the watch's lines included, is validated
 * against the strict schema of its version.
 */
const page = `file://${fixturePath("form.html")}`
const chromium = "/usr/lib/chromium/chromium"
const gtk4Demo = "/usr/bin/gtk4-demo"
const qtDialogs = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets/dialogs/standarddialogs/standarddialogs"

const everything = [chromium, gtk4Demo, qtDialogs].every((binary) => installed(binary, "diff and watch suite"))

let desktop: RunningDesktop | undefined
let env: NodeJS.ProcessEnv = {}
const home = tempHome("diffwatch")
const run = cliIn(() => env)
const cli = (...argv: Array<string>): Record<string, any> => {
  const envelope = run(...argv)
  strict(envelope)
  return envelope
}

const strict = (envelope: Record<string, any>) => {
  const result = validateEnvelope(envelope["version"], envelope, { strict: true })
  assert.isTrue(result.valid, `${JSON.stringify(result.errors.slice(0, 3))} in ${JSON.stringify(envelope).slice(0, 600)}`)
}

const snapshot = (app: string) => {
  const data = ok(cli("snapshot", "--app", app, "-i", "--compact", "--timeout-ms", "15000"))
  return { data, all: nodes(data["tree"] as Node) }
}

const diffOf = (app: string) => {
  const data = ok(cli("snapshot", "--app", app, "-i", "--compact", "--diff", "--timeout-ms", "15000"))
  assert.isDefined(data["diff"], JSON.stringify(data).slice(0, 400))
  assert.notProperty(data["diff"], "whole", JSON.stringify(data["diff"]))
  return data
}

type Printed = { added?: Array<{ parent?: string; node: Node }>; removed?: Array<{ ref_id: string; role: string; name?: string }>; changed?: Array<{ node: Node; changed: Array<string>; was: Record<string, unknown> }>; unchanged: number }
type Diff = Required<Printed>

/** A printed diff with its empty lists (left out when printed) back. */
const lists = (diff: Printed): Diff => ({ added: [], removed: [], changed: [], ...diff })

const addedNodes = (diff: Diff): Array<Node> => diff.added.flatMap((entry) => nodes(entry.node))

/**
 * `watch ARGS` as a process: `during` runs once it started, and the lines it prints (each an envelope) come back
 * when it ends (its --count or --timeout).
 */
const watch = async (args: ReadonlyArray<string>, during: () => void | Promise<void>): Promise<Array<Record<string, any>>> => {
  const child = spawn(process.execPath, [BIN, "watch", ...args], { env, stdio: ["ignore", "pipe", "pipe"] })
  let stdout = ""
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve))
  await new Promise((resolve) => setTimeout(resolve, 2000))
  await during()
  const code = await exited
  const lines = stdout.trim().split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Record<string, any>)
  for (const line of lines) strict(line)
  assert.strictEqual(code, 0, stdout.slice(0, 1000))
  return lines
}

const events = (lines: ReadonlyArray<Record<string, any>>) => lines.filter((line) => line["data"]?.["event"] !== undefined).map((line) => line["data"]["event"])

describe.skipIf(!everything)("snapshot --diff and watch on GTK 3, GTK 4, Qt 5 and Chromium, against libatspi", () => {
  beforeAll(async () => {
    desktop = await startDesktop({
      apps: ["fixture", "gtk4-demo:dialog", qtApp("standarddialogs", "dialogs", ["-geometry", "+700+0"]), `chromium:${page}`],
      timeoutMs: 120_000
    })
    env = { ...cleanEnv(home), ...desktop.env }
  }, 180_000)

  afterAll(async () => {
    await desktop?.stop()
  })

  const control = (request: Parameters<typeof controlFixture>[1]) => controlFixture(fixtureControlPath(desktop!.stateDir), request)

  it("GTK 3: a window changed while nobody looked: renamed, added and removed widgets; unchanged refs still work", async () => {
    const base = snapshot("fixture")
    const button = refOf(base.all, "button", base.all.find((n) => n.name?.startsWith("clicks: "))!.name!)
    await control({ op: "add", kind: "button", label: "Gone soon", id: "gone" })
    const before = snapshot("fixture")
    await control({ op: "rename", id: "check", label: "Feature renamed" })
    await control({ op: "add", kind: "check", label: "Added check", id: "added" })
    await control({ op: "remove", id: "gone" })
    const data = diffOf("fixture")
    const diff = lists(data["diff"])
    assert.strictEqual(diff.unchanged + diff.changed.length + diff.removed.length, Object.keys(before.all.filter((n) => n.ref_id)).length)
    const renamed = diff.changed.find((entry) => entry.node.name === "Feature renamed")
    assert.deepInclude(renamed, { changed: ["name"], was: { name: "Enable feature" } })
    assert.isDefined(addedNodes(diff).find((n) => n.role === "checkbox" && n.name === "Added check" && n.ref_id?.startsWith(`@${data["snapshot_id"]}:`)))
    assert.deepInclude(diff.removed, { ref_id: refOf(before.all, "button", "Gone soon"), role: "button", name: "Gone soon" })
    // libatspi sees the same window.
    assert.strictEqual(probeRead(env, "fixture", "check box", "Feature renamed")["name"], "Feature renamed")
    assert.strictEqual(probeRead(env, "fixture", "check box", "Added check")["name"], "Added check")
    assert.notStrictEqual(probe(env, ["read", "fixture", "push button", "Gone soon"]).status, 0)
    // An unchanged element keeps its ref: the base snapshot's ref still clicks it (the fixture counts the click).
    const clicks = (await control({ op: "state", id: "button" })).label as string
    ok(cli("click", button))
    assert.strictEqual((await control({ op: "state", id: "button" })).label, `clicks: ${Number(clicks.split(": ")[1]) + 1}`)
  })

  it("GTK 3: a watch reports a change made before it started, then the next one, each as a diff with refs", async () => {
    snapshot("fixture")
    await control({ op: "rename", id: "check", label: "Before the watch" })
    const lines = await watch(["--app", "fixture", "-i", "--compact", "--count", "2", "--timeout", "20000"], async () => {
      await control({ op: "rename", id: "check", label: "During the watch" })
    })
    const changed = events(lines).filter((event) => event.kind === "changed")
    assert.deepStrictEqual(changed.map((event) => lists(event.snapshot.diff).changed.map((entry) => entry.node.name)), [["Before the watch"], ["During the watch"]])
    assert.deepInclude(lines.at(-1)!["data"], { ended: "count", event_count: 2 })
    assert.strictEqual(probeRead(env, "fixture", "check box", "During the watch")["name"], "During the watch")
    // The ref the watch printed acts on the element.
    ok(cli("check", changed[1].snapshot.diff.changed[0].node.ref_id))
    assert.isTrue((await control({ op: "state", id: "check" })).active)
  })

  it("GTK 4: a typed value shows in the diff; a watch reports the dialog that opens, with refs, and libatspi sees it", async () => {
    const base = snapshot("gtk4-demo-dialog")
    ok(cli("type", refOf(base.all, "textfield", "Entry 1"), "typed by the test"))
    const diff = lists(diffOf("gtk4-demo-dialog")["diff"])
    const entry = diff.changed.find((change) => change.node.name === "Entry 1")
    assert.deepInclude(entry, { changed: ["value"], was: {} })
    assert.strictEqual(entry!.node.value, "typed by the test")
    assert.strictEqual(probeRead(env, "gtk4-demo-dialog", "text", "Entry 1")["text"], "typed by the test")
    const message = refOf(base.all, "button", "Message Dialog")
    const lines = await watch(["--app", "gtk4-demo-dialog", "-i", "--compact", "--event", "window-opened", "--count", "1", "--timeout", "20000"], () => {
      ok(cli("click", message))
    })
    const [opened] = events(lines)
    assert.include(opened, { kind: "window-opened", surface: "dialog", app: "gtk4-demo-dialog" })
    const inDialog = nodes(opened.snapshot.tree as Node)
    assert.isDefined(inDialog.find((n) => n.role === "button" && n.name?.includes("OK") && n.ref_id !== undefined))
    const windows = probe(env, ["windows", "gtk4-demo-dialog"]).json["windows"] as Array<{ role: string }>
    assert.isDefined(windows.find((window) => window.role === "dialog"))
  })

  it("Qt 5: a page switch shows in the diff as state changes; a watch reports the message box that opens", () => {
    const base = snapshot("standarddialogs")
    const information = base.all.find((n) => n.name === "QMessageBox::information()")!
    assert.include(information.states ?? [], "hidden")
    ok(cli("click", refOf(base.all, "button", "Message Boxes")))
    const diff = lists(diffOf("standarddialogs")["diff"])
    const shown = diff.changed.find((change) => change.node.name === "QMessageBox::information()")
    assert.include(shown?.changed ?? [], "states")
    assert.include(shown?.was["states"] as Array<string>, "hidden")
    assert.notInclude(shown?.node.states ?? [], "hidden")
    assert.include(probeRead(env, "standarddialogs", "push button", "QMessageBox::information()")["states"], "showing")
    return watch(["--app", "standarddialogs", "-i", "--compact", "--event", "window-opened", "--count", "1", "--timeout", "20000"], () => {
      ok(cli("click", shown!.node.ref_id!))
    }).then((lines) => {
      const [opened] = events(lines)
      assert.strictEqual(opened.kind, "window-opened")
      assert.oneOf(opened.surface, ["dialog", "alert"])
      assert.isDefined(nodes(opened.snapshot.tree as Node).find((n) => n.role === "button" && n.ref_id !== undefined))
      const windows = probe(env, ["windows", "standarddialogs"]).json["windows"] as Array<{ role: string }>
      assert.isDefined(windows.find((window) => window.role === "dialog" || window.role === "alert"))
    })
  })

  it("Chromium: a disclosure that opens adds its check box to the diff; a typed field is a changed value; a watch reports it", async () => {
    const base = snapshot("Chromium")
    assert.isUndefined(base.all.find((n) => n.name === "Gift wrap"))
    ok(cli("click", refOf(base.all, "button", "More options")))
    const diff = lists(diffOf("Chromium")["diff"])
    const gift = addedNodes(diff).find((n) => n.role === "checkbox" && n.name === "Gift wrap")
    assert.isDefined(gift?.ref_id, JSON.stringify(diff).slice(0, 1500))
    assert.strictEqual(probeRead(env, "Chromium", "check box", "Gift wrap")["name"], "Gift wrap")
    const field = refOf(snapshot("Chromium").all, "textfield", "Name")
    const lines = await watch(["--app", "Chromium", "-i", "--compact", "--event", "changed", "--count", "1", "--timeout", "20000"], () => {
      // A page's field takes text through key events only (XTEST): --headed.
      ok(cli("--headed", "type", field, "Ada"))
    })
    const [changed] = events(lines)
    const typed = lists(changed.snapshot.diff).changed.find((change) => change.node.name === "Name")
    assert.include(typed?.changed ?? [], "value")
    assert.strictEqual(typed!.node.value, "Ada")
    assert.strictEqual(probeRead(env, "Chromium", "entry", "Name")["text"], "Ada")
  })
})
