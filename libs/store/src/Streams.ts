/** Stream names: one per CLI invocation, session, snapshot and wave conversation. */
export const invocationStream = (invocationId: string): string => `invocation-${invocationId}`
export const sessionStream = (sessionId: string): string => `session-${sessionId}`
export const snapshotStream = (namespace: string, snapshotId: string): string => `snapshot-${namespace}-${snapshotId}`
export const waveStream = (conversationId: string): string => `wave-${conversationId}`

/** Streams only the store's own methods append to; their events feed the projections. */
export const isStoreOwnedStream = (stream: string): boolean => stream.startsWith("snapshot-") || stream.startsWith("session-")

export const GLOBAL_NAMESPACE = "global"

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/

export const isValidSessionId = (id: string): boolean => SESSION_ID.test(id) && id !== GLOBAL_NAMESPACE

export const isValidNamespace = (namespace: string): boolean =>
  namespace === GLOBAL_NAMESPACE || SESSION_ID.test(namespace)
