// Background work of the main agent: run_in_background sub-agents and the silent memory extraction (D11).
// A task is an immutable record inside the agent's state (AgentState.ts); its fiber lives in the agent's FiberMap.
import type { Effect } from "effect"
import type { PendingTaskInfo } from "./AgentEvent.js"

export type TaskStatus = "running" | "completed" | "failed" | "killed"

export interface BackgroundTask {
  readonly id: string
  readonly type: "agent" | "memory"
  readonly description: string
  readonly status: TaskStatus
  readonly summary: string
  /** Whether completion enqueues a <task-notification> for the main agent (memory extraction does not). */
  readonly notify: boolean
}

export interface BackgroundTaskSpec {
  readonly type: BackgroundTask["type"]
  readonly description: string
  readonly notify: boolean
}

/** What a tool needs of the agent that runs it to start background work (the Agent tool). */
export interface BackgroundHost {
  /**
   * Starts background work. When it ends, its status is set and (if `notify`) its notification is queued in the
   * same step, then the queue is dispatched.
   */
  readonly startBackground: (spec: BackgroundTaskSpec, work: Effect.Effect<string, string>) => Effect.Effect<BackgroundTask>
}

export const taskNotification = (task: BackgroundTask): string =>
  [
    "<task-notification>",
    `<task-id>${task.id}</task-id>`,
    `<task-type>${task.type}</task-type>`,
    `<description>${task.description}</description>`,
    `<status>${task.status}</status>`,
    `<summary>${task.summary}</summary>`,
    "</task-notification>"
  ].join("\n")

export const pendingInfo = (task: BackgroundTask): PendingTaskInfo => ({
  task_id: task.id,
  type: task.type,
  description: task.description
})
