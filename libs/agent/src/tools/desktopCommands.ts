// The desktop commands offered to the model: name, description, JSON Schema of the snake_case args.
// Pure data (no Effect), so the start-up path can list tool names before anything heavy is loaded.

type Param = { readonly type: "string" | "integer" | "boolean"; readonly description: string; readonly enum?: ReadonlyArray<string> }
export interface CommandSpec {
  readonly command: string
  readonly description: string
  readonly params: Readonly<Record<string, Param>>
  readonly required?: ReadonlyArray<string>
}

const ref: Param = { type: "string", description: "Element ref from the latest snapshot, e.g. @s8f3k2p9:e7" }
const app: Param = { type: "string", description: "Application name" }
const timeout: Param = { type: "integer", description: "Actionability + resolution budget in ms (default 5000)" }
const refOnly = (command: string, description: string): CommandSpec => ({
  command,
  description,
  params: { ref_id: ref, timeout_ms: timeout },
  required: ["ref_id"]
})

export const DESKTOP_COMMANDS: ReadonlyArray<CommandSpec> = [
  {
    command: "snapshot",
    description: "Read an app's accessibility tree. Interactive elements get refs (@<snapshot_id>:e<N>) that the " +
      "action tools take. Take a fresh snapshot after the UI changes.",
    params: {
      app,
      window_id: { type: "string", description: "Window id from list_windows" },
      interactive_only: { type: "boolean", description: "Only interactive elements (smaller output)" },
      compact: { type: "boolean", description: "Collapse wrapper nodes" },
      max_depth: { type: "integer", description: "Tree depth limit (default 10)" }
    }
  },
  {
    command: "find",
    description: "Search the live tree for elements by role and/or text; returns matches with refs.",
    params: {
      app,
      role: { type: "string", description: "Role, e.g. button" },
      name: { type: "string", description: "Accessible name (substring)" },
      text: { type: "string", description: "Text in name, value or description" }
    }
  },
  {
    command: "get",
    description: "Read one property of an element.",
    params: {
      ref_id: ref,
      property: { type: "string", description: "Property", enum: ["text", "value", "title", "bounds", "role", "states"] }
    },
    required: ["ref_id"]
  },
  {
    command: "is",
    description: "Check one state of an element.",
    params: {
      ref_id: ref,
      property: { type: "string", description: "State", enum: ["visible", "enabled", "checked", "focused", "expanded"] }
    },
    required: ["ref_id"]
  },
  refOnly("click", "Click (activate) an element."),
  refOnly("focus", "Move keyboard focus to an element."),
  refOnly("toggle", "Toggle a checkbox, switch or toggle button."),
  refOnly("check", "Make sure a checkbox is checked (idempotent)."),
  refOnly("uncheck", "Make sure a checkbox is unchecked (idempotent)."),
  refOnly("expand", "Expand a tree node, combo box or disclosure."),
  refOnly("collapse", "Collapse a tree node, combo box or disclosure."),
  refOnly("clear", "Clear a text field."),
  refOnly("scroll-to", "Scroll an element into view."),
  {
    command: "type",
    description: "Type text into an element.",
    params: { ref_id: ref, text: { type: "string", description: "Text to type" }, timeout_ms: timeout },
    required: ["ref_id", "text"]
  },
  {
    command: "set-value",
    description: "Set an element's value directly (text fields, sliders, spin buttons).",
    params: { ref_id: ref, value: { type: "string", description: "New value" }, timeout_ms: timeout },
    required: ["ref_id", "value"]
  },
  {
    command: "select",
    description: "Select an option of a list or combo box by its text.",
    params: { ref_id: ref, value: { type: "string", description: "Option text" }, timeout_ms: timeout },
    required: ["ref_id", "value"]
  },
  {
    command: "scroll",
    description: "Scroll an element.",
    params: {
      ref_id: ref,
      direction: { type: "string", description: "Direction (default down)", enum: ["up", "down", "left", "right"] },
      amount: { type: "integer", description: "Steps (default 3)" }
    },
    required: ["ref_id"]
  },
  {
    command: "press",
    description: "Press a key combination, e.g. ctrl+s or return.",
    params: { combo: { type: "string", description: "mod+mod+key" }, app },
    required: ["combo"]
  },
  {
    command: "launch",
    description: "Launch an application and wait for its window.",
    params: { app: { type: "string", description: "Application name or desktop id" } },
    required: ["app"]
  },
  {
    command: "close-app",
    description: "Close an application.",
    params: { app: { type: "string", description: "Application name" } },
    required: ["app"]
  },
  { command: "list-apps", description: "List running accessible applications.", params: { app } },
  { command: "list-windows", description: "List windows.", params: { app } },
  {
    command: "wait",
    description: "Wait for a number of milliseconds, or until an element matching a selector appears.",
    params: {
      ms: { type: "integer", description: "Milliseconds to wait" },
      element: { type: "string", description: "Selector role:text" },
      app
    }
  }
]

export const toolName = (command: string): string => command.replace(/-/g, "_")

