import { PlatformError } from "@agent-desktop/platform"
import type { Accessible } from "../../atspi/Accessible.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import { mapRole } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActContext, ActionHandler } from "../ActContext.js"
import { timeoutFor } from "../Deadline.js"
import { declined, unsupported } from "../Failures.js"
import { step } from "../Step.js"

/** Why the toolkit will not do this call on this node (known before sending anything), or undefined. */
type Refusal = (node: RawNode, profile: ToolkitProfile) => string | undefined

/** One Component call on the target: needs the Component interface; a decline is `ACTION_FAILED`. */
const componentCall = (label: string, what: string, send: (accessible: Accessible, timeoutMs: number) => Promise<boolean>, refusal?: Refusal) =>
  async ({ node, accessible, steps, deadline }: ActContext) => {
    if (!node.interfaces.includes("Component")) throw unsupported(node, what)
    const why = refusal?.(node, accessible.profile)
    if (why !== undefined) {
      throw new PlatformError({
        code: "ACTION_NOT_SUPPORTED",
        message: `${what} on this ${mapRole(node)} is not possible through AT-SPI: ${why}`,
        details: { role: mapRole(node), toolkit: accessible.profile.id, toolkit_actions: node.actions ?? [] }
      })
    }
    if (!(await step(steps, label, () => send(accessible, timeoutFor(deadline))))) throw declined(steps, what)
    return steps.all
  }

export const focus: ActionHandler<{ readonly kind: "focus" }> =
  componentCall("Component.GrabFocus", "focus", (accessible, timeoutMs) => accessible.grabFocus(timeoutMs), (node, profile) =>
    profile.grabFocusNeedsFocusAction && !(node.actions ?? []).includes("focus")
      ? "the toolkit grabs focus only for objects whose actions list SetFocus, and this one's do not; click it instead"
      : undefined)

export const scrollTo: ActionHandler<{ readonly kind: "scroll_to" }> =
  componentCall("Component.ScrollTo", "scroll-to", (accessible, timeoutMs) => accessible.scrollTo(timeoutMs), (_node, profile) =>
    profile.scrollToMissing
      ? "the toolkit does not implement Component.ScrollTo; scroll its container (set-value on its scroll bar) or use --headed mouse-wheel"
      : undefined)
