import type { ObservedNode, WindowInfo } from "@agent-desktop/platform"
import { peerPath, systemPython } from "@agent-desktop/desktop"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { closeTestDesktop, flip, openTestDesktop, run, type TestDesktop } from "../test/VirtualDesktop.js"
import { contractRole } from "./atspi/Roles.js"
import { NativeConnection } from "./dbus/NativeConnection.js"
import { WireConnection, unixTarget } from "./dbus/WireConnection.js"
import { makeLinuxAdapter } from "./LinuxAdapter.js"

interface PeerNode {
  readonly role: number
  readonly name: string
  readonly bounds?: ReadonlyArray<number>
  readonly text?: string
  readonly value?: number
  readonly children: ReadonlyArray<PeerNode>
}

let test: TestDesktop | undefined
const adapter = () => test!.adapter

const peerDump = (app: string): PeerNode => {
  const out = execFileSync(systemPython, [peerPath(), "dump", app], { env: { ...process.env }, maxBuffer: 64 << 20 })
  return (JSON.parse(out.toString()) as { windows: ReadonlyArray<PeerNode> }).windows[0]!
}

/** Field-by-field differences between our tree and the pyatspi peer's walk of the same window. */
const compare = (ours: ObservedNode, peer: PeerNode, path: string, out: Array<string>) => {
  if (ours.role !== contractRole(peer.role)) out.push(`${path}: role ${ours.role} vs ${contractRole(peer.role)}`)
  if ((ours.name ?? "") !== peer.name) out.push(`${path}: name ${JSON.stringify(ours.name)} vs ${JSON.stringify(peer.name)}`)
  const children = ours.children ?? []
  if (children.length !== peer.children.length) out.push(`${path}: ${children.length} children vs ${peer.children.length}`)
  children.forEach((child, i) => {
    const index = child.path[child.path.length - 1]!
    if (index !== i) out.push(`${path}: child ${i} has index ${index}`)
    const other = peer.children[i]
    if (other) compare(child, other, `${path}/${i}`, out)
  })
}

const count = (node: ObservedNode): number => 1 + (node.children ?? []).reduce((n, c) => n + count(c), 0)
const find = (node: ObservedNode, match: (n: ObservedNode) => boolean): ObservedNode | undefined =>
  match(node) ? node : (node.children ?? []).map((c) => find(c, match)).find(Boolean)

const fullRead = (window: WindowInfo) => run(adapter().readTree(window, { maxDepth: 1000, deadline: Date.now() + 20_000 }))

describe("LinuxAdapter (reading)", () => {
  beforeAll(async () => {
    test = await openTestDesktop(["fixture", "gtk3-widget-factory"])
  }, 90_000)
  afterAll(() => closeTestDesktop(test), 30_000)

  it("lists registered apps with pid, process instance and toolkit", async () => {
    const apps = await run(adapter().listApps())
    const names = apps.map((app) => app.name)
    assert.includeMembers(names, ["fixture", "gtk3-widget-factory"])
    const fixture = apps.find((app) => app.name === "fixture")!
    assert.strictEqual(fixture.pid, test!.desktop.apps.find((app) => app.name === "fixture")!.pid)
    assert.match(fixture.process_instance ?? "", new RegExp(`^linux-proc-v1:${fixture.pid}:\\d+$`))
    assert.strictEqual(fixture.toolkit, "gtk")
    assert.deepStrictEqual((await run(adapter().listApps("FIXT"))).map((app) => app.name), ["fixture"])
  })

  it("lists and resolves windows; ids round-trip; unknown app and window fail with their codes", async () => {
    const windows = await run(adapter().listWindows("fixture"))
    assert.strictEqual(windows.length, 1)
    assert.strictEqual(windows[0]!.title, "Fixture")
    const byApp = await run(adapter().resolveWindow({ app: "fixture" }))
    const byId = await run(adapter().resolveWindow({ windowId: byApp.id }))
    assert.strictEqual(byId.id, byApp.id)
    assert.strictEqual((await flip(adapter().resolveWindow({ app: "no-such-app" }))).code, "APP_NOT_FOUND")
    assert.strictEqual((await flip(adapter().resolveWindow({ windowId: "w-9.999-org-a11y-atspi-accessible-1" }))).code, "WINDOW_NOT_FOUND")
  })

  it("reads the fixture's whole window with contract roles, states, actions, values and bounds", async () => {
    const tree = await fullRead(await run(adapter().resolveWindow({ app: "fixture" })))
    assert.isTrue(tree.complete)
    assert.strictEqual(tree.nodesObserved, count(tree.root))
    assert.strictEqual(tree.root.role, "window")
    assert.deepStrictEqual(tree.root.path, [])
    const button = find(tree.root, (n) => n.role === "button" && /^clicks: \d+$/.test(n.name ?? ""))!
    assert.include(button.actions, "Click")
    assert.strictEqual(button.nativeId?.kind, "atspi_object_path")
    assert.isAbove(button.bounds?.width ?? 0, 0)
    const check = find(tree.root, (n) => n.name === "Enable feature")!
    assert.strictEqual(check.role, "checkbox")
    assert.includeMembers([...check.actions], ["Toggle", "Check", "Uncheck"])
    const spin = find(tree.root, (n) => n.name === "Amount")!
    assert.strictEqual(spin.role, "incrementor")
    assert.strictEqual(spin.value, "0")
    const entry = find(tree.root, (n) => n.name === "Name")!
    assert.strictEqual(entry.role, "textfield")
    assert.includeMembers([...entry.actions], ["SetValue", "TypeText", "SetFocus"])
    const combo = find(tree.root, (n) => n.name === "Color")!
    assert.strictEqual(combo.role, "combobox")
    assert.strictEqual(combo.value, "Red")
    assert.include(combo.actions, "Select")
    const expander = find(tree.root, (n) => n.name === "More")!
    assert.include(expander.actions, "Expand")
    const label = find(tree.root, (n) => n.name === "hidden details")!
    assert.deepStrictEqual(label.actions, [])
  })

  it("matches a pyatspi walk of gtk3-widget-factory node for node (path, role, name, children)", async () => {
    const window = await run(adapter().resolveWindow({ app: "gtk3-widget-factory" }))
    const tree = await fullRead(window)
    const peer = peerDump("gtk3-widget-factory")
    const differences: Array<string> = []
    compare(tree.root, peer, "", differences)
    assert.deepStrictEqual(differences, [])
    assert.isAbove(tree.nodesObserved, 200)
  })

  it("matches a pyatspi walk of the fixture, including bounds and editable values", async () => {
    const tree = await fullRead(await run(adapter().resolveWindow({ app: "fixture" })))
    const peer = peerDump("fixture")
    const differences: Array<string> = []
    compare(tree.root, peer, "", differences)
    assert.deepStrictEqual(differences, [])
    const peerSpin = peer.children[0]!.children[3]!
    const ours = tree.root.children![0]!.children![3]!
    assert.deepStrictEqual([ours.bounds?.x, ours.bounds?.y, ours.bounds?.width, ours.bounds?.height], [...peerSpin.bounds!])
    assert.strictEqual(ours.value, String(peerSpin.value))
  })

  it("cuts by depth without marking a budget cut", async () => {
    const tree = await run(adapter().readTree(await run(adapter().resolveWindow({ app: "gtk3-widget-factory" })), {
      maxDepth: 2,
      deadline: Date.now() + 10_000
    }))
    assert.isTrue(tree.complete)
    const deepest = (node: ObservedNode): number => Math.max(node.path.length, ...(node.children ?? []).map(deepest))
    assert.strictEqual(deepest(tree.root), 2)
    assert.isUndefined(find(tree.root, (n) => n.budgetCut === true))
  })

  it("an exhausted budget returns what was read, complete:false, cut nodes marked", async () => {
    const window = await run(adapter().resolveWindow({ app: "gtk3-widget-factory" }))
    const started = Date.now()
    await fullRead(window)
    const fullMs = Date.now() - started
    let partial
    // A fraction of a full read's time reads the root and some nodes; the exact cut depends on machine speed.
    for (const fraction of [0.6, 0.4, 0.25, 0.15, 0.1, 0.05]) {
      const budgetMs = Math.max(1, Math.round(fullMs * fraction))
      partial = await run(adapter().readTree(window, { maxDepth: 1000, deadline: Date.now() + budgetMs })).catch(() => undefined)
      if (partial && !partial.complete) break
    }
    assert.isDefined(partial)
    assert.isFalse(partial!.complete)
    assert.isDefined(find(partial!.root, (n) => n.budgetCut === true))
    assert.isAtMost(partial!.nodesObserved, 260)
  })

  it("an expired deadline before the root is read is a TIMEOUT, not a hang", async () => {
    const window = await run(adapter().resolveWindow({ app: "fixture" }))
    const error = await flip(adapter().readTree(window, { maxDepth: 10, deadline: Date.now() - 1 }))
    assert.strictEqual(error.code, "TIMEOUT")
  })

  it("drills down from an element: paths stay relative to the window", async () => {
    const window = await run(adapter().resolveWindow({ app: "fixture" }))
    const full = await fullRead(window)
    const combo = find(full.root, (n) => n.name === "Color")!
    const drill = await run(adapter().readTree(window, { root: combo.handle, maxDepth: 5, deadline: Date.now() + 10_000 }))
    assert.deepStrictEqual(drill.root.path, combo.path)
    assert.strictEqual(drill.root.handle, combo.handle)
    const items = find(drill.root, (n) => n.role === "menu")!.children!.map((n) => n.name)
    assert.deepStrictEqual(items, ["Red", "Green", "Blue"])
  })

  it("a stale AT_SPI_BUS_ADDRESS falls back to org.a11y.Bus; with no bus at all, PERM_DENIED and status says why", async () => {
    const saved = { ...process.env }
    try {
      process.env.AT_SPI_BUS_ADDRESS = "unix:path=/nonexistent/at-spi/bus"
      const fallback = makeLinuxAdapter()
      assert.include((await run(fallback.listApps())).map((app) => app.name), "fixture")
      const probes = (await run(fallback.status())).probes as Record<string, any>
      assert.strictEqual(probes.a11y_bus.source, "org.a11y.Bus.GetAddress")
      await run(fallback.close())

      process.env.DBUS_SESSION_BUS_ADDRESS = "unix:path=/nonexistent/bus"
      delete process.env.DISPLAY
      const none = makeLinuxAdapter()
      assert.strictEqual((await flip(none.listApps())).code, "PERM_DENIED")
      const status = await run(none.status())
      assert.deepStrictEqual(status.supported_surfaces, [])
      assert.strictEqual(status.permissions.accessibility.state, "denied")
      assert.isTrue(status.problems.some((problem) => problem.startsWith("No accessibility bus")))
      await run(none.close())
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
      Object.assign(process.env, saved)
    }
  })

  it("status reports buses, registry, apps with toolkit and round trip, and grants accessibility", async () => {
    const status = await run(adapter().status())
    assert.strictEqual(status.platform, "linux")
    assert.deepStrictEqual(status.permissions.accessibility, { state: "granted" })
    assert.include(status.supported_surfaces, "window")
    const probes = status.probes as Record<string, any>
    assert.strictEqual(probes.a11y_bus.source, "AT_SPI_BUS_ADDRESS")
    assert.isTrue(probes.registry.present)
    assert.isTrue(probes.session_bus.is_enabled)
    const fixture = (probes.apps as Array<Record<string, unknown>>).find((app) => app.name === "fixture")!
    assert.strictEqual(fixture.toolkit, "gtk")
    assert.strictEqual(fixture.windows, 1)
    assert.isNumber(fixture.rtt_ms)
    assert.deepStrictEqual(probes.unregistered_windows, [])
    assert.deepStrictEqual(await run(adapter().permissions()), status.permissions)
  })

  it("selects in a combo box that also has an entry, and reads the choice back", async () => {
    const window = await run(adapter().resolveWindow({ app: "gtk3-widget-factory" }))
    const tree = await fullRead(window)
    const combo = find(tree.root, (n) =>
      n.role === "combobox" && !n.states.includes("disabled") &&
      (n.children ?? []).some((child) => (child.children ?? []).some((item) => item.name === "Mickey Mouse")))!
    assert.isDefined(combo)
    const menu = combo.children!.find((child) => child.role === "menu")!
    assert.strictEqual(menu.childCount, menu.children!.length)
    const steps = await run(adapter().act({ handle: combo.handle, role: combo.role }, { kind: "select", value: "mickey mouse" }, {
      headed: false,
      deadline: Date.now() + 5000
    }))
    assert.deepStrictEqual(steps, [{ label: "Selection.SelectChild", outcome: "succeeded", mechanism: "semantic_api" }])
    assert.strictEqual((await run(adapter().readState({ handle: combo.handle, role: combo.role }))).value, "Mickey Mouse")
  })

  it("clicking a notebook tab selects it through its tab list", async () => {
    const window = await run(adapter().resolveWindow({ app: "gtk3-widget-factory" }))
    const tree = await fullRead(window)
    const tab = find(tree.root, (n) => n.role === "tab" && !n.states.includes("selected") && !n.states.includes("disabled"))!
    assert.include(tab.actions, "Click")
    const steps = await run(adapter().act({ handle: tab.handle, role: tab.role }, { kind: "click" }, { headed: false, deadline: Date.now() + 5000 }))
    assert.deepStrictEqual(steps, [{ label: "Selection.SelectChild", outcome: "succeeded", mechanism: "semantic_api" }])
    assert.include((await run(adapter().readState({ handle: tab.handle, role: tab.role }))).states, "selected")
  })

  it("both transports reach the real bus: the wire codec and the dbus-native fallback agree", async () => {
    const address = process.env.AT_SPI_BUS_ADDRESS!
    const getChildren = { destination: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root", interface: "org.a11y.atspi.Accessible", member: "GetChildren" }
    const wire = new WireConnection(address, unixTarget(address)!, false)
    const native = NativeConnection.openSocket(address, unixTarget(address)!.path)
    try {
      assert.deepStrictEqual(await wire.call(getChildren, 2000), await native.call(getChildren, 2000))
    } finally {
      wire.close()
      native.close()
    }
  })
})
