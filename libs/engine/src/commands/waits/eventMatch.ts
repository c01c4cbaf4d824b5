/** Whether a desktop event is the one `wait --event KIND [--app NAME] [--window-id ID]` waits for, and its output. */
import type { DesktopEvent } from "@agent-desktop/platform"

export interface EventFilter {
  readonly app?: string
  readonly windowId?: string
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** App events ignore `--window-id` (they name no window), as the state comparison does. */
export const matchesEvent = (kind: DesktopEvent["kind"], filter: EventFilter, event: DesktopEvent): boolean =>
  event.kind === kind &&
  (filter.app === undefined || sameName(event.app, filter.app)) &&
  (filter.windowId === undefined || event.window_id === undefined || event.window_id === filter.windowId)

/** The contract's event object: window events `{kind, window_id, title, app, pid}`, app events `{kind, app, pid}`. */
export const eventOutput = (event: DesktopEvent) =>
  event.window_id === undefined
    ? { kind: event.kind, app: event.app, pid: event.pid }
    : { kind: event.kind, window_id: event.window_id, title: event.title ?? "", app: event.app, pid: event.pid }
