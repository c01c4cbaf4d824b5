/** One D-Bus method call, made by whoever owns the connection (the adapter, or a test desktop's client). */
export interface DbusMessage {
  readonly destination: string
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly signature?: string
  readonly body?: ReadonlyArray<unknown>
}

/** A signal as it arrived. */
export interface DbusSignalMessage {
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly body: ReadonlyArray<unknown>
}

export type DbusCall = ((message: DbusMessage) => Promise<ReadonlyArray<unknown>>) & {
  /**
   * Delivers the signals an AddMatch `rule` selects until the returned function is called. Absent where the
   * connection delivers no signals: what needs one (a ScreenCast stream's PipeWire node) then says so.
   */
  readonly listen?: (rule: string, onSignal: (signal: DbusSignalMessage) => void) => Promise<() => void>
}
