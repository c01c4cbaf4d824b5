import { chromium } from "./chromium/profile.js"
import { gecko } from "./gecko/profile.js"
import { java } from "./java/profile.js"
import { gtk3 } from "./gtk3/profile.js"
import { gtk4 } from "./gtk4/profile.js"
import { libreoffice } from "./libreoffice/profile.js"
import { qt } from "./qt/profile.js"
import { genericProfile } from "./generic/profile.js"
import type { ToolkitProfile } from "./ToolkitProfile.js"

/** The profile for an app's `Application.ToolkitName` / `Version` (and its registry name, for VCL's GTK host). */
export const detectToolkit = (toolkitName: string, version: string, appName = ""): ToolkitProfile => {
  const name = toolkitName.trim().toLowerCase()
  if (/^soffice|^libreoffice/i.test(appName) || name === "vcl") return libreoffice
  if (name === "gtk" || name === "gail") return /^4\./.test(version.trim()) ? gtk4 : gtk3
  if (name === "qt") return qt
  if (name === "gecko") return gecko
  if (name === "chromium" || name === "chrome" || name === "electron") return chromium
  // The Java ATK wrapper names itself after the Java Access Bridge.
  if (name.startsWith("j2se-access-bridge") || name === "java") return java
  return genericProfile
}

export const allProfiles: ReadonlyArray<ToolkitProfile> = [gtk3, gtk4, qt, gecko, chromium, libreoffice, java, genericProfile]
