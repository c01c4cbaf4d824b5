/**
 * How a scripted agent looks at a window, three ways (issue 22's token bench):
 *
 * - `full -i`: a whole `snapshot` with interactive_only after every step, from a server printing what the CLI prints
 *   (`--profile full`): the baseline an agent pays without this issue's work;
 * - `-i --compact`: the same with compact;
 * - `diffs/watch`: this issue's surface (the default agent profile): one snapshot first (or a `find` where the task is
 *   to find one element among thousands), then `snapshot diff` after each step (a window the step opened has no
 *   base: the diff is its whole snapshot), and `wait` for `changed` where the agent waits for the app's answer (a
 *   change that already happened answers at once). Its refs stay valid across diffs, so it keeps the refs it has.
 *
 * A View is what the agent knows: every node it has been shown, by ref, the newest first.
 */
import type { Envelope, MeteredAgent } from "./MeteredAgent.js"

export interface Node {
  readonly ref_id?: string
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly states?: ReadonlyArray<string>
  readonly children?: ReadonlyArray<Node>
}

const flat = (node: Node): Array<Node> => [node, ...(node.children ?? []).flatMap(flat)]

export class View {
  private nodes: Array<Node> = []

  /** What an answer showed: a whole tree replaces the view (or adds a window's), a diff updates it. */
  absorb(data: any, replace: boolean): void {
    const shown: Array<Node> = []
    if (data?.tree !== undefined) shown.push(...flat(data.tree as Node))
    for (const added of data?.diff?.added ?? []) shown.push(...flat(added.node as Node))
    for (const changed of data?.diff?.changed ?? []) shown.push(changed.node as Node)
    for (const match of data?.matches ?? []) shown.push(match as Node)
    if (data?.event?.snapshot !== undefined) this.absorb(data.event.snapshot, false)
    for (const event of data?.events ?? []) if (event?.snapshot !== undefined) this.absorb(event.snapshot, false)
    this.nodes = replace ? shown : [...shown, ...this.nodes]
  }

  /** The newest node of this role whose name matches, with a ref. */
  find(role: string, name: string | ((name: string) => boolean)): Node {
    const test = typeof name === "string" ? (candidate: string) => candidate === name : name
    const node = this.nodes.find((candidate) => candidate.role === role && candidate.ref_id !== undefined && test(candidate.name ?? ""))
    if (node === undefined) throw new Error(`the agent was shown no ${role} '${String(name)}'`)
    return node
  }
}

export interface Target {
  readonly app?: string
  readonly window_id?: string
}

export interface Strategy {
  readonly name: string
  readonly serverArgs: ReadonlyArray<string>
  /** The agent's first look at a window. */
  readonly first: (agent: MeteredAgent, view: View, target: Target) => Promise<Envelope>
  /** The agent's look after a step. */
  readonly after: (agent: MeteredAgent, view: View, target: Target) => Promise<Envelope>
  /**
   * The agent's look for what a step opened (a dialog, a menu): the window it is in when that is a window of its own
   * (the look printed a window the agent had not seen), else undefined.
   */
  readonly opened: (agent: MeteredAgent, view: View, app: string) => Promise<string | undefined>
  /** The agent's look when it waits for the app's answer to a step (a result to read). */
  readonly settled: (agent: MeteredAgent, view: View, target: Target) => Promise<Envelope>
  /** The agent's way to one element among thousands. */
  readonly locate: (agent: MeteredAgent, view: View, target: Target, role: string, name: string) => Promise<Envelope>
}

const wholeSnapshot = (compact: boolean) => async (agent: MeteredAgent, view: View, target: Target) => {
  const envelope = await agent.call("snapshot", { ...target, interactive_only: true, compact, timeout_ms: 20_000 })
  view.absorb(envelope.data, true)
  return envelope
}

/** The baselines: a whole snapshot every time; a dialog is the app's focused window, so the next snapshot is it. */
const everyStep = (name: string, compact: boolean): Strategy => {
  const look = wholeSnapshot(compact)
  return {
    name,
    serverArgs: ["--headed", "--profile", "full"],
    first: look,
    after: look,
    opened: async (agent, view, app) => (await look(agent, view, { app })).data.window?.id as string | undefined,
    settled: look,
    locate: look
  }
}

export const STRATEGIES: ReadonlyArray<Strategy> = [
  everyStep("full -i", false),
  everyStep("-i --compact", true),
  {
    name: "diffs/watch",
    serverArgs: ["--headed"],
    first: async (agent, view, target) => {
      const envelope = await agent.call("snapshot", { ...target, timeout_ms: 20_000 })
      view.absorb(envelope.data, false)
      return envelope
    },
    after: async (agent, view, target) => {
      const envelope = await agent.call("snapshot", { ...target, diff: true, timeout_ms: 20_000 })
      view.absorb(envelope.data, false)
      return envelope
    },
    opened: async (agent, view, app) => {
      // The app's focused window is the one that opened; with no snapshot of it yet, the diff is its whole snapshot
      // (with its window). What opened inside a window the agent knows comes as a diff of that window.
      const envelope = await agent.call("snapshot", { app, diff: true, timeout_ms: 20_000 })
      view.absorb(envelope.data, false)
      return envelope.data.window?.id as string | undefined
    },
    settled: async (agent, view, target) => {
      const envelope = await agent.call("wait", { ...target, event: "changed", timeout: 10_000 })
      view.absorb(envelope.data, false)
      return envelope
    },
    locate: async (agent, view, target, role, name) => {
      // The same 20 s budget as every strategy's snapshots: a 2,000-row window on a loaded machine outlasts find's 3 s.
      const envelope = await agent.call("find", { ...target, role, name, exact: true, timeout_ms: 20_000 })
      view.absorb(envelope.data, false)
      return envelope
    }
  }
]
