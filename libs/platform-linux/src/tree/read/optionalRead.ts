import { DbusCallError } from "../../dbus/DbusCallError.js"
import { BudgetExpired } from "../Budget.js"

/** A remote failure of a read that may fail is "not there"; a timeout or a gone peer still fails the node. */
export const optionalFailure = (error: unknown): undefined => {
  if (error instanceof BudgetExpired) throw error
  if (error instanceof DbusCallError && (error.failure === "timeout" || error.peerGone)) throw error
  return undefined
}

/**
 * A detail read whose remote failure means "not there" (`apply` gets undefined); timeouts and a gone peer still fail
 * the node. One promise per read: `apply` is the reply's own handler.
 */
export const optional = <A>(read: () => Promise<A>, apply: (value: A | undefined) => unknown): Promise<unknown> => {
  let pending: Promise<A>
  try {
    pending = read()
  } catch (error) {
    pending = Promise.reject(error)
  }
  return pending.then(apply, (error: unknown) => apply(optionalFailure(error)))
}
