// One streamed model request over node:http (no undici), for any WireProtocol: resolves once the stream is complete
// or rejects with a ModelError. Cancelled through the AbortSignal Effect passes to tryPromise.
import { MutableRef } from "effect"
import type * as Http from "node:http"
import type { ModelSettings } from "../config/ModelConfig.js"
import type { CompletionRequest, StreamHandlers } from "./ChatTypes.js"
import { type ModelError, ModelHttpError, ModelNetworkError } from "./ModelError.js"
import { parseRetryAfter } from "./retrySchedule.js"
import { sseLines } from "./sseLines.js"
import type { WireProtocol } from "./WireProtocol.js"

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

/** `x-should-retry` (Anthropic): the server's own word on whether a retry can help. */
const shouldRetry = (header: string | string[] | undefined): boolean | undefined =>
  header === "true" ? true : header === "false" ? false : undefined

// node:http(s) load lazily: they are not needed before system/init, and start-up is budgeted.
let transports: Promise<{ readonly http: typeof Http; readonly https: typeof import("node:https") }> | undefined
const loadTransports = () =>
  transports ??= Promise.all([import("node:http"), import("node:https")]).then(([http, https]) => ({ http, https }))

export const streamCompletion = async <S>(
  settings: ModelSettings,
  protocol: WireProtocol<S>,
  request: CompletionRequest,
  /** The attempt's fold; each payload's deltas go to `handlers` as they come. */
  state: MutableRef.MutableRef<S>,
  handlers: StreamHandlers,
  signal: AbortSignal
): Promise<void> => {
  const { http, https } = await loadTransports()
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const fail = (error: ModelError) => {
      settled = true
      reject(error)
    }
    const url = protocol.url(settings)
    const body = protocol.body(settings, request)
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      accept: "text/event-stream",
      "x-session-id": request.sessionId,
      ...protocol.headers(settings, request)
    }
    const transport = url.protocol === "https:" ? https : http
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
              retryAfterMs: parseRetryAfter(response.headers["retry-after"], Date.now()),
              shouldRetry: shouldRetry(response.headers["x-should-retry"])
            })
          ))
        response.on("error", (error) => fail(new ModelNetworkError({ detail: error.message })))
        return
      }
      let pending = ""
      response.on("data", (part: string) => {
        if (settled || protocol.finished(MutableRef.get(state))) return
        const [rest, payloads] = sseLines(pending, part)
        pending = rest
        for (const payload of payloads) {
          const [next, deltas] = protocol.step(MutableRef.get(state), payload)
          MutableRef.set(state, next)
          for (const delta of deltas) {
            if (delta.kind === "reasoning") handlers.onReasoning(delta.text)
            else handlers.onContent(delta.text)
          }
          const failure = protocol.failure(next)
          if (failure !== undefined) {
            fail(failure)
            response.destroy()
            return
          }
          if (protocol.finished(next)) break
        }
      })
      response.on("end", () => {
        if (settled) return
        const incomplete = protocol.incomplete(MutableRef.get(state))
        if (incomplete !== undefined) fail(incomplete)
        else {
          settled = true
          resolve()
        }
      })
      response.on("aborted", () => {
        if (!settled) fail(new ModelNetworkError({ detail: "the server closed the stream mid-response" }))
      })
      response.on("error", (error) => {
        if (!settled) fail(new ModelNetworkError({ detail: `stream broken: ${error.message}` }))
      })
    })
    client.setTimeout(settings.requestTimeoutMs, () => {
      client.destroy(new Error(`no data for ${settings.requestTimeoutMs} ms`))
    })
    client.on("error", (error: NodeJS.ErrnoException) => {
      if (settled) return
      const connect = ["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"].includes(error.code ?? "")
      fail(new ModelNetworkError({ detail: `${url.host}: ${error.message}`, connect }))
    })
    client.end(body)
  })
}
