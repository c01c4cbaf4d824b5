/**
 * Window lookups (`--app`, `--window-id`, the focused window) kept while nothing that decides them has changed: the
 * registry's apps (any bus name coming or going), the candidate windows (any event whose source is one of them: a
 * title, a state, a move), the apps' window lists (any event on an app's root, any `window:` event). A kept answer
 * is used only after a barrier through the bus to the chosen window (its reply comes behind the app's earlier
 * events) whose extents still match. A live lookup costs a registry listing, each app's name and pid, and each
 * window's name, states and extents: several round trips on every observation's critical path.
 */
import type { WindowChoice, WindowEntry } from "../atspi/AppDirectory.js"
import { Paths } from "../atspi/Interfaces.js"
import type { EventStream } from "../events/EventStream.js"

interface Kept {
  readonly chosen: WindowEntry
  readonly generation: number
  readonly ownership: number
  readonly epoch: number
}

/** Lookups kept at once (distinct --app / --window-id queries). */
const maxKept = 64

export type { WindowChoice }

export class WindowChoiceMirror {
  private generation = 0
  private readonly kept = new Map<string, Kept>()
  /** `bus|path` of every window some kept lookup was chosen among. */
  private readonly watched = new Set<string>()
  private readonly unsubscribe: () => void

  constructor(private readonly stream: EventStream) {
    this.unsubscribe = stream.subscribe((event) => {
      if (event.klass === "window" || event.source.path === Paths.root || this.watched.has(`${event.source.busName}|${event.source.path}`)) {
        this.generation++
      }
    })
  }

  /** `cacheable`: whether a lookup's windows may be kept (their toolkit announces its changes). */
  async resolve(key: string, barrierMs: number, live: () => Promise<WindowChoice>, cacheable: (choice: WindowChoice) => boolean): Promise<WindowEntry> {
    const kept = this.kept.get(key)
    if (kept && this.current(kept)) {
      const box = await this.stream.barrier(kept.chosen.ref, barrierMs).catch(() => undefined)
      const bounds = kept.chosen.info.bounds
      const same = box !== undefined && bounds !== undefined && box.join(",") === [bounds.x, bounds.y, bounds.width, bounds.height].join(",")
      if (same && this.current(kept)) return kept.chosen
    }
    this.kept.delete(key)
    const seen = { generation: this.generation, ownership: this.stream.ownershipChanges, epoch: this.stream.epoch }
    const choice = await live()
    if (this.stream.healthy && cacheable(choice)) {
      if (this.kept.size >= maxKept) this.clear()
      for (const window of choice.among) this.watched.add(`${window.ref.busName}|${window.ref.path}`)
      this.kept.set(key, { chosen: choice.chosen, ...seen })
    }
    return choice.chosen
  }

  close(): void {
    this.clear()
    this.unsubscribe()
  }

  private current(kept: Kept): boolean {
    return this.stream.healthy && kept.epoch === this.stream.epoch && kept.ownership === this.stream.ownershipChanges && kept.generation === this.generation
  }

  private clear(): void {
    this.kept.clear()
    this.watched.clear()
  }
}
