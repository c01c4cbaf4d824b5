import { assert, describe, it } from "@effect/vitest"
import { Cause, Exit } from "effect"
import { initialState } from "./AgentState.js"
import type { BackgroundTask } from "./BackgroundTask.js"
import { startLoading, stop } from "./dispatchState.js"
import { addTask, finishTask, killRunning, pendingTasks, runningTasks, taskOutcome } from "./taskState.js"

const task = (id: string, notify = true): BackgroundTask => ({
  id,
  type: notify ? "agent" : "memory",
  description: `task ${id}`,
  status: "running",
  summary: "",
  notify
})

const withTasks = (...tasks: Array<BackgroundTask>) => tasks.reduce((state, t) => addTask(t)(state), initialState)

describe("background task transitions", () => {
  it("taskOutcome: a value completes, a failure fails with its message, a defect fails generically", () => {
    assert.deepStrictEqual(taskOutcome(Exit.succeed("done")), { status: "completed", summary: "done" })
    assert.deepStrictEqual(taskOutcome(Exit.fail("boom")), { status: "failed", summary: "boom" })
    assert.deepStrictEqual(taskOutcome(Exit.failCause(Cause.die(new Error("x")))), {
      status: "failed",
      summary: "the task failed"
    })
  })

  it("finishTask on an idle agent sets the status and queues the notification in one step, claiming the agent", () => {
    const [dispatch, state] = finishTask("t1", { status: "completed", summary: "BG_DONE" })(withTasks(task("t1")))
    assert.isTrue(dispatch)
    assert.strictEqual(state.tasks[0]?.status, "completed")
    assert.strictEqual(state.tasks[0]?.summary, "BG_DONE")
    assert.isTrue(state.loading)
    assert.strictEqual(state.queue.length, 1)
    assert.include(state.queue[0], "<task-id>t1</task-id>")
    assert.include(state.queue[0], "<status>completed</status>")
    assert.include(state.queue[0], "<summary>BG_DONE</summary>")
    assert.deepStrictEqual(runningTasks(state), [])
  })

  it("finishTask while the agent is loading only queues the notification", () => {
    const [dispatch, state] = finishTask("t1", { status: "failed", summary: "x" })(startLoading(withTasks(task("t1"))))
    assert.isFalse(dispatch)
    assert.strictEqual(state.queue.length, 1)
  })

  it("a silent task (memory extraction) ends without a notification", () => {
    const [dispatch, state] = finishTask("m", { status: "completed", summary: "" })(withTasks(task("m", false)))
    assert.isFalse(dispatch)
    assert.deepStrictEqual(state.queue, [])
    assert.strictEqual(state.tasks[0]?.status, "completed")
  })

  it("a stopped agent records the status but queues nothing", () => {
    const [dispatch, state] = finishTask("t1", { status: "completed", summary: "" })(stop(withTasks(task("t1"))))
    assert.isFalse(dispatch)
    assert.deepStrictEqual(state.queue, [])
    assert.strictEqual(state.tasks[0]?.status, "completed")
  })

  it("killRunning kills only running tasks, drops the queue and stops; a killed task never finishes later", () => {
    const [, finished] = finishTask("t1", { status: "completed", summary: "" })(withTasks(task("t1"), task("t2"), task("t3", false)))
    const [killed, state] = killRunning(finished)
    assert.deepStrictEqual(killed.map((t) => [t.id, t.status]), [["t2", "killed"], ["t3", "killed"]])
    assert.deepStrictEqual(state.tasks.map((t) => t.status), ["completed", "killed", "killed"])
    assert.deepStrictEqual(state.queue, [])
    assert.isTrue(state.stopped)
    const [dispatch, after] = finishTask("t2", { status: "completed", summary: "late" })(state)
    assert.isFalse(dispatch)
    assert.strictEqual(after, state)
  })

  it("pendingTasks lists the running tasks as the waiting event shows them", () => {
    const [, state] = finishTask("t1", { status: "completed", summary: "" })(withTasks(task("t1"), task("t2")))
    assert.deepStrictEqual(pendingTasks(state), [{ task_id: "t2", type: "agent", description: "task t2" }])
  })
})
