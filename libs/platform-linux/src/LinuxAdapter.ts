/**
 * The DesktopAdapter for Linux: AT-SPI2 over D-Bus in pure JavaScript. Connections open lazily on the first call
 * that needs them (status on a machine without a bus must still answer) and close with the layer or `close()`.
 * A long-lived process (MCP server, warm host) asks for `warm`: it also listens to the bus's AT-SPI events, which
 * keep whole-window reads of toolkits that announce their changes (mirror/TreeMirror.ts) for observations.
 */
import {
  DesktopAdapter,
  PlatformError,
  StepJournal,
  type DesktopAdapterShape,
  type ReadTreeOptions,
  type TreeObservation,
  type WindowInfo
} from "@agent-desktop/platform"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { Actor, lookupFailure } from "./actions/Actor.js"
import { hitTestChain } from "./actions/HitTest.js"
import { AppDirectory } from "./atspi/AppDirectory.js"
import { Accessible } from "./atspi/Accessible.js"
import { AtspiSession } from "./atspi/AtspiSession.js"
import { noBusAdvice } from "./atspi/NoBusAdvice.js"
import { refOfWindowId } from "./atspi/WindowId.js"
import { DbusCallError } from "./dbus/DbusCallError.js"
import { chooseDisplayServer } from "./display/chooseDisplayServer.js"
import { DesktopWatcher } from "./events/DesktopWatcher.js"
import { ChangeWatcher } from "./events/ChangeWatcher.js"
import { EventStream } from "./events/EventStream.js"
import { TreeMirror, type MirrorReads } from "./mirror/TreeMirror.js"
import { WindowChoiceMirror } from "./mirror/WindowChoiceMirror.js"
import { permissionsFor, probeStatus } from "./status/StatusProbe.js"
import { BudgetExpired } from "./tree/Budget.js"
import { toObserved } from "./tree/Observed.js"
import { refOfHandle } from "./tree/RawNode.js"
import { TOOLKIT_NOTES } from "./toolkits/notesTable.js"
import { TreeReader } from "./tree/TreeReader.js"
import { pathFromWindow } from "./tree/WindowPath.js"
import { popupSurfacesOf, uncoveredPopups } from "./surfaces/PopupSurfaces.js"
import { placementOf } from "./display/extentsPlacement.js"
import { pagingOptions } from "./tree/read/ChildPages.js"
import { searchPaged } from "./tree/PagedSearch.js"
import { untilSettled } from "./tree/read/untilSettled.js"

const toPlatformError = (what: string) => (error: unknown): PlatformError => {
  if (error instanceof PlatformError) return error
  if (error instanceof BudgetExpired) {
    return new PlatformError({ code: "TIMEOUT", message: `${what}: the deadline passed before anything could be read` })
  }
  if (error instanceof DbusCallError) return lookupFailure(error, what)
  return new PlatformError({ code: "INTERNAL", message: `${what} failed`, platformDetail: String(error) })
}

interface Parts {
  readonly session: AtspiSession
  readonly directory: AppDirectory
  readonly reader: TreeReader
  readonly actor: Actor
  readonly mirror: TreeMirror | undefined
  /** Window lookups kept by events (warm adapters only). */
  readonly choices: WindowChoiceMirror | undefined
  readonly stream: EventStream | undefined
}

export interface LinuxAdapterOptions {
  /** Listen to AT-SPI events and keep whole-window reads they prove unchanged (long-lived processes only). */
  readonly warm?: boolean
}

export const makeLinuxAdapter = (adapterOptions: LinuxAdapterOptions = {}): DesktopAdapterShape => {
  let opening: Promise<Parts> | undefined

  const parts = (): Promise<Parts> => {
    if (opening) return opening
    opening = AtspiSession.open().then(async (session) => {
      const stream = adapterOptions.warm === true ? await EventStream.start(session, 1500) : undefined
      return {
        session,
        directory: new AppDirectory(session),
        reader: new TreeReader(session),
        // Text goes in through the display server's keyboard where the session has one (X11: XTEST with spare
        // keycodes for keysyms the layout lacks); single keys through the registry's device event controller.
        actor: new Actor(session, undefined, chooseDisplayServer().keyboard),
        mirror: stream ? new TreeMirror(stream) : undefined,
        choices: stream ? new WindowChoiceMirror(stream) : undefined,
        stream
      }
    })
    opening.catch(() => {
      opening = undefined
    })
    return opening
  }

  const noBus = (error: unknown) =>
    new PlatformError({
      code: "PERM_DENIED",
      message: "the accessibility bus is not reachable",
      platformDetail: (error as Error)?.message ?? String(error),
      details: { suggestion: "Run inside a graphical session with at-spi2-core running (see `status`)." },
      // Not the contract's generic PERM_DENIED advice (`permissions --request`, macOS's): what is missing here.
      suggestion: noBusAdvice(process.env)
    })

  const use = <A>(what: string, f: (p: Parts) => Promise<A>): Effect.Effect<A, PlatformError> =>
    Effect.tryPromise({
      try: async () => {
        let p: Parts
        try {
          p = await parts()
        } catch (error) {
          throw noBus(error)
        }
        return f(p)
      },
      catch: toPlatformError(what)
    })

  /** An action's messages are journalled by the engine as they go out (StepJournal), when it provides one. */
  const withJournal = <A>(what: string, f: (actor: Actor, journal: StepJournal["Service"] | undefined) => Promise<A>) =>
    Effect.serviceOption(StepJournal).pipe(Effect.flatMap((journal) =>
      use(what, ({ actor }) => f(actor, Option.getOrUndefined(journal)))
    ))

  const windowRef = (window: WindowInfo) => {
    const ref = refOfWindowId(window.id)
    if (!ref) throw new PlatformError({ code: "WINDOW_NOT_FOUND", message: `not an AT-SPI window id: ${window.id}` })
    return ref
  }

  const readTree = (window: WindowInfo, options: ReadTreeOptions) =>
    use("snapshot", async ({ session, reader, mirror }): Promise<TreeObservation> => {
      const started = Date.now()
      const windowRefValue = windowRef(window)
      let root = windowRefValue
      let rootPath: ReadonlyArray<number> = []
      if (options.root !== undefined) {
        const ref = refOfHandle(options.root)
        if (!ref) throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `not an AT-SPI element handle: ${options.root}` })
        const left = Math.max(1, options.deadline - Date.now())
        const path = await pathFromWindow(session, ref, windowRefValue, Math.min(left, 2000))
        if (!path) throw new PlatformError({ code: "ELEMENT_NOT_FOUND", message: "the drill-down root is not inside this window" })
        root = ref
        rootPath = path
      }
      try {
        // GTK 4.8 on X11 and native Wayland clients report extents relative to the window: the display server
        // places them on the screen, or (placement unknown) there are no bounds rather than wrong ones.
        const profile = await session.toolkits.profileOf(root.busName, Math.max(1, Math.min(1500, options.deadline - Date.now())))
        const placement = await placementOf(session, { ref: windowRefValue, title: window.title }, Math.max(1, Math.min(1000, options.deadline - Date.now())))
        const placing = placement.kind === "window" ? { origin: placement.origin } : placement.kind === "unknown" ? { boundsUnknown: true } : {}
        const paging = pagingOptions(options)
        // A drill-down's page of a big container reads live: the app's cache holds every row of the container (24 MB
        // for a 12,000-row table in Chromium, seconds to send), the page and the window around it a few hundred nodes.
        const bulk = paging.pages === undefined ? {} : { bulk: false }
        const live = () => reader.read(root, { maxDepth: options.maxDepth, deadline: options.deadline, rootPath, ...placing, ...paging, ...bulk })
        const left = () => Math.max(1, Math.min(1000, options.deadline - Date.now()))
        const reads: MirrorReads = {
          live,
          subtree: (ref, path, maxDepth, bulk) => reader.read(ref, { maxDepth, deadline: options.deadline, rootPath: path, bulk, ...placing }),
          childCount: (ref) => Accessible.of(session, ref).childCount(left())
        }
        // A kept read holds placed bounds: one kept per placement and frame (a Wayland client is not told that its
        // window moved; an XWayland client's moves raise no AT-SPI event either).
        const placementKey = placement.kind === "window"
          ? `@${placement.origin.x},${placement.origin.y}`
          : placement.kind === "unknown" ? "@unplaced" : placement.frame ? `@${placement.frame.x},${placement.frame.y}` : ""
        // A read asked for a page or a path is not the kept whole-window read.
        const keepable = options.pages === undefined && options.focus === undefined
        const { result, via } = mirror && keepable && options.kept === true && options.root === undefined && profile.announcesChanges === true
          ? await mirror.read(root, `depth=${options.maxDepth}${placementKey}`, options.maxDepth, left(), reads)
          : { result: await untilSettled(live, options), via: "live" as const }
        return {
          window, root: toObserved(result.root), complete: result.complete, nodesObserved: result.nodesObserved,
          ...(result.incomplete.length > 0 ? { incomplete: result.incomplete } : {}),
          elapsedMs: Date.now() - started,
          ...(via === "live" ? {} : { reused: via })
        }
      } catch (error) {
        if (error instanceof DbusCallError && error.objectGone) {
          throw new PlatformError({ code: options.root ? "ELEMENT_NOT_FOUND" : "WINDOW_NOT_FOUND", message: "the window or element is gone" })
        }
        throw error
      }
    })

  return {
    platform: "linux",
    status: () =>
      Effect.promise(async () => {
        try {
          const p = await parts()
          return probeStatus(p.session, undefined)
        } catch (error) {
          return probeStatus(undefined, (error as Error)?.message ?? String(error))
        }
      }),
    permissions: () =>
      Effect.promise(async () =>
        permissionsFor(await parts().then(() => true, () => false), await Effect.runPromise(chooseDisplayServer().capabilities()))),
    listApps: (nameContains) => use("list-apps", ({ directory }) => directory.listApps(nameContains)),
    listWindows: (app) => use("list-windows", ({ directory }) => directory.listWindowsMarked(app)),
    resolveWindow: (query) =>
      use("window lookup", async ({ directory, session, choices }) => {
        if (!choices) return (await directory.resolve(query)).info
        const key = JSON.stringify([query.app?.toLowerCase() ?? null, query.windowId ?? null])
        const announces = (busName: string) => session.toolkits.profileNow(busName).announcesChanges === true
        const chosen = await choices.resolve(key, 1000, () => directory.resolveAmong(query),
          (choice) => choice.byActiveWindow !== true && choice.among.every((window) => announces(window.ref.busName)))
        return chosen.info
      }),
    readTree,
    searchPaged: (observation, query, deadline) =>
      use("find", ({ reader, session }) => searchPaged(session, reader, observation, query, deadline)),
    act: (target, action, options) =>
      withJournal(action.kind, (actor, journal) => actor.act(target, action, options, journal)),
    readState: (target) => use("state readback", ({ actor }) => actor.readState(target)),
    pressKeys: (combo, window, options) =>
      withJournal("press", (actor, journal) => actor.pressKeys(combo, window ? windowRef(window) : undefined, options, journal)),
    typeText: (text, window, options) =>
      withJournal("press", (actor, journal) => actor.typeText(text, window ? windowRef(window) : undefined, options, journal)),
    // The display-server backend this session has (display/chooseDisplayServer.ts), opened on first use: on X11,
    // XTEST, capture, RandR and EWMH through a native addon (libs/platform-linux-x11).
    native: () => {
      const server = chooseDisplayServer()
      return Effect.as(server.ready(), server)
    },
    popupSurfaces: (windows, deadline) =>
      Effect.gen(function*() {
        const owner = windows[0]
        if (owner === undefined) return []
        const popups = yield* chooseDisplayServer().popupWindows(owner.pid, Math.max(1, Math.min(2000, deadline - Date.now())))
        if (popups === undefined || uncoveredPopups(popups, windows).length === 0) return []
        const read = (window: WindowInfo) =>
          Effect.runPromise(readTree(window, { maxDepth: 64, deadline }).pipe(Effect.map((tree) => tree.root), Effect.orElseSucceed(() => undefined)))
        return yield* use("popup surfaces", ({ session }) => popupSurfacesOf(windows, popups, read, async (menu) => {
          const item = (menu.children ?? []).find((child) => child.role === "menuitem")
          const ref = item === undefined ? undefined : refOfHandle(item.handle)
          if (ref === undefined) return undefined
          return Accessible.of(session, ref).extents(Math.max(1, Math.min(1000, deadline - Date.now()))).catch(() => undefined)
        }))
      }),
    hitTest: (window, point, deadline) =>
      use("hit test", ({ session }) => hitTestChain(session, windowRef(window), point.x, point.y, deadline)),
    // Desktop events from AT-SPI events (events/DesktopWatcher.ts); a one-shot process starts a stream for the watch.
    watchDesktop: () =>
      use("desktop events", async ({ session, directory, stream }) => {
        const watcher = await DesktopWatcher.start(session, directory, stream)
        if (!watcher) throw new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: "the accessibility bus delivers no events here" })
        return watcher.asDesktopWatch()
      }),
    // Content events of one window's app (events/ChangeWatcher.ts), for watches that re-read what changed.
    watchChanges: (window) =>
      use("change events", async ({ session, stream }) => {
        const ref = windowRef(window)
        const profile = await session.toolkits.profileOf(ref.busName, 1500)
        const watcher = await ChangeWatcher.start(session, stream, ref.busName, profile.announcesChanges === true)
        if (!watcher) throw new PlatformError({ code: "PLATFORM_NOT_SUPPORTED", message: "the accessibility bus delivers no events here" })
        return watcher.asChangeWatch()
      }),
    toolkitNotes: TOOLKIT_NOTES,
    close: () =>
      Effect.promise(async () => {
        const current = opening
        opening = undefined
        if (current) await current.then((p) => {
          p.mirror?.close()
          p.choices?.close()
          p.session.close()
        }, () => {})
      })
  }
}

/** `LinuxAdapter.layer` provides DesktopAdapter and closes its connections when the layer is released. */
export class LinuxAdapter {
  static readonly layer: Layer.Layer<DesktopAdapter> = Layer.effect(
    DesktopAdapter,
    Effect.acquireRelease(Effect.sync(() => DesktopAdapter.of(makeLinuxAdapter())), (adapter) => adapter.close())
  )

  /** For long-lived processes: the same adapter, listening to AT-SPI events (`LinuxAdapterOptions.warm`). */
  static readonly warmLayer: Layer.Layer<DesktopAdapter> = Layer.effect(
    DesktopAdapter,
    Effect.acquireRelease(Effect.sync(() => DesktopAdapter.of(makeLinuxAdapter({ warm: true }))), (adapter) => adapter.close())
  )
}
