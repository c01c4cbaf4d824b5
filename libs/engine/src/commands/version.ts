import { Effect } from "effect"

export const ENGINE_VERSION = "0.1.0"

/** `version`: the binary version (not the contract version), CPU architecture and OS. */
export const version = () => Effect.succeed({ version: ENGINE_VERSION, target: process.arch, os: process.platform })
