/**
 * Agent tools that offer several commands differing by one argument (an agent would not miss the separate tools):
 * the MCP server lists one tool per group, whose `key` argument picks the command (each command names its group and
 * value in its spec entry, `agentGroup`). `use` says when an agent reaches for the tool. A group with a default member
 * takes the key as optional.
 */
export interface AgentGroup {
  readonly key: string
  readonly use: string
}

export const AGENT_GROUPS = {
  click: { key: "variant", use: "Activate an element by ref: a button, link, menu item, tab, check box. Other variants click physically (the server needs --headed)." },
  toggle: { key: "state", use: "Flip a check box, switch or toggle button; with state, make it checked or unchecked whatever it was (idempotent)." },
  expand: { key: "action", use: "Open or close a tree node, combo box or disclosure by ref." },
  mouse: { key: "action", use: "Pointer input where no ref fits: move, click or wheel at screen coordinates, or hover a ref (physical: the server needs --headed)." },
  clipboard: { key: "action", use: "Read, write or clear the clipboard (text, a PNG or file URLs)." },
  list: { key: "what", use: "See what runs: apps (the names app arguments take), windows (ids for window_id, focus, bounds), an app's surfaces (dialogs, menus) or the displays." },
  window: { key: "action", use: "Bring a window to the front or change its geometry or state; target it by app or window_id." },
  notifications: { key: "operation", use: "Read desktop notifications, dismiss them or press one of their actions." },
  status: { key: "show", use: "Diagnose the setup: the platform and accessibility state (default), the binary's version, or missing permissions." }
} as const satisfies Readonly<Record<string, AgentGroup>>

export type AgentGroupName = keyof typeof AGENT_GROUPS
