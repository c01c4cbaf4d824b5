import { randomBytes, randomUUID } from "node:crypto"

export const newSessionId = (): string => randomUUID()
export const newMessageId = (): string => `msg_${randomBytes(6).toString("hex")}`
export const newTaskId = (): string => `task_${randomBytes(4).toString("hex")}`
