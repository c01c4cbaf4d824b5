/**
 * The events an invocation in a session records for a later replay, in its own stream (README "Replay"). They hold
 * identity, never content: a target is its RefMap entry (the same fields a saved snapshot keeps, without the live
 * handle), secrets are markers (ReplaySecrets.ts), an observed value of a text is its SHA-256. `trace show` and
 * `trace export` redact them like every payload; the store keeps them as it keeps RefMaps.
 */
import type { RefEntry } from "@agent-desktop/domain"

/** Written after `command.start` by an invocation of a recorded command in a session. */
export const REPLAY_REQUEST = "replay.request"
/** Written before `command.end` by a successful check command (snapshot, get, is) in a session. */
export const REPLAY_OBSERVED = "replay.observed"

/** A recorded stand-in for a secret argument (ReplaySecrets.ts makes and reads them). */
export interface SecretMarker {
  readonly secret: string
  readonly env: string
}

/** A ref's element as the recording knew it: its saved RefMap entry without the live handle. */
export type RecordedTarget = Omit<RefEntry, "handle" | "value_digest"> & { readonly ref: string }

export interface ReplayRequestPayload {
  readonly command: string
  /** The request's args, ref args and secrets aside: secret ones hold a SecretMarker instead of their text. */
  readonly args: Readonly<Record<string, unknown>>
  /** The element each ref arg named (`ref_id`, `from`, `to`), when its snapshot was still in the store. */
  readonly targets: Readonly<Partial<Record<string, RecordedTarget>>>
  /** Refs whose snapshot could not be loaded: the command refused them, so the recording says nothing more. */
  readonly unknown_refs?: ReadonlyArray<string>
  readonly headed: boolean
}

/**
 * One element of an observed window as a snapshot printed it: its role, name and description, its value when the
 * value is identity (a link's URL) or else the value's SHA-256 (what a text field holds is what a person typed), and
 * the states a check compares.
 */
export interface ObservedElement {
  readonly role: string
  readonly name?: string
  readonly description?: string
  readonly value?: string
  readonly value_sha256?: string
  readonly states?: ReadonlyArray<string>
  /** Inside a document (a web page, an office document): what a check compares where a window holds one. */
  readonly in_document?: true
}

export type ReplayObservedPayload =
  | {
    readonly command: "snapshot"
    readonly app: string
    /** The window's id while recording: which earlier snapshot saw the same window. */
    readonly window_id: string
    readonly window_title: string
    readonly complete: boolean
    /** Every element the snapshot printed, in document order. */
    readonly elements: ReadonlyArray<ObservedElement>
    /** More elements than a recording keeps (OBSERVED_ELEMENT_LIMIT): the check compares the first ones only. */
    readonly truncated?: true
  }
  | { readonly command: "get"; readonly property: string; readonly value?: unknown; readonly value_sha256?: string }
  | { readonly command: "is"; readonly property: string; readonly result: boolean; readonly applicable: boolean }

