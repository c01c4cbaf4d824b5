/** The table of semantic actions: one handler per kind, each in `handlers/`. Adding a kind means adding a row. */
import type { ActionHandlers } from "./ActContext.js"
import { click } from "./handlers/click.js"
import { expandCollapse } from "./handlers/expandCollapse.js"
import { focus, scrollTo } from "./handlers/focusScroll.js"
import { select } from "./handlers/select.js"
import { clear, setValue, type } from "./handlers/textEntry.js"
import { toggle } from "./handlers/toggle.js"

export const ACTION_HANDLERS: ActionHandlers = {
  click,
  toggle,
  expand: expandCollapse,
  collapse: expandCollapse,
  focus,
  scroll_to: scrollTo,
  set_value: setValue,
  clear,
  type,
  select
}
