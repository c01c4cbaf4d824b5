import { PlatformError } from "@agent-desktop/platform"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import type { RawNode } from "../RawNode.js"

/**
 * The window read's root reports children and hands out only null objects: the app's accessibility is switched off
 * (Chromium without renderer accessibility). Nothing can be read or acted on until it is on; the profile says how.
 */
export const inactiveAccessibility = (root: RawNode, profile: ToolkitProfile): PlatformError =>
  new PlatformError({
    code: "ACTION_NOT_SUPPORTED",
    message: `the app's accessibility is switched off: its window reports ${root.childCount === 1 ? "a child" : `${root.childCount} children`} but exposes none`,
    details: {
      kind: "accessibility_inactive",
      toolkit: profile.id,
      ...(profile.inactiveAccessibility?.rendererActivation === true ? { renderer_accessibility_activation_required: true } : {})
    },
    suggestion: profile.inactiveAccessibility?.hint ?? "Restart the app with its accessibility switched on (a screen reader running, or the toolkit's accessibility setting)"
  })
