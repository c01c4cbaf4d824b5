/** What the platform skill tells an agent about one toolkit: one row of its table. */
export interface ToolkitNotes {
  /** The toolkit and the apps it was tested with (how to start them, where that matters). */
  readonly tested: string
  /** What reads give. */
  readonly observe: string
  /** Which actions work, and how each was checked. */
  readonly act: string
  /** Where it stops, and what to do instead. */
  readonly limits: string
}
