import { EventStore, type SavedSnapshot as StoredSnapshot, type SnapshotInput, type StoreError } from "@agent-desktop/store"
import { Effect } from "effect"
import { Internal, InvalidArgs, SnapshotNotFound, type DesktopError } from "./errors/DesktopError.js"

/** A snapshot as the engine writes it. */
export type SavedSnapshot = SnapshotInput

/** Store failures as contract errors. Nothing was sent to any app, so every one is not_delivered. */
export const fromStoreError = (error: StoreError): DesktopError => {
  switch (error._tag) {
    case "SnapshotNotFound":
      return new SnapshotNotFound({ message: error.message, delivery: "not_delivered" })
    case "InvalidHome":
    case "InvalidSessionId":
    case "SessionNotFound":
    case "SessionExists":
    case "RootRefNotFound":
      return new InvalidArgs({ message: error.message, delivery: "not_delivered" })
    case "RefMapTooLarge":
      return new Internal({
        message: `${error.message}: this window has more refs than one snapshot may hold`,
        delivery: "not_delivered",
        suggestion: "Snapshot with --skeleton, then drill into the part you need with --root"
      })
    default:
      return new Internal({ message: error.message, delivery: "not_delivered" })
  }
}

/** Run one store operation as an Effect with contract errors. */
export const withStore = <A, E extends StoreError>(use: (store: EventStore["Service"]) => Effect.Effect<A, E>): Effect.Effect<A, DesktopError, EventStore> =>
  Effect.gen(function*() {
    const store = yield* EventStore
    return yield* use(store).pipe(Effect.mapError(fromStoreError))
  })

export const loadSnapshot = (namespace: string, snapshotId: string): Effect.Effect<StoredSnapshot, DesktopError, EventStore> =>
  withStore((store) => store.loadSnapshot(namespace, snapshotId))

export const saveSnapshot = (namespace: string, snapshot: SavedSnapshot): Effect.Effect<void, DesktopError, EventStore> =>
  Effect.asVoid(withStore((store) => store.saveSnapshot(namespace, snapshot)))

/** The state root the store opened (exports default under it). */
export const stateRoot: Effect.Effect<string, never, EventStore> = Effect.gen(function*() {
  return (yield* EventStore).core.stateRoot
})

