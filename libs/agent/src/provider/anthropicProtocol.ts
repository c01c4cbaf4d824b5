// The Anthropic Messages API: `POST <base>/v1/messages` (a base that already ends in /v1 gets `/messages`),
// `x-api-key` (or `Authorization: Bearer` from ANTHROPIC_AUTH_TOKEN, for gateways) and `anthropic-version`;
// events folded by anthropic/messagesState.ts; complete at `message_stop`.
import { messagesBody } from "./anthropic/messagesRequest.js"
import {
  emptyMessages,
  messagesCompletion,
  messagesIncomplete,
  type MessagesState,
  messagesStep
} from "./anthropic/messagesState.js"
import type { WireProtocol } from "./WireProtocol.js"

export const ANTHROPIC_VERSION = "2023-06-01"

export const anthropicProtocol: WireProtocol<MessagesState> = {
  url: (settings) => new URL(settings.baseUrl.endsWith("/v1") ? `${settings.baseUrl}/messages` : `${settings.baseUrl}/v1/messages`),
  headers: (settings) => ({
    "anthropic-version": ANTHROPIC_VERSION,
    ...(settings.apiKey === undefined ? {} : { "x-api-key": settings.apiKey }),
    ...(settings.authToken === undefined ? {} : { authorization: `Bearer ${settings.authToken}` })
  }),
  body: messagesBody,
  initial: emptyMessages,
  step: messagesStep,
  finished: (state) => state.stopped,
  failure: (state) => state.error,
  incomplete: messagesIncomplete,
  emitted: (state) => state.emitted,
  completion: messagesCompletion
}
