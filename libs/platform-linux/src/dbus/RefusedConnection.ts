import type { BusAddressRefused } from "./BusAddress.js"
import { DbusCallError } from "./DbusCallError.js"
import type { CallSpec, DbusConnection } from "./Connection.js"

/**
 * A connection to an address we refuse (BusAddress.ts): nothing is opened, and every call fails at once as
 * disconnected with the refusal's reason, so callers take their usual "bus does not answer" path and name it.
 */
export class RefusedConnection implements DbusConnection {
  readonly direct: boolean
  readonly isOpen = false

  constructor(readonly address: string, private readonly refusal: BusAddressRefused, direct: boolean) {
    this.direct = direct
  }

  call(spec: CallSpec): Promise<ReadonlyArray<unknown>> {
    return Promise.reject(new DbusCallError("disconnected", spec.member, undefined, this.refusal.message))
  }

  close(): void {}
}
