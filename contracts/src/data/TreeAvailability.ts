import Type from "typebox"
import { def } from "../schema/def.js"
import { NodeSource } from "../schema/SnapshotNode.js"

/**
 * 2.7: a window (or an app's windows) shows no usable accessibility tree, said where an agent looks: `tree` says
 * how (`absent`: the app never registered with the accessibility bus — Tk, a GTK 2 app without its module, a Java app
 * without the ATK wrapper; `inactive`: registered, but its content is off — a Chromium/Electron renderer started
 * without accessibility; `empty`: the window's tree has nothing an agent can use — one opaque canvas), `sources`
 * the sources that can still serve it (`cdp` where a DevTools endpoint is open on loopback, `ocr` where the screen
 * can be read), and `fix` how to turn its tree on (a relaunch with a flag or a variable), when there is a way.
 */
export const TreeAvailability = Type.Object(
  {
    tree: Type.Enum(["absent", "inactive", "empty"]),
    sources: Type.Array(NodeSource),
    fix: Type.Optional(Type.String())
  },
  def("TreeAvailability")
)
export type TreeAvailability = Type.Static<typeof TreeAvailability>
