import { PlatformError } from "@agent-desktop/platform"
import { DbusCallError } from "../dbus/DbusCallError.js"
import type { ToolkitProfile } from "../toolkits/ToolkitProfile.js"
import { mapRole } from "../tree/ContractNode.js"
import { mayBeItem } from "../tree/ItemRole.js"
import type { RawNode } from "../tree/RawNode.js"
import type { StepLog } from "./StepLog.js"

/** Maps a failed read (nothing sent yet) to the contract code. */
export const lookupFailure = (error: unknown, what: string): PlatformError => {
  if (error instanceof PlatformError) return error
  if (error instanceof DbusCallError) {
    if (error.peerGone) return new PlatformError({ code: "APP_NOT_FOUND", message: `the app owning ${what} is gone`, platformDetail: error.message })
    if (error.objectGone) return new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `${what} no longer exists`, platformDetail: error.message })
    if (error.failure === "timeout") return new PlatformError({ code: "APP_UNRESPONSIVE", message: `the app did not answer while reading ${what}`, platformDetail: error.message })
    return new PlatformError({ code: "ELEMENT_NOT_FOUND", message: `${what} could not be read`, platformDetail: error.message })
  }
  return new PlatformError({ code: "INTERNAL", message: `reading ${what} failed`, platformDetail: String(error) })
}

/** The toolkit answered `false`: nothing happened. Carries the steps so far. */
export const declined = (steps: StepLog, what: string): PlatformError =>
  new PlatformError({ code: "ACTION_FAILED", message: `the toolkit declined ${what}`, steps: steps.all })

/**
 * The element offers no AT-SPI way to do this (nothing was sent). Where the toolkit's profile knows the way that
 * does work for this role, it is said: in the message and as the error's suggestion.
 */
export const unsupported = (node: RawNode, what: string, profile?: ToolkitProfile): PlatformError => {
  const hint = profile?.unsupportedHints?.find((h) =>
    h.role === node.role && (h.action === undefined || what.startsWith(h.action)) && (h.interface === undefined || node.interfaces.includes(h.interface)))
  // A table's cell that reads as its renderer's label (Swing) is named as the cell it is, as a tree read names it.
  const role = mayBeItem(node) && node.interfaces.includes("TableCell") ? "cell" : mapRole(node)
  return new PlatformError({
    code: "ACTION_NOT_SUPPORTED",
    message: `a ${role} does not support ${what} through AT-SPI${hint ? `: ${hint.why}` : ""}`,
    details: {
      role,
      toolkit_actions: node.actions ?? [],
      interfaces: node.interfaces,
      ...(hint ? { toolkit: profile!.id } : {})
    },
    ...(hint ? { suggestion: hint.instead } : {})
  })
}
