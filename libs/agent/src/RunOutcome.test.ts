import { assert, describe, it } from "@effect/vitest"
import { Cause } from "effect"
import { completeTurn, hitMaxTurns, initialState } from "./loop/AgentState.js"
import {
  agentEnded,
  type CreatedInfo,
  initialOutcome,
  internalError,
  maxTurnsHit,
  runCreated,
  runFailed,
  tasksIncomplete
} from "./RunOutcome.js"

const info: CreatedInfo = { sessionId: "s", model: "m", cwd: "/", permissionMode: "default", tools: ["Bash"], restored: false, mcpServers: [] }

describe("RunOutcome transitions", () => {
  it("a run that never started knows nothing: no session, no failure, no tasks, no agent state", () => {
    assert.deepStrictEqual(initialOutcome, { created: undefined, thrown: undefined, incompleteTasks: [], ended: undefined })
    assert.isFalse(maxTurnsHit(initialOutcome))
  })

  it("each step sets its own field and leaves the previous outcome untouched", () => {
    const created = runCreated(info)(initialOutcome)
    const pending = [{ task_id: "t1", type: "agent" as const, description: "bg" }]
    const ended = agentEnded(completeTurn("done")(initialState))(tasksIncomplete(pending)(created))
    assert.deepStrictEqual(ended.created, info)
    assert.deepStrictEqual(ended.incompleteTasks, pending)
    assert.strictEqual(ended.ended?.lastText, "done")
    assert.isUndefined(initialOutcome.created)
    assert.deepStrictEqual(created.incompleteTasks, [])
  })

  it("the latest failure is the one reported", () => {
    assert.strictEqual(runFailed("internal")(runFailed("create")(initialOutcome)).thrown, "internal")
  })

  it("maxTurnsHit reads the ended agent's state (D8)", () => {
    assert.isTrue(maxTurnsHit(agentEnded(hitMaxTurns(initialState))(initialOutcome)))
    assert.isFalse(maxTurnsHit(agentEnded(initialState)(initialOutcome)))
  })

  it("internalError: a stop (interrupt) is no error; a defect is, by its first line", () => {
    assert.isUndefined(internalError(Cause.interrupt()))
    assert.strictEqual(internalError(Cause.die(new Error("boom\nstack"))), "Internal error: Error: boom")
  })
})
