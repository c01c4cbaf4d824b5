// Background work of the main agent: run_in_background sub-agents and the silent memory extraction (D11).
import type { Fiber } from "effect"
import type { PendingTaskInfo } from "./AgentEvent.js"

export type TaskStatus = "running" | "completed" | "failed" | "killed"

export interface BackgroundTask {
  readonly id: string
  readonly type: "agent" | "memory"
  readonly description: string
  status: TaskStatus
  summary: string
  /** Whether completion enqueues a <task-notification> for the main agent (memory extraction does not). */
  readonly notify: boolean
  fiber: Fiber.Fiber<unknown, unknown> | undefined
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

export class BackgroundTasks {
  readonly tasks = new Map<string, BackgroundTask>()

  running(): Array<BackgroundTask> {
    return [...this.tasks.values()].filter((task) => task.status === "running")
  }

  pending(): Array<PendingTaskInfo> {
    return this.running().map((task) => ({ task_id: task.id, type: task.type, description: task.description }))
  }
}
