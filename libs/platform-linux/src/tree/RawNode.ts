import type { Accessible, Extents } from "../atspi/Accessible.js"
import type { ObjectRef } from "../atspi/AtspiSession.js"
import type { StateSet } from "../atspi/States.js"
import { normalizeInterfaces, normalizeStates } from "../toolkits/normalizeStates.js"

/** What AT-SPI said about one object, before mapping to the contract vocabulary. */
export interface RawNode {
  readonly ref: ObjectRef
  readonly role: number
  readonly name: string
  readonly description: string
  /** Mutable only so a toolkit without SHOWING can be corrected once bounds are known (toolkits/normalizeStates). */
  states: StateSet
  readonly interfaces: ReadonlyArray<string>
  readonly childCount: number
  bounds?: Extents
  /** Lower-case toolkit action names, in DoAction index order. */
  actions?: ReadonlyArray<string>
  text?: string
  value?: number
  /** Combo boxes: the selected item's name (their current value). */
  selected?: string
  /**
   * A name computed where the toolkit gives none (tree/NameFromContent.ts) or gives something else as the name
   * (tree/ComboName.ts); "" means the node has no name.
   */
  computedName?: string
  /** A description from DESCRIBED_BY where the toolkit gives none (tree/NameFromLabel.ts). */
  computedDescription?: string
  /** A combo box whose expanded state is its popup menu child's showing (tree/PopupState.ts). */
  popupExpands?: boolean
  /** The deadline passed before this node's details (bounds, actions, value) were all read. */
  detailsCut?: boolean
  /** A document still loading (read/LoadingDocuments.ts). */
  loading?: boolean
}

/**
 * One live read of what every node needs (name, description, child count, role, states, interfaces), pipelined.
 * `knownStates`: the node's state set, already read (it is not asked again).
 */
export const readRawNode = async (accessible: Accessible, timeoutMs: number, knownStates?: StateSet): Promise<RawNode> => {
  const [basics, role, states, interfaces] = await Promise.all([
    accessible.basics(timeoutMs),
    accessible.role(timeoutMs),
    knownStates ?? accessible.states(timeoutMs),
    accessible.interfaces(timeoutMs)
  ])
  return {
    ref: accessible.ref,
    role,
    name: basics.name,
    description: basics.description,
    states: normalizeStates(states, accessible.profile, role),
    interfaces: normalizeInterfaces(interfaces, role, accessible.profile),
    childCount: basics.childCount
  }
}

export const handleOf = (ref: ObjectRef): string => `${ref.busName}|${ref.path}`

export const refOfHandle = (handle: string): ObjectRef | undefined => {
  const bar = handle.indexOf("|")
  if (bar <= 0) return undefined
  return { busName: handle.slice(0, bar), path: handle.slice(bar + 1) }
}
