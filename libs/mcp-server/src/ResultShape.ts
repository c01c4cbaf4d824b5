/**
 * An engine envelope as a client of this server reads it: converted to the pinned contract, then shaped by the
 * result profile (AgentProfile.ts for `agent`). Tool results and watch resources go through it alike.
 */
import { convertEnvelope } from "@agent-desktop/contracts/convert"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { agentProfile } from "./AgentProfile.js"
import type { Envelope } from "@agent-desktop/domain"
import type { McpOptions } from "./McpOptions.js"

export const shapeEnvelope = (envelope: Envelope, options: McpOptions): Record<string, unknown> => {
  const converted = (options.contract === LATEST_CONTRACT_VERSION
    ? envelope
    : convertEnvelope(envelope as never, LATEST_CONTRACT_VERSION, options.contract)) as Record<string, unknown>
  return options.profile === "agent" ? agentProfile(converted) : converted
}
