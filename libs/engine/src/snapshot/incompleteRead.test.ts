import type { TreeObservation } from "@agent-desktop/platform"
import { describe, expect, it } from "vitest"
import { incompleteRead } from "./incompleteRead.js"

const observation = (incomplete: TreeObservation["incomplete"], elapsedMs = 2100): TreeObservation => ({
  window: { id: "w", title: "T", app_name: "App", pid: 1 } as TreeObservation["window"],
  root: { role: "window", states: [], actions: [], path: [], handle: "", childCount: 1, budgetCut: true },
  complete: false,
  nodesObserved: 2006,
  ...(incomplete === undefined ? {} : { incomplete }),
  elapsedMs
})

describe("incompleteRead", () => {
  it("a deadline that cut the read quotes the real time and suggests a larger --timeout-ms", () => {
    const why = incompleteRead("find", observation(["deadline"], 60_012), 60_000, "App")
    expect(why.reason).toBe("deadline")
    expect(why.message).toContain("60000 ms")
    expect(why.message).toContain("60012 ms")
    expect(why.suggestion).toContain("larger --timeout-ms")
  })

  it("an app that stopped answering, a node cap or a page still loading never suggest a longer timeout", () => {
    for (const reason of ["unresponsive", "node_cap", "loading", "unreadable"] as const) {
      const why = incompleteRead("find", observation([reason, "deadline"]), 60_000, "App")
      expect(why.reason).toBe(reason)
      expect(why.suggestion).not.toContain("larger --timeout-ms")
      // The message never claims the whole timeout was spent when the read stopped after 2.1 s.
      expect(why.message).not.toContain("within 60000 ms")
      expect(why.message).toContain("2100 ms")
    }
  })
})
