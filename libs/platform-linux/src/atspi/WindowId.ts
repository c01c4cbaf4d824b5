/**
 * Window ids are reversible: `w-<unique bus name without ':'>-<object path with '/' as '-'>`, e.g.
 * `w-1.4-org-a11y-atspi-accessible-3`. Object path elements never contain '-', so decoding is exact, and the id
 * stays the same for as long as the window object lives.
 */
import type { ObjectRef } from "./AtspiSession.js"

export const windowIdOf = (ref: ObjectRef): string =>
  `w-${ref.busName.replace(/^:/, "")}-${ref.path.replace(/^\//, "").replace(/\//g, "-")}`

export const refOfWindowId = (id: string): ObjectRef | undefined => {
  const match = /^w-([0-9.]+)-([A-Za-z0-9_-]+)$/.exec(id)
  if (!match?.[1] || !match[2]) return undefined
  return { busName: `:${match[1]}`, path: `/${match[2].replace(/-/g, "/")}` }
}
