/**
 * What a D-Bus connection is, apart from how one is opened (`DbusConnection.open`): the transports
 * (`WireConnection`, `NativeConnection`, `RefusedConnection`) implement it, and the opener picks one.
 */
import type { BodyDecoder } from "./WireCodec.js"

export interface CallSpec {
  readonly destination?: string
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly signature?: string
  readonly body?: ReadonlyArray<unknown>
  /** A reader for this call's reply body (the wire transport uses it; others hand back the generic values). */
  readonly decodeBody?: BodyDecoder
}

/** A broadcast signal as it arrived: who sent it, from which object, and its body. */
export interface DbusSignal {
  readonly sender: string
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly body: ReadonlyArray<unknown>
}

export interface SignalListener {
  readonly signal: (signal: DbusSignal) => void
  /**
   * A method call addressed to this connection (a compositor's script calling back: KWin's `callDBus`). No reply is
   * sent; callers use calls that expect none.
   */
  readonly methodCall?: (call: DbusSignal) => void
  /** The connection closed: signals may have been lost from here on. */
  readonly closed: (reason: string) => void
}

export interface DbusConnection {
  readonly address: string
  readonly direct: boolean
  readonly isOpen: boolean
  /** The bus's name for this connection (`:1.42`), once Hello answered; undefined on direct and tcp connections. */
  readonly uniqueName?: Promise<string> | undefined
  call(spec: CallSpec, timeoutMs: number): Promise<ReadonlyArray<unknown>>
  /**
   * Signals this connection receives (the bus delivers those an AddMatch rule asked for), in arrival order, which
   * is the order of the replies around them. Absent on transports that do not deliver signals (tcp).
   */
  listen?(listener: SignalListener): () => void
  close(): void
}
