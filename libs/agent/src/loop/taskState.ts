// Background tasks as transitions over AgentState. finishTask is the second ordering fact of Agent.ts: a task's
// final status and its notification enter the state in one step, so no observer sees "nothing running, nothing
// queued" between them.
import { Exit } from "effect"
import type { PendingTaskInfo } from "./AgentEvent.js"
import type { AgentState } from "./AgentState.js"
import { type BackgroundTask, pendingInfo, taskNotification } from "./BackgroundTask.js"
import { enqueue } from "./dispatchState.js"

export interface TaskOutcome {
  readonly status: "completed" | "failed"
  readonly summary: string
}

export const taskOutcome = (exit: Exit.Exit<string, string>): TaskOutcome =>
  Exit.isSuccess(exit)
    ? { status: "completed", summary: exit.value }
    : {
      status: "failed",
      summary: String(exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error ?? "the task failed")
    }

export const addTask = (task: BackgroundTask) => (state: AgentState): AgentState => ({
  ...state,
  tasks: [...state.tasks, task]
})

/**
 * Ends a running task (a task already ended or killed stays as it is); a notifying task of a live agent queues its
 * notification. Answers whether the caller must start the dispatch loop.
 */
export const finishTask = (id: string, outcome: TaskOutcome) => (state: AgentState): [boolean, AgentState] => {
  const task = state.tasks.find((candidate) => candidate.id === id)
  if (task === undefined || task.status !== "running") return [false, state]
  const finished: BackgroundTask = { ...task, status: outcome.status, summary: outcome.summary }
  const next = { ...state, tasks: state.tasks.map((candidate) => candidate.id === id ? finished : candidate) }
  return finished.notify && !state.stopped ? enqueue(taskNotification(finished))(next) : [false, next]
}

/** At the wait ceiling: every running task is killed (without a notification), the queue dropped, the agent stopped. */
export const killRunning = (state: AgentState): [ReadonlyArray<BackgroundTask>, AgentState] => {
  const tasks = state.tasks.map((task) => task.status === "running" ? { ...task, status: "killed" as const } : task)
  const killed = tasks.filter((task, index) => task !== state.tasks[index])
  return [killed, { ...state, tasks, queue: [], stopped: true }]
}

export const runningTasks = (state: AgentState): ReadonlyArray<BackgroundTask> =>
  state.tasks.filter((task) => task.status === "running")

export const pendingTasks = (state: AgentState): ReadonlyArray<PendingTaskInfo> => runningTasks(state).map(pendingInfo)
