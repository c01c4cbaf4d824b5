/** Ref actions: one element each, `data` is an ActionResult. */
export const REF_ACTION_COMMANDS = [
  "click",
  "double-click",
  "triple-click",
  "right-click",
  "type",
  "set-value",
  "clear",
  "focus",
  "select",
  "toggle",
  "check",
  "uncheck",
  "expand",
  "collapse",
  "scroll",
  "scroll-to"
] as const

/** Published names that always fail closed until a daemon can guarantee release of held input. */
export const FAIL_CLOSED_COMMANDS = ["key-down", "key-up", "mouse-down", "mouse-up"] as const

/** Commands whose shape the reference leaves unconfirmed; their `data` stays an open object. */
export const UNCONFIRMED_COMMANDS = ["open-system-surface", "cursor-overlay"] as const
