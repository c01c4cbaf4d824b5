import { actionsOf, roleOf, statesOf, textOf, type AxNode } from "./AxNodeFields.js"
import { CdpError } from "./CdpError.js"
import { framesOf, frameTree } from "./PageTree.js"
import type { PageSession } from "./PageSession.js"

/** What a saved CDP ref holds to find its element again. */
export interface SavedCdpNode {
  readonly backendNodeId: number
  readonly frameId: string
  /** The frame's document when the ref was made: another loader means the frame navigated since. */
  readonly loaderId: string
  readonly role: string
  readonly name?: string
}

/** The element as it is now. */
export interface LiveCdpNode {
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly states: ReadonlyArray<string>
  readonly actions: ReadonlyArray<string>
}

const isSecure = async (session: PageSession, backendNodeId: number) => {
  try {
    const { node } = await session.call("DOM.describeNode", { backendNodeId }) as { node?: { attributes?: Array<string> } }
    const attributes = node?.attributes ?? []
    for (let index = 0; index + 1 < attributes.length; index += 2) {
      if (attributes[index] === "type" && attributes[index + 1]?.toLowerCase() === "password") return true
    }
  } catch {
    // gone: the AX read below says so
  }
  return false
}

/** The element's AX node now, by its DOM node (`Accessibility.getPartialAXTree`); node_gone when there is none. */
export const liveNode = async (session: PageSession, backendNodeId: number): Promise<LiveCdpNode> => {
  let nodes: Array<AxNode>
  try {
    ({ nodes } = await session.call("Accessibility.getPartialAXTree", { backendNodeId, fetchRelatives: false }) as { nodes: Array<AxNode> })
  } catch (error) {
    if (error instanceof CdpError && error.kind === "protocol") {
      throw new CdpError({ kind: "node_gone", message: `the page no longer has the element (DOM node ${backendNodeId})`, details: { kind: "node_removed" } })
    }
    throw error
  }
  const node = nodes.find((candidate) => candidate.backendDOMNodeId === backendNodeId) ?? nodes[0]
  if (node === undefined || node.ignored) {
    throw new CdpError({ kind: "node_gone", message: "the element is no longer in the page's accessibility tree (hidden or removed)", details: { kind: "node_hidden" } })
  }
  const role = roleOf(node)
  const states = statesOf(node, role === "textfield" && await isSecure(session, backendNodeId))
  return { role, ...textOf(node), states, actions: actionsOf(node, role, states) }
}

/**
 * Re-identifies a saved CDP ref by this source's rule: its frame still shows the same document (a navigation gives
 * the frame a new loader, and the old document's node ids mean nothing), its DOM node is still in the page, and that
 * node still has the saved role and name. Anything else is node_gone or identity_changed, never a guess.
 */
export const identifyNode = async (session: PageSession, saved: SavedCdpNode): Promise<LiveCdpNode> => {
  const frame = framesOf(await frameTree(session)).find((candidate) => candidate.id === saved.frameId)
  if (frame === undefined) {
    throw new CdpError({ kind: "node_gone", message: "the frame that held the element is gone", details: { kind: "frame_gone", frame_id: saved.frameId } })
  }
  if (frame.loaderId !== saved.loaderId) {
    throw new CdpError({ kind: "node_gone", message: `the page navigated since the snapshot (now ${frame.url})`, details: { kind: "navigated", url: frame.url } })
  }
  const live = await liveNode(session, saved.backendNodeId)
  if (live.role !== saved.role || (live.name ?? "") !== (saved.name ?? "")) {
    throw new CdpError({
      kind: "identity_changed",
      message: `the element is now ${live.role}${live.name === undefined ? "" : ` '${live.name}'`}, not the ${saved.role}${saved.name === undefined ? "" : ` '${saved.name}'`} of the snapshot`,
      details: { kind: "identity_changed", role: live.role, ...(live.name === undefined ? {} : { name: live.name }) }
    })
  }
  return live
}
