import { SKIPPED_ROLES } from "./AxRoles.js"
import { actionsOf, chromiumRole, roleOf, statesOf, textOf, type AxNode } from "./AxNodeFields.js"
import { CdpError } from "./CdpError.js"
import type { CdpNode, PageRead } from "./CdpNode.js"
import type { PageSession } from "./PageSession.js"

interface Frame {
  readonly id: string
  readonly loaderId: string
  readonly url: string
  readonly children: ReadonlyArray<Frame>
}

const frameOf = (tree: Record<string, unknown>): Frame => {
  const frame = tree["frame"] as Record<string, unknown>
  return {
    id: String(frame["id"]),
    loaderId: String(frame["loaderId"]),
    url: String(frame["url"] ?? ""),
    children: ((tree["childFrames"] ?? []) as Array<Record<string, unknown>>).map(frameOf)
  }
}

/** The page's frames, main frame first (`Page.getFrameTree`), each with the loader of its current document. */
export const frameTree = async (session: PageSession): Promise<Frame> => {
  const { frameTree: tree } = await session.call("Page.getFrameTree") as { frameTree: Record<string, unknown> }
  return frameOf(tree)
}

export const framesOf = (root: Frame): Array<Frame> => [root, ...root.children.flatMap(framesOf)]

/** Text fields whose DOM input is a password: AX reports no such property, the element's `type` does. */
const secureFields = async (session: PageSession, nodes: ReadonlyArray<AxNode>): Promise<ReadonlySet<number>> => {
  const fields = nodes.filter((node) => !node.ignored && node.backendDOMNodeId !== undefined && roleOf(node) === "textfield")
  const secure = new Set<number>()
  await Promise.all(fields.map(async (node) => {
    try {
      const { node: described } = await session.call("DOM.describeNode", { backendNodeId: node.backendDOMNodeId }) as { node?: { localName?: string; attributes?: Array<string> } }
      const attributes = described?.attributes ?? []
      for (let index = 0; index + 1 < attributes.length; index += 2) {
        if (attributes[index] === "type" && attributes[index + 1]?.toLowerCase() === "password") secure.add(node.backendDOMNodeId!)
      }
    } catch {
      // gone since the AX read: the next read will not list it
    }
  }))
  return secure
}

interface FrameRead {
  readonly frame: Frame
  readonly nodes: ReadonlyArray<AxNode>
}

/**
 * Reads a page's accessibility tree as CdpNodes: `Accessibility.getFullAXTree` per frame of `Page.getFrameTree`
 * (Chromium computes it on demand, so a browser started without `--force-renderer-accessibility` answers too), each
 * child frame's tree grafted under the element that owns it (`DOM.getFrameOwner`). Shadow DOM is in the tree as the
 * page renders it. Ignored nodes are left out with their children kept in place; text runs (`InlineTextBox`) are
 * dropped, and so is a static text that only repeats its parent's name (a button's label).
 */
export const readPage = async (session: PageSession): Promise<PageRead> => {
  await session.call("DOM.enable").catch(() => undefined)
  const main = await frameTree(session)
  const frames = framesOf(main)
  const reads: Array<FrameRead> = []
  const unreadFrames: Array<{ frameId: string; url?: string; reason: string }> = []
  for (const frame of frames) {
    try {
      const { nodes } = await session.call("Accessibility.getFullAXTree", { frameId: frame.id }) as { nodes?: Array<AxNode> }
      reads.push({ frame, nodes: nodes ?? [] })
    } catch (error) {
      if (frame === main) throw error
      unreadFrames.push({ frameId: frame.id, url: frame.url, reason: error instanceof CdpError ? error.message : String(error) })
    }
  }
  const owners = new Map<number, FrameRead>()
  for (const read of reads.slice(1)) {
    try {
      const { backendNodeId } = await session.call("DOM.getFrameOwner", { frameId: read.frame.id }) as { backendNodeId?: number }
      if (typeof backendNodeId === "number") owners.set(backendNodeId, read)
    } catch (error) {
      unreadFrames.push({ frameId: read.frame.id, url: read.frame.url, reason: `its owner element is gone: ${error instanceof CdpError ? error.message : String(error)}` })
    }
  }
  const secure = await secureFields(session, reads.flatMap((read) => read.nodes))
  const build = (read: FrameRead): CdpNode | undefined => {
    const byId = new Map(read.nodes.map((node) => [node.nodeId, node]))
    const rootNode = read.nodes.find((node) => node.parentId === undefined) ?? read.nodes[0]
    if (rootNode === undefined) return undefined
    const childrenOf = (node: AxNode): Array<CdpNode> => {
      const out: Array<CdpNode> = []
      for (const id of node.childIds ?? []) {
        const child = byId.get(id)
        if (child === undefined || SKIPPED_ROLES.has(chromiumRole(child))) continue
        if (child.ignored) out.push(...childrenOf(child))
        else out.push(convert(child))
      }
      return out
    }
    const convert = (node: AxNode): CdpNode => {
      const role = roleOf(node)
      const states = statesOf(node, node.backendDOMNodeId !== undefined && secure.has(node.backendDOMNodeId))
      const fields = textOf(node)
      let children = childrenOf(node)
      if (children.length === 1 && children[0]!.chromiumRole === "StaticText" && children[0]!.name === fields.name && children[0]!.children.length === 0) children = []
      // A frame's document hangs under the element that owns it.
      const owned = node.backendDOMNodeId === undefined ? undefined : owners.get(node.backendDOMNodeId)
      const frameRoot = owned === undefined ? undefined : build(owned)
      if (frameRoot !== undefined) children = [...children, frameRoot]
      return {
        role,
        chromiumRole: chromiumRole(node),
        ...fields,
        states,
        actions: actionsOf(node, role, states),
        ...(node.backendDOMNodeId === undefined ? {} : { backendNodeId: node.backendDOMNodeId }),
        frameId: node.frameId ?? read.frame.id,
        loaderId: read.frame.loaderId,
        children
      }
    }
    return rootNode.ignored ? { ...convert({ ...rootNode, ignored: false }) } : convert(rootNode)
  }
  const root = build(reads[0]!)
  if (root === undefined) throw new CdpError({ kind: "no_page", message: "the page's main frame has no accessibility tree" })
  return { root, axNodes: reads.reduce((sum, read) => sum + read.nodes.length, 0), frames: reads.length, unreadFrames }
}
