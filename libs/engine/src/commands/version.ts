import { CONTRACT_VERSIONS, LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { Effect } from "effect"
import { ENGINE_VERSION } from "../EngineVersion.js"

/** `version`: the binary version (not the contract version), CPU architecture, OS and the contracts it can print. */
export const version = () =>
  Effect.succeed({
    version: ENGINE_VERSION,
    target: process.arch,
    os: process.platform,
    contracts: [...CONTRACT_VERSIONS],
    default_contract: LATEST_CONTRACT_VERSION
  })
