import type { Accessible } from "../../atspi/Accessible.js"
import type { ActContext, ActionHandler } from "../ActContext.js"
import { timeoutFor } from "../Deadline.js"
import { declined, unsupported } from "../Failures.js"
import { step } from "../Step.js"

/** One Component call on the target: needs the Component interface; a decline is `ACTION_FAILED`. */
const componentCall = (label: string, what: string, send: (accessible: Accessible, timeoutMs: number) => Promise<boolean>) =>
  async ({ node, accessible, steps, deadline }: ActContext) => {
    if (!node.interfaces.includes("Component")) throw unsupported(node, what)
    if (!(await step(steps, label, () => send(accessible, timeoutFor(deadline))))) throw declined(steps, what)
    return steps.all
  }

export const focus: ActionHandler<{ readonly kind: "focus" }> =
  componentCall("Component.GrabFocus", "focus", (accessible, timeoutMs) => accessible.grabFocus(timeoutMs))

export const scrollTo: ActionHandler<{ readonly kind: "scroll_to" }> =
  componentCall("Component.ScrollTo", "scroll-to", (accessible, timeoutMs) => accessible.scrollTo(timeoutMs))
