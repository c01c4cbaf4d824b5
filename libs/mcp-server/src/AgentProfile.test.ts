import { describe, expect, it } from "@effect/vitest"
import { validateEnvelope } from "@agent-desktop/contract-check"
import { CONTRACT_VERSIONS } from "@agent-desktop/contracts/vocabulary"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { agentProfile } from "./AgentProfile.js"

const fixtures = (version: string) => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../contracts/fixtures", version, "valid")
  return fs.readdirSync(dir).map((file) => ({ file, envelope: JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown> }))
}

describe("the agent profile of a result", () => {
  it.each(CONTRACT_VERSIONS)("keeps every valid %s fixture valid in the strict schema of its version", (version) => {
    let changed = 0
    for (const { file, envelope } of fixtures(version)) {
      const projected = agentProfile(envelope)
      const result = validateEnvelope(version, projected, { strict: true })
      expect(result.valid, `${version}/${file}: ${JSON.stringify(result.errors.slice(0, 2))}`).toBe(true)
      if (JSON.stringify(projected) !== JSON.stringify(envelope)) changed++
    }
    // The rules do apply to the fixtures (nodes with native ids and actions, action results with steps).
    expect(changed).toBeGreaterThan(3)
  })

  it("leaves out toolkit addresses, uninformative actions, step logs and default post-state fields", () => {
    const envelope = {
      version: "2.6",
      ok: true,
      command: "batch",
      data: {
        results: [
          {
            version: "2.6", ok: true, command: "snapshot",
            data: {
              tree: {
                role: "window", native_id: { kind: "atspi_object_path", value: "/org/a11y/atspi/accessible/1" },
                children: [
                  { ref_id: "@s1abc:e1", role: "button", name: "OK", available_actions: ["Click", "ScrollTo", "SetFocus"] },
                  { ref_id: "@s1abc:e2", role: "label", available_actions: ["ScrollTo"] },
                  { ref_id: "@s1abc:e3", role: "checkbox", available_actions: ["Click", "Toggle", "Check", "Uncheck"] },
                  { ref_id: "@s1abc:e4", role: "checkbox", available_actions: ["Check"] }
                ]
              }
            }
          },
          {
            version: "2.6", ok: true, command: "type",
            data: {
              action: "type",
              disposition: { delivery: "delivered_verified", retry: "unsafe" },
              steps: [{ label: "EditableText.InsertText", outcome: "succeeded" }],
              post_state: { role: "textfield", states: [], value: "hi", enabled: true, hidden: false, offscreen: true }
            }
          }
        ]
      }
    }
    expect(agentProfile(envelope)).toEqual({
      version: "2.6",
      ok: true,
      command: "batch",
      data: {
        results: [
          {
            version: "2.6", ok: true, command: "snapshot",
            data: {
              tree: {
                role: "window",
                children: [
                  { ref_id: "@s1abc:e1", role: "button", name: "OK", available_actions: ["Click"] },
                  { ref_id: "@s1abc:e2", role: "label" },
                  { ref_id: "@s1abc:e3", role: "checkbox", available_actions: ["Click", "Toggle"] },
                  { ref_id: "@s1abc:e4", role: "checkbox", available_actions: ["Check"] }
                ]
              }
            }
          },
          {
            version: "2.6", ok: true, command: "type",
            data: {
              action: "type",
              disposition: { delivery: "delivered_verified", retry: "unsafe" },
              post_state: { role: "textfield", states: [], value: "hi", offscreen: true }
            }
          }
        ]
      }
    })
  })

  it("leaves a diff's window out (its base's), and keeps a whole snapshot's", () => {
    const window = { id: "w-1", title: "Form" }
    const diff = { version: "2.7", ok: true, command: "snapshot", data: { app: "a", window, snapshot_id: "s2abc", ref_count: 1, complete: true, diff: { since: "s1abc", unchanged: 1 } } }
    expect(agentProfile(diff).data).not.toHaveProperty("window")
    const whole = { ...diff, data: { ...diff.data, tree: { role: "window" }, diff: { since: "s1abc", whole: true, reason: "changed_too_much" } } }
    expect(agentProfile(whole).data).toHaveProperty("window", window)
  })

  it("passes an error envelope whole", () => {
    const error = {
      version: "2.6", ok: false, command: "click",
      error: { code: "ACTION_FAILED", message: "m", disposition: { delivery: "not_delivered", retry: "safe" }, details: { steps: [1], native_id: "x" } }
    }
    expect(agentProfile(error)).toBe(error)
  })
})
