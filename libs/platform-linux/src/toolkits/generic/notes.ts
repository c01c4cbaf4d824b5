import type { ToolkitNotes } from "../ToolkitNotes.js"

/** This toolkit's row of the platform skill's table (`skills get platform`). */
export const genericNotes: ToolkitNotes = {
  tested: `anything else`,
  observe: `per-property reads, no bulk cache, nothing assumed`,
  act: `what its AT-SPI interfaces offer`,
  limits: `—`
}
