/** One D-Bus method call, made by whoever owns the connection (the adapter, or a test desktop's client). */
export interface DbusMessage {
  readonly destination: string
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly signature?: string
  readonly body?: ReadonlyArray<unknown>
}

export type DbusCall = (message: DbusMessage) => Promise<ReadonlyArray<unknown>>
