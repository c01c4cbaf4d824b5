// One streamed chat-completions request over node:http (no undici): resolves with the assembled Completion or
// rejects with a ModelError. Cancelled through the AbortSignal Effect passes to tryPromise.
import { MutableRef } from "effect"
import type * as Http from "node:http"
import type { ModelSettings } from "../config/ModelConfig.js"
import type { CompletionRequest, StreamHandlers } from "./ChatTypes.js"
import { type CompletionState, completionStep } from "./completionState.js"
import { type ModelError, ModelHttpError, ModelNetworkError, ModelProtocolError } from "./ModelError.js"
import { parseRetryAfter } from "./retrySchedule.js"
import { sseLines } from "./sseLines.js"

const errorDetail = (body: string): string => {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    if (typeof parsed.error === "string") return parsed.error
    if (typeof parsed.error?.message === "string") return parsed.error.message
    if (typeof parsed.message === "string") return parsed.message
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 500) || "(empty body)"
}

export const requestBody = (settings: ModelSettings, request: CompletionRequest): string =>
  JSON.stringify({
    model: request.model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(settings.maxOutputTokens === undefined ? {} : { max_tokens: settings.maxOutputTokens }),
    ...(request.tools.length > 0 ? { tools: request.tools, tool_choice: "auto" } : {})
  })

// node:http(s) load lazily: they are not needed before system/init, and start-up is budgeted.
let transports: Promise<{ readonly http: typeof Http; readonly https: typeof import("node:https") }> | undefined
const loadTransports = () =>
  transports ??= Promise.all([import("node:http"), import("node:https")]).then(([http, https]) => ({ http, https }))

export const streamCompletion = async (
  settings: ModelSettings,
  request: CompletionRequest,
  /** The attempt's fold; each payload's deltas go to `handlers` as they come. */
  completion: MutableRef.MutableRef<CompletionState>,
  handlers: StreamHandlers,
  signal: AbortSignal
): Promise<void> => {
  const { http, https } = await loadTransports()
  return new Promise<void>((resolve, reject) => {
    const fail = (error: ModelError) => reject(error)
    const url = new URL(`${settings.baseUrl}/chat/completions`)
    const body = requestBody(settings, request)
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      accept: "text/event-stream",
      "x-session-id": request.sessionId
    }
    if (settings.apiKey !== undefined) headers["authorization"] = `Bearer ${settings.apiKey}`
    const transport = url.protocol === "https:" ? https : http
    let settled = false
    const client = transport.request(url, { method: "POST", headers, signal }, (response) => {
      const status = response.statusCode ?? 0
      response.setEncoding("utf8")
      if (status < 200 || status >= 300) {
        let text = ""
        response.on("data", (part: string) => {
          text += part
        })
        response.on("end", () =>
          fail(
            new ModelHttpError({
              status,
              detail: errorDetail(text),
              retryAfterMs: parseRetryAfter(response.headers["retry-after"], Date.now())
            })
          ))
        response.on("error", (error) => fail(new ModelNetworkError({ detail: error.message })))
        return
      }
      let pending = ""
      let done = false
      let valid = 0
      response.on("data", (part: string) => {
        if (done) return
        const [rest, payloads] = sseLines(pending, part)
        pending = rest
        for (const payload of payloads) {
          if (payload === "[DONE]") {
            done = true
            break
          }
          const before = MutableRef.get(completion)
          const [next, deltas] = completionStep(before, payload)
          MutableRef.set(completion, next)
          if (next.malformed === before.malformed) valid++
          for (const delta of deltas) {
            if (delta.kind === "reasoning") handlers.onReasoning(delta.text)
            else handlers.onContent(delta.text)
          }
        }
      })
      response.on("end", () => {
        if (settled) return
        settled = true
        // [DONE] after nothing usable is not an empty answer: it is a stream we could not read.
        if (valid === 0) {
          const malformed = MutableRef.get(completion).malformed
          fail(new ModelProtocolError({
            detail: `the stream ${done ? "ended ([DONE])" : "ended"} without any valid chunk` +
              (malformed > 0 ? ` (${malformed} malformed)` : "")
          }))
        } else resolve()
      })
      response.on("aborted", () => fail(new ModelNetworkError({ detail: "the server closed the stream mid-response" })))
      response.on("error", (error) => {
        settled = true
        fail(new ModelNetworkError({ detail: `stream broken: ${error.message}` }))
      })
    })
    client.setTimeout(settings.requestTimeoutMs, () => {
      client.destroy(new Error(`no data for ${settings.requestTimeoutMs} ms`))
    })
    client.on("error", (error: NodeJS.ErrnoException) => {
      if (settled) return
      settled = true
      const connect = ["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"].includes(error.code ?? "")
      fail(new ModelNetworkError({ detail: `${url.host}: ${error.message}`, connect }))
    })
    client.end(body)
  })
}
