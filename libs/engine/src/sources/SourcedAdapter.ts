/**
 * Sources in one adapter: the platform's accessibility adapter, with the `cdp` source grafted where its tree shows
 * nothing or too little of a page, windows it does not know (no tree at all) served as such, actions on `cdp:`
 * handles routed to the page's DevTools protocol, and the `ocr` source's reading as the `screenText` facet. The
 * engine's handlers see one DesktopAdapter; refs of every source live in the same snapshots.
 */
import type { PageAction } from "@agent-desktop/cdp"
import type { Role } from "@agent-desktop/contracts"
import { loadOcrAddon, OcrEngines } from "@agent-desktop/ocr"
import {
  DesktopAdapter, PlatformError, StepJournal, type AppInfo, type DesktopAdapterShape, type NodeSource, type ObservedNode,
  type PostState, type TreeAvailability, type TreeObservation, type WindowInfo
} from "@agent-desktop/platform"
import { Clock, Effect, Layer, Option } from "effect"
import { noTreeReason, noTreeToolkit, processFacts } from "../commands/native/noTreeAdvice.js"
import { CdpSource, platformErrorOf } from "./CdpSource.js"
import { actWithDevtoolsText } from "./devtoolsTextEntry.js"
import { makeScreenText } from "./OcrScreenText.js"
import { parseCdpHandle, parseOcrHandle, sourceOfHandle } from "./SourceHandle.js"
import { appMatches, availability, isTreelessWindowId, nativeIdOf, processName, treelessWindows, windowInfoOf } from "./TreelessWindows.js"

const cdpTry = <A>(what: string, run: () => Promise<A>): Effect.Effect<A, PlatformError> =>
  Effect.tryPromise({ try: run, catch: (error) => platformErrorOf(error, what) })

const timeLeft = (deadline: number) => Effect.map(Clock.currentTimeMillis, (now) => Math.max(250, deadline - now))

/** A document the accessibility tree shows without content: the page inside it is for the `cdp` source. */
const hollowDocument = (node: ObservedNode): ObservedNode | undefined => {
  if ((node.role === "webarea" || node.role === "document") && node.childCount === 0) return node
  for (const child of node.children ?? []) {
    const found = hollowDocument(child)
    if (found !== undefined) return found
  }
  return undefined
}

/** `root` with `graft` as the children of the node at `at` (a path from the root). */
const graftAt = (root: ObservedNode, at: ReadonlyArray<number>, graft: ObservedNode): ObservedNode => {
  if (at.length === root.path.length) return { ...root, childCount: 1, children: [graft] }
  const index = at[root.path.length]!
  const children = (root.children ?? []).map((child, i) => (i === index ? graftAt(child, at, graft) : child))
  return { ...root, children }
}

const nodesIn = (node: ObservedNode): number => 1 + (node.children ?? []).reduce((sum, child) => sum + nodesIn(child), 0)

const isInactive = (error: PlatformError) => error.details?.["kind"] === "accessibility_inactive"

const pageAction = (action: Parameters<DesktopAdapterShape["act"]>[1]): PageAction => action

export interface SourcesOptions {
  readonly env?: Readonly<Record<string, string | undefined>>
}

export const withSources = (inner: DesktopAdapterShape, options: SourcesOptions = {}): DesktopAdapterShape => {
  const cdp = new CdpSource(options.env ?? process.env)
  let engines: OcrEngines | undefined
  const screenText = inner.native === undefined ? undefined : makeScreenText(inner.native, (engines ??= new OcrEngines()))
  /** `ocr` where text can be read here: a display server to capture from and Tesseract's addon loaded (lazily). */
  const ocrSourcesNow = (): ReadonlyArray<NodeSource> => screenText !== undefined && loadOcrAddon()._tag === "Loaded" ? ["ocr"] : []

  /** The sources that can serve a window (of the process `pid`) whose tree is unusable: its DevTools endpoint, the screen's text. */
  const sourcesFor = (window: Pick<WindowInfo, "pid">) =>
    Effect.map(
      Effect.tryPromise({ try: () => cdp.endpointFor(window as WindowInfo), catch: () => undefined }).pipe(Effect.orElseSucceed(() => undefined)),
      (endpoint): ReadonlyArray<NodeSource> => [...(endpoint === undefined ? [] : ["cdp" as const]), ...ocrSourcesNow()]
    )

  /**
   * A window or an app the platform marked as having its content switched off (`inactive`, Chromium without
   * renderer accessibility) with the sources that can still serve it; anything else as it was.
   */
  const withSourcesNamed = <A extends { readonly pid: number; readonly accessibility?: TreeAvailability }>(item: A) =>
    item.accessibility?.tree !== "inactive"
      ? Effect.succeed(item)
      : Effect.map(sourcesFor(item), (sources): A => ({ ...item, accessibility: { ...item.accessibility!, sources } }))

  const treeless = Effect.map(treelessWindows(inner), (windows) => windows.length === 0 ? [] : windows.map((window) => windowInfoOf(window, ocrSourcesNow())))

  const resolveTreeless = (query: Parameters<DesktopAdapterShape["resolveWindow"]>[0], cause: PlatformError) =>
    Effect.gen(function*() {
      if (query.windowId !== undefined && isTreelessWindowId(query.windowId)) {
        const native = yield* inner.native!()
        const window = yield* native.readWindow(nativeIdOf(query.windowId))
        return windowInfoOf(window, ocrSourcesNow())
      }
      const candidates = (yield* treeless).filter((window) =>
        query.app === undefined ? window.is_focused : appMatches(window.app_name, query.app) || window.title.toLowerCase() === query.app.toLowerCase())
      const visible = candidates.filter((window) => window.minimized !== true)
      const chosen = visible.length === 1 ? visible : candidates
      if (chosen.length === 1) return chosen[0]!
      if (chosen.length > 1) {
        return yield* new PlatformError({
          code: "AMBIGUOUS_TARGET",
          message: `${query.app ?? "the focused app"} has ${chosen.length} windows without an accessibility tree`,
          details: { kind: "ambiguous_window", windows: chosen.map((window) => ({ id: window.id, title: window.title })) },
          suggestion: "Pass --window-id with one of the ids list-windows prints"
        })
      }
      return yield* cause
    })

  /** The window's root alone: the tree is unusable, and the snapshot's sources (OCR) fill it in. */
  const rootOnly = (window: WindowInfo, source: NodeSource, accessibility: TreeAvailability): TreeObservation => ({
    window,
    root: {
      role: "window",
      source,
      ...(window.title === "" ? {} : { name: window.title }),
      states: [],
      actions: [],
      ...(window.bounds === undefined ? {} : { bounds: window.bounds }),
      path: [],
      handle: `window:${window.id}`,
      childCount: 0,
      children: []
    },
    complete: true,
    nodesObserved: 1,
    accessibility
  })

  const readTree: DesktopAdapterShape["readTree"] = (window, readOptions) => {
    if (isTreelessWindowId(window.id)) {
      return Effect.succeed(rootOnly(window, "ocr", window.accessibility ?? availability(ocrSourcesNow(), window.pid)))
    }
    return inner.readTree(window, readOptions).pipe(
      Effect.flatMap((observation) => {
        const hollow = readOptions.root === undefined ? hollowDocument(observation.root) : undefined
        if (hollow === undefined) return Effect.succeed(observation)
        return Effect.flatMap(timeLeft(readOptions.deadline), (ms) =>
          cdpTry("reading the page through DevTools", () => cdp.readWindow(window, [...hollow.path, 0], ms)).pipe(
            Effect.map((page) => page === undefined ? observation : {
              ...observation,
              root: graftAt(observation.root, hollow.path, page.root),
              nodesObserved: observation.nodesObserved + page.nodes
            }),
            // A page the protocol cannot read leaves the accessibility tree as it was.
            Effect.orElseSucceed(() => observation)
          ))
      }),
      Effect.catchTag("PlatformError", (error) => {
        if (!isInactive(error) || readOptions.root !== undefined) return Effect.fail(error)
        return Effect.gen(function*() {
          const sources = yield* sourcesFor(window)
          const accessibility: TreeAvailability = { tree: "inactive", sources, ...(error.suggestion === undefined ? {} : { fix: error.suggestion }) }
          if (!sources.includes("cdp")) {
            if (sources.length === 0) {
              return yield* new PlatformError({
                code: error.code,
                message: error.message,
                details: { ...error.details, sources },
                ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion })
              })
            }
            return rootOnly(window, "ocr", accessibility)
          }
          const ms = yield* timeLeft(readOptions.deadline)
          const page = yield* cdpTry("reading the page through DevTools", () => cdp.readWindow(window, [0], ms))
          if (page === undefined) return rootOnly(window, "ocr", accessibility)
          const root = rootOnly(window, "cdp", accessibility).root
          return { ...rootOnly(window, "cdp", accessibility), root: { ...root, childCount: 1, children: [page.root] }, nodesObserved: 1 + page.nodes }
        })
      })
    )
  }

  const act: DesktopAdapterShape["act"] = (target, action, actOptions) => {
    const source = sourceOfHandle(target.handle)
    if (source === "atspi") return actWithDevtoolsText(inner, cdp, target, action, actOptions)
    const handle = parseCdpHandle(target.handle)
    if (source === "ocr" || handle === undefined) {
      return Effect.fail(new PlatformError({
        code: "ACTION_NOT_SUPPORTED",
        message: source === "ocr" ? "text read from the screen is acted on with pointer input (--headed)" : "this page node has no DOM node to act on",
        details: { kind: source === "ocr" ? "ocr_requires_headed" : "cdp_no_dom_node" },
        steps: []
      }))
    }
    return Effect.gen(function*() {
      const journal = yield* Effect.serviceOption(StepJournal)
      const hooks = Option.isSome(journal)
        ? { sending: journal.value.sending, answered: journal.value.answered }
        : { sending: () => undefined, answered: () => undefined }
      const ms = yield* timeLeft(actOptions.deadline)
      return yield* cdpTry(`${action.kind} through DevTools`, () => cdp.act(handle, pageAction(action), hooks, ms))
    })
  }

  const readState: DesktopAdapterShape["readState"] = (target) => {
    const handle = parseCdpHandle(target.handle)
    if (handle === undefined) return inner.readState(target)
    return cdpTry("reading the element back through DevTools", async (): Promise<PostState> => {
      const live = await cdp.state(handle, 5_000)
      return { role: live.role as Role, states: live.states, ...(live.value === undefined ? {} : { value: live.value }), enabled: !live.states.includes("disabled") }
    })
  }

  const reidentify: NonNullable<DesktopAdapterShape["reidentify"]> = (window, handle, expected, deadline) => {
    const source = sourceOfHandle(handle)
    if (source === "atspi") return Effect.succeed(undefined)
    if (source === "cdp") {
      const parsed = parseCdpHandle(handle)
      if (parsed === undefined) {
        return Effect.fail(new PlatformError({ code: "ELEMENT_NOT_FOUND", message: "the page node has no DOM node to find again", details: { kind: "cdp_no_dom_node" } }))
      }
      return Effect.flatMap(timeLeft(deadline), (ms) =>
        cdpTry("finding the element again through DevTools", async (): Promise<ObservedNode> => {
          const live = await cdp.identify(parsed, expected.role, expected.name, ms)
          return {
            role: live.role as Role,
            source: "cdp",
            ...(live.name === undefined ? {} : { name: live.name }),
            ...(live.value === undefined ? {} : { value: live.value }),
            states: live.states,
            actions: live.actions,
            path: expected.path,
            handle,
            childCount: 0
          }
        }))
    }
    const parsed = parseOcrHandle(handle)
    if (parsed === undefined || screenText === undefined || expected.name === undefined) {
      return Effect.fail(new PlatformError({
        code: screenText === undefined ? "PLATFORM_NOT_SUPPORTED" : "ELEMENT_NOT_FOUND",
        message: screenText === undefined ? "text cannot be read from the screen here (OCR is unavailable)" : "the text node cannot be found again",
        details: { kind: screenText === undefined ? "ocr_unavailable" : "ocr_text_missing" }
      }))
    }
    const text = expected.name
    const region = window.bounds ?? parsed.bounds
    return Effect.flatMap(screenText.reread(region, text, parsed.bounds), (found) =>
      found.status === "missing"
        ? Effect.fail(new PlatformError({
          code: "ELEMENT_NOT_FOUND",
          message: `the text '${text}' is no longer where it was${found.seen === "" ? "" : ` (there now: '${found.seen.slice(0, 200)}')`}`,
          details: { kind: "ocr_text_missing", seen: found.seen.slice(0, 200) }
        }))
        : Effect.succeed<ObservedNode>({
          role: "statictext",
          source: "ocr",
          name: text,
          confidence: found.confidence,
          bounds: found.bounds,
          states: [],
          actions: ["Click"],
          path: expected.path,
          handle,
          childCount: 0
        }))
  }

  /**
   * `status` names what can still serve the windows without a usable tree: each such window (title, app, pid) with
   * its sources and fix, and `probes.sources` says whether OCR works here (and what is missing if not).
   */
  const status: DesktopAdapterShape["status"] = () =>
    Effect.gen(function*() {
      const base = yield* inner.status()
      const ocr = loadOcrAddon()
      const ocrProbe = ocr._tag === "Loaded" ? { available: true } : { available: false, reason: ocr.reason, missing: ocr.missing }
      const absent = yield* treeless.pipe(Effect.orElseSucceed((): ReadonlyArray<WindowInfo> => []))
      const inactive = yield* inactiveWindows.pipe(Effect.orElseSucceed((): ReadonlyArray<WindowInfo> => []))
      const windows = [...absent, ...inactive]
      const byPid = new Map<number, Array<WindowInfo>>()
      for (const window of windows) byPid.set(window.pid, [...(byPid.get(window.pid) ?? []), window])
      // One line per process: what can serve its windows, in place of the platform's own line about it.
      const problems = [...byPid.values()].map((own) => treelessProblem(own, ocr._tag === "Loaded"))
      const replaced = new Set([...byPid.keys()].flatMap((pid) => base.problemsByPid?.get(pid) ?? []))
      return {
        ...base,
        problems: [...base.problems.filter((problem) => !replaced.has(problem)), ...problems],
        probes: {
          ...base.probes,
          sources: {
            ocr: ocrProbe,
            cdp: { named_endpoints: (options.env ?? process.env)["AGENT_DESKTOP_CDP"]?.split(",").filter((e) => e.trim() !== "") ?? [] },
            windows_without_tree: windows.map((window) => ({
              id: window.id,
              title: window.title,
              app: window.app_name,
              pid: window.pid,
              tree: window.accessibility?.tree ?? "absent",
              sources: window.accessibility?.sources ?? [],
              ...(window.accessibility?.fix === undefined ? {} : { fix: window.accessibility.fix })
            }))
          }
        }
      }
    })

  /** The windows of apps the platform marks as having their content switched off, with what can serve them. */
  const inactiveWindows = Effect.gen(function*() {
    const apps = (yield* inner.listApps()).filter((app) => app.accessibility?.tree === "inactive")
    const windows = yield* Effect.forEach(apps, (app) => inner.listWindows(app.name).pipe(Effect.orElseSucceed((): ReadonlyArray<WindowInfo> => [])))
    return yield* Effect.forEach(windows.flat().filter((window) => window.accessibility?.tree === "inactive"), withSourcesNamed)
  })

  return {
    ...inner,
    status,
    reidentify,
    resolveWindow: (query) => inner.resolveWindow(query).pipe(
      Effect.catchTag("PlatformError", (error) =>
        error.code === "APP_NOT_FOUND" || error.code === "WINDOW_NOT_FOUND" || error.details?.["kind"] === "no_focused_window" || query.windowId !== undefined && isTreelessWindowId(query.windowId)
          ? resolveTreeless(query, error)
          : Effect.fail(error))
    ),
    listWindows: (app) =>
      Effect.gen(function*() {
        const known = yield* inner.listWindows(app).pipe(Effect.catchTag("PlatformError", (error) =>
          error.code === "APP_NOT_FOUND" ? Effect.succeed([]) : Effect.fail(error)))
        const extra = (yield* treeless).filter((window) => app === undefined || appMatches(window.app_name, app))
        if (known.length === 0 && extra.length === 0 && app !== undefined) return yield* inner.listWindows(app)
        return [...yield* Effect.forEach(known, withSourcesNamed), ...extra]
      }),
    listApps: (nameContains) =>
      Effect.gen(function*() {
        const known = yield* Effect.forEach(yield* inner.listApps(nameContains), withSourcesNamed)
        const byPid = new Map<number, AppInfo>()
        for (const window of yield* treeless) {
          if (byPid.has(window.pid)) continue
          const name = processName(window.pid)
          if (nameContains !== undefined && !name.toLowerCase().includes(nameContains.toLowerCase())) continue
          byPid.set(window.pid, { name, pid: window.pid, ...(window.accessibility === undefined ? {} : { accessibility: window.accessibility }) })
        }
        return [...known, ...byPid.values()]
      }),
    readTree,
    act,
    readState,
    ...(screenText === undefined ? {} : { screenText }),
    close: () =>
      Effect.gen(function*() {
        yield* Effect.promise(() => cdp.close())
        if (engines !== undefined) yield* Effect.promise(() => engines!.close())
        yield* inner.close()
      })
  }
}

/** `status`'s line about one process's windows without a usable tree: why, what serves them, the fix. */
const treelessProblem = (windows: ReadonlyArray<WindowInfo>, ocrLoaded: boolean): string => {
  const [first] = windows
  const titles = windows.map((window) => `'${window.title}'`).join(", ")
  const what = `${windows.length === 1 ? `The window ${titles}` : `The windows ${titles}`} of ${first!.app_name} (PID ${first!.pid})`
  const sources = first!.accessibility?.sources ?? []
  const serving = [
    ...(sources.includes("cdp") ? ["its DevTools endpoint serves it (cdp: snapshot, find and actions without --headed)"] : []),
    ...(sources.includes("ocr") ? ["OCR serves it (snapshot, find --text; actions on its text need --headed)"] : [])
  ]
  const served = serving.length > 0
    ? serving.join("; ")
    : `nothing can read it here${ocrLoaded ? "" : " (OCR unavailable: install tesseract-ocr tesseract-ocr-eng)"}: use screenshot and --headed pointer input`
  if (first!.accessibility?.tree === "inactive") {
    return `${what} ${windows.length === 1 ? "has" : "have"} its accessibility switched off (the tree shows none of the content); ${served}. Fix: ${first!.accessibility.fix ?? "restart it with its accessibility on"}`
  }
  return `${what} ${windows.length === 1 ? "has" : "have"} no accessibility tree (${noTreeReason(noTreeToolkit(processFacts(first!.pid)))}); ${served}.`
}

/** The adapter from `layer` with every source. */
export const sourcedAdapter = <E, R>(layer: Layer.Layer<DesktopAdapter, E, R>): Layer.Layer<DesktopAdapter, E, R> =>
  Layer.effect(DesktopAdapter, DesktopAdapter.useSync((adapter) => withSources(adapter))).pipe(Layer.provide(layer))

export { nodesIn }
