import type { AppCall, ObjectRef } from "../atspi/ObjectRef.js"

/**
 * What toolkit detection needs of a session: calls through the bus daemon, never the app's own socket (whether
 * that socket may be opened depends on the answer, `peerToPeerUnsafe`). `AtspiSession` is one.
 */
export interface Caller {
  callViaBus(target: ObjectRef, spec: AppCall, timeoutMs: number): Promise<ReadonlyArray<unknown>>
}
