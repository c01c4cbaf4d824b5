import type { CallSpec } from "../dbus/Connection.js"

/** One AT-SPI object: the app's bus name and the object's path. */
export interface ObjectRef {
  readonly busName: string
  readonly path: string
}

/** A method call on an object, without the destination and path its `ObjectRef` gives. */
export type AppCall = Omit<CallSpec, "destination" | "path">
