import type { ObjectRef } from "./ObjectRef.js"
import type { StateSet } from "./States.js"

/** One entry of Cache.GetItems: `((so)(so)(so)iiassusau)`. */
export interface CacheItem {
  readonly ref: ObjectRef
  readonly parent: ObjectRef
  readonly indexInParent: number
  readonly childCount: number
  readonly interfaces: ReadonlyArray<string>
  readonly name: string
  readonly role: number
  readonly description: string
  readonly states: StateSet
}
