/**
 * One AT-SPI event as a listener sees it: `object:state-changed:focused`, `window:create`, `focus:`. AT-SPI sends
 * them as D-Bus signals from the app's bus connection: interface `org.a11y.atspi.Event.<Class>`, member the major
 * name in CamelCase, body (detail, detail1, detail2, any_data, …), path the source object.
 */
import type { DbusSignal } from "../dbus/DbusConnection.js"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import { variantValue } from "../dbus/DbusConnection.js"

export const eventInterfacePrefix = "org.a11y.atspi.Event."

export interface AtspiEvent {
  /** `object`, `window`, `focus`, `document`, … */
  readonly klass: string
  /** kebab-case major name: `state-changed`, `children-changed`, `create`, … */
  readonly major: string
  /** Detail: the state name, `add`/`remove`, the property name; empty when none. */
  readonly detail: string
  readonly detail1: number
  readonly detail2: number
  readonly source: ObjectRef
  /** The event's any_data, unwrapped from its variant: a window event's title, a children-changed child `[bus, path]`. */
  readonly data?: unknown
}

const kebab = (camel: string): string => camel.replace(/[A-Z]/g, (letter, index: number) => (index === 0 ? "" : "-") + letter.toLowerCase())

/** The event a signal carries, or undefined when it is not an AT-SPI event. */
export const eventOfSignal = (signal: DbusSignal): AtspiEvent | undefined => {
  if (!signal.interface.startsWith(eventInterfacePrefix)) return undefined
  const [detail, detail1, detail2] = signal.body
  return {
    klass: signal.interface.slice(eventInterfacePrefix.length).toLowerCase(),
    major: kebab(signal.member),
    // The bridge writes `a:b` details as `a/b` so match rules can use arg0path.
    detail: typeof detail === "string" ? detail.replace("/", ":") : "",
    detail1: typeof detail1 === "number" ? detail1 : 0,
    detail2: typeof detail2 === "number" ? detail2 : 0,
    source: { busName: signal.sender, path: signal.path },
    ...(signal.body[3] === undefined ? {} : { data: variantValue(signal.body[3]) })
  }
}

/** `object:state-changed:focused`, `window:create`, `focus:` (libatspi's names). */
export const eventName = (event: AtspiEvent): string =>
  event.klass === "focus" ? "focus:" : [event.klass, event.major, event.detail].filter((part, index) => index < 2 || part !== "").join(":")
