import {
  DesktopAdapter, PlatformError, type ActionTarget, type DeliveryStep, type ObservedNode, type PostState, type SemanticAction,
  type WindowInfo
} from "@agent-desktop/platform"
import { Effect, Layer } from "effect"

/** A plain description of a test window's tree; paths, handles and counts are derived. */
export interface Spec {
  readonly role: ObservedNode["role"]
  readonly name?: string
  readonly value?: string
  readonly states?: ReadonlyArray<string>
  readonly actions?: ReadonlyArray<string>
  readonly children?: ReadonlyArray<Spec>
}

/** The observed tree a Spec describes (paths from `path`, handles from the paths, counts from the children). */
export const observedTree = (spec: Spec, path: ReadonlyArray<number> = []): ObservedNode => {
  const children = (spec.children ?? []).map((child, i) => observedTree(child, [...path, i]))
  return {
    role: spec.role,
    ...(spec.name === undefined ? {} : { name: spec.name }),
    ...(spec.value === undefined ? {} : { value: spec.value }),
    states: spec.states ?? [],
    actions: spec.actions ?? [],
    path,
    handle: `h:${path.join("/")}`,
    childCount: children.length,
    children
  }
}

const findHandle = (node: ObservedNode, handle: string): ObservedNode | undefined =>
  node.handle === handle ? node : (node.children ?? []).map((child) => findHandle(child, handle)).find((n) => n !== undefined)

/**
 * A test double of the platform boundary, for unit tests of the engine's own logic (resolution, delivery folding,
 * readback, recovery). Real adapters are exercised by the CLI's e2e tests on a real desktop.
 */
export class ScriptedAdapter {
  window: WindowInfo = { id: "w-1", title: "Test", app_name: "testapp", pid: 100, is_focused: true }
  tree: Spec = { role: "window", name: "Test" }
  /** Whether reads report the whole window (false: as if the budget ran out). */
  complete = true
  /** A tree read that never returns, like an app that stopped answering. */
  hangReads = false
  /** Failures the next tree reads return, one each, before reads work again (a busy app). */
  readonly failReads: Array<PlatformError> = []
  treeReads = 0
  /** Runs at the start of every tree read (a test's moment between a command's start and its action). */
  beforeRead: () => Effect.Effect<void> = () => Effect.void
  readonly acts: Array<{ readonly handle: string; readonly action: SemanticAction }> = []
  /** What `act` reports; by default one verified-less semantic step that succeeded. */
  onAct: (target: ActionTarget, action: SemanticAction) => Effect.Effect<ReadonlyArray<DeliveryStep>, PlatformError> = () =>
    Effect.succeed([{ label: "DoAction", outcome: "succeeded", mechanism: "semantic_api" }])
  /**
   * Children a read takes per node, as a real adapter pages big containers (undefined: every child). A node with more
   * is `paged`: its first page, or only the children on `ReadTreeOptions.focus` paths, are read.
   */
  pageSize: number | undefined
  /** The paged search stops before it has searched every child, as when its deadline passes. */
  pagedSearchIncomplete = false
  pagedSearches = 0
  /** What `readState` reports for a target; by default the node as the current tree has it. */
  onReadState: ((target: ActionTarget) => PostState | undefined) | undefined

  root(): ObservedNode {
    return observedTree(this.tree)
  }

  /** The read as a paging adapter answers it (`pageSize`), taking the children on `focus` paths only. */
  private paged(node: ObservedNode, focus: ReadonlyArray<ReadonlyArray<number>>): ObservedNode {
    const children = node.children ?? []
    const depth = node.path.length
    if (this.pageSize === undefined || children.length <= this.pageSize) {
      return children.length === 0 ? node : { ...node, children: children.map((child) => this.paged(child, focus)) }
    }
    const onPaths = new Set(focus.filter((path) => path.length > depth && node.path.every((index, i) => path[i] === index)).map((path) => path[depth]!))
    const taken = onPaths.size > 0 ? children.filter((child) => onPaths.has(child.path[depth]!)) : children.slice(0, this.pageSize)
    return { ...node, paged: true, children: taken.map((child) => this.paged(child, focus)) }
  }

  readonly layer = Layer.succeed(DesktopAdapter, DesktopAdapter.of({
    platform: "linux",
    status: () => Effect.fail(new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: "scripted" })),
    permissions: () => Effect.succeed({ accessibility: { state: "not_required" }, screen_recording: { state: "not_required" }, automation: { state: "not_required" } }),
    listApps: () => Effect.succeed([{ name: this.window.app_name, pid: this.window.pid }]),
    listWindows: () => Effect.succeed([this.window]),
    resolveWindow: (query) =>
      query.windowId !== undefined && query.windowId !== this.window.id || query.app !== undefined && query.app !== this.window.app_name
        ? Effect.fail(new PlatformError({ code: query.windowId !== undefined ? "WINDOW_NOT_FOUND" : "APP_NOT_FOUND", message: "no such window" }))
        : Effect.succeed(this.window),
    readTree: (window, options) => this.hangReads ? Effect.never : Effect.suspend(() => this.beforeRead()).pipe(Effect.andThen(Effect.suspend(() => {
      this.treeReads++
      const failure = this.failReads.shift()
      return failure === undefined ? Effect.void : Effect.fail(failure)
    }).pipe(Effect.andThen(Effect.sync(() => {
      // A drill-down reads the subtree under its root's handle, as a real adapter does.
      const whole = this.root()
      const root = options.root === undefined ? whole : findHandle(whole, options.root) ?? whole
      let count = 0
      const visit = (node: ObservedNode) => {
        count++
        node.children?.forEach(visit)
      }
      const paged = this.paged(root, options.focus ?? [])
      visit(paged)
      return { window, root: paged, complete: this.complete, nodesObserved: count }
    }))))),
    searchPaged: (observation, query) => Effect.sync(() => {
      this.pagedSearches++
      // The children a read left out of each paged container, from the whole tree: chains from that child down.
      const whole = this.root()
      const found: Array<Array<ObservedNode>> = []
      let searched = 0
      const chains = (node: ObservedNode, above: ReadonlyArray<ObservedNode>) => {
        const chain = [...above, node]
        if (query.matches(node)) found.push(chain)
        node.children?.forEach((child) => chains(child, chain))
      }
      const visit = (node: ObservedNode) => {
        if (node.paged === true) {
          const full = findHandle(whole, node.handle)!
          const read = new Set((node.children ?? []).map((child) => child.handle))
          for (const child of full.children ?? []) {
            if (read.has(child.handle)) continue
            searched++
            chains(child, [])
          }
        }
        node.children?.forEach(visit)
      }
      visit(observation.root)
      return this.pagedSearchIncomplete
        ? { found: [], complete: false, searched: 0, remaining: searched, note: "the deadline passed before every page was searched" }
        : { found, complete: true, searched, remaining: 0 }
    }),
    act: (target, action) => {
      this.acts.push({ handle: target.handle, action })
      return this.onAct(target, action)
    },
    readState: (target) => Effect.suspend(() => {
      const scripted = this.onReadState?.(target)
      if (scripted !== undefined) return Effect.succeed(scripted)
      const node = findHandle(this.root(), target.handle)
      return node === undefined
        ? Effect.fail(new PlatformError({ code: "ELEMENT_NOT_FOUND", message: "gone" }))
        : Effect.succeed({ role: node.role, states: node.states, ...(node.value === undefined ? {} : { value: node.value }) })
    }),
    pressKeys: () => Effect.succeed([{ label: "KeyEvent", outcome: "succeeded", mechanism: "physical_synthetic" }]),
    typeText: () => Effect.succeed([{ label: "KeyEvent(text)", outcome: "succeeded", mechanism: "physical_synthetic" }]),
    close: () => Effect.void
  }))
}
