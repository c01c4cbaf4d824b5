import type { RefEntry } from "@agent-desktop/domain"

/** The refs a snapshot of a `rows` x `columns` grid saves: entries shaped like platform-linux's real ones. */
export const gridRefs = (rows: number, columns: number): Record<string, RefEntry> => {
  const refs: Record<string, RefEntry> = {}
  let n = 0
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const object = `/org/a11y/atspi/accessible/${100 + n}`
      refs[`@e${++n}`] = {
        pid: 6417,
        process_instance: "linux-proc-v1:6417:411228",
        role: "cell",
        name: `Row ${row} column ${column}`,
        native_id: { kind: "atspi_object_path", value: object },
        bounds: { x: column * 120, y: 30 + row * 24, width: 120, height: 24 },
        bounds_hash: ((n * 2654435761) % 2 ** 32).toString(16).padStart(8, "0"),
        states: row % 2 === 0 ? ["focusable", "selectable"] : ["focusable", "selectable", "selected"],
        available_actions: ["Click", "ScrollTo", "Select", "SetFocus"],
        source_app: "fixture",
        source_window_id: "w-1.2-org-a11y-atspi-accessible-10",
        source_window_title: "Fixture grid",
        path: [0, 0, 1, 0, row * columns + column],
        path_child_counts: [1, 1, 2, 1, rows * columns],
        handle: `:1.2|${object}`,
        unique_at_capture: true
      }
    }
  }
  return refs
}
