/** Client for the fixture app's control socket: one JSON request line, one JSON reply line. */
import { connect } from "node:net"

export type FixtureRequest =
  | { readonly op: "add"; readonly kind: "button" | "check" | "entry" | "label" | "menuitem" | "checkmenuitem" | "row"; readonly label: string; readonly id?: string }
  | { readonly op: "remove"; readonly id: string }
  | { readonly op: "rename"; readonly id: string; readonly label: string }
  | { readonly op: "duplicate"; readonly id: string }
  | { readonly op: "state"; readonly id: string }
  | { readonly op: "list" }
  | { readonly op: "quit" }

export interface FixtureReply {
  readonly ok: boolean
  readonly error?: string
  readonly id?: string
  readonly ids?: ReadonlyArray<string>
  readonly kind?: string
  readonly label?: string
  readonly text?: string | null
  readonly active?: boolean
  readonly value?: number
  readonly expanded?: boolean
  readonly visible?: boolean
  /** Menu items: how many times the item was activated. */
  readonly activations?: number
  /** The combo box: whether its popup is open. */
  readonly popup_shown?: boolean
}

export const controlFixture = (socketPath: string, request: FixtureRequest, timeoutMs = 5000): Promise<FixtureReply> =>
  new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    let text = ""
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`fixture control: no reply to ${request.op} within ${timeoutMs} ms`))
    }, timeoutMs)
    socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"))
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8")
      const newline = text.indexOf("\n")
      if (newline < 0) return
      clearTimeout(timer)
      socket.end()
      try {
        resolve(JSON.parse(text.slice(0, newline)) as FixtureReply)
      } catch (error) {
        reject(error)
      }
    })
    socket.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
