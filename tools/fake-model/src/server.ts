// The loopback model server: answers POST …/chat/completions (OpenAI-compatible) and POST …/messages (Anthropic
// Messages API, checked like the real API and answered with the same script translated) and records every request.
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { anthropicChatView } from "./anthropic/chatView.js"
import { errorBody } from "./anthropic/events.js"
import { toAnthropic } from "./anthropic/translateReply.js"
import { refusalOf } from "./anthropic/validateRequest.js"
import type { RecordedRequest, Reply, Rule, Script, SseItem } from "./Script.js"

export interface FakeModel {
  /** Base URL to use as WAVE_BASE_URL, e.g. `http://127.0.0.1:41234/v1` (both APIs live under it). */
  readonly url: string
  /** The server's origin, e.g. `http://127.0.0.1:41234`: an ANTHROPIC_BASE_URL (the client adds `/v1/messages`). */
  readonly origin: string
  /** Every request received so far, in arrival order. */
  readonly requests: ReadonlyArray<RecordedRequest>
  /** Resolves once `predicate` holds for some recorded request (checked on every arrival). */
  readonly waitForRequest: (predicate: (request: RecordedRequest) => boolean) => Promise<RecordedRequest>
  readonly close: () => Promise<void>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const readBody = (request: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const parts: Array<Buffer> = []
    request.on("data", (part: Buffer) => parts.push(part))
    request.on("end", () => resolve(Buffer.concat(parts).toString("utf8")))
    request.on("error", reject)
  })

/** Writes with backpressure, so a slow client sees the same byte stream a real server would send. */
const write = (response: http.ServerResponse, data: string): Promise<void> =>
  response.write(data) ? Promise.resolve() : new Promise((resolve) => {
    const done = () => {
      response.off("drain", done)
      response.off("close", done)
      resolve()
    }
    response.once("drain", done)
    response.once("close", done)
  })

const sseLine = (item: Exclude<SseItem, { kind: "pause" }>): string =>
  item.kind === "chunk"
    ? `${item.event === undefined ? "" : `event: ${item.event}\n`}data: ${JSON.stringify(item.chunk)}\n\n`
    : `data: ${item.line}\n\n`

/** Lets the bytes already written reach the client, then drops the connection without ending the body. */
const hangUp = async (response: http.ServerResponse): Promise<void> => {
  await sleep(30)
  response.socket?.destroy()
}

const sendSse = async (
  response: http.ServerResponse,
  reply: Extract<Reply, { kind: "sse" }>,
  closed: () => boolean
): Promise<void> => {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
  response.flushHeaders()
  let sent = 0
  for (const item of reply.items) {
    if (closed()) return
    if (item.kind === "pause") {
      await sleep(item.ms)
      continue
    }
    if (reply.hangupAfter !== undefined && sent >= reply.hangupAfter) return hangUp(response)
    if (reply.delayMs !== undefined && reply.delayMs > 0) await sleep(reply.delayMs)
    await write(response, sseLine(item))
    sent++
  }
  if (reply.hangupAfter !== undefined && sent >= reply.hangupAfter) return hangUp(response)
  if (reply.omitDone !== true) await write(response, "data: [DONE]\n\n")
  response.end()
}

const send = async (response: http.ServerResponse, reply: Reply, closed: () => boolean): Promise<void> => {
  switch (reply.kind) {
    case "sse":
      return sendSse(response, reply, closed)
    case "json":
      response.writeHead(reply.status ?? 200, { "content-type": "application/json" })
      response.end(JSON.stringify(reply.body))
      return
    case "http":
      response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers })
      response.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body))
      return
    case "hang":
      return
  }
}

const parseBody = (raw: string): RecordedRequest["body"] => {
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === "object" && parsed !== null ? parsed as RecordedRequest["body"] : {}
  } catch {
    return {}
  }
}

/** Starts the server on 127.0.0.1 with an OS-assigned port. */
export const startFakeModel = async (script: Script): Promise<FakeModel> => {
  const requests: Array<RecordedRequest> = []
  const used = new Map<Rule, number>()
  const waiters = new Set<{ predicate: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }>()

  const pick = (request: RecordedRequest): Rule | undefined =>
    script.rules.find((rule) => (rule.times === undefined || (used.get(rule) ?? 0) < rule.times) && rule.match(request))

  const server = http.createServer((incoming, response) => {
    let closed = false
    response.on("close", () => {
      closed = true
    })
    void (async () => {
      const rawBody = await readBody(incoming)
      const path = incoming.url ?? "/"
      const protocol = path.endsWith("/messages") ? "anthropic" as const : "openai" as const
      const body = parseBody(rawBody)
      const request: RecordedRequest = {
        method: incoming.method ?? "GET",
        path,
        headers: incoming.headers,
        protocol,
        body,
        chat: protocol === "anthropic" ? anthropicChatView(body) : body.messages ?? [],
        rawBody,
        rule: undefined,
        receivedAt: Date.now()
      }
      if (!(request.method === "POST" && (path.endsWith("/chat/completions") || path.endsWith("/v1/messages")))) {
        response.writeHead(404, { "content-type": "application/json" })
        response.end(JSON.stringify({ error: { message: `fake-model: no route ${request.method} ${request.path}` } }))
        return
      }
      const refusal = protocol === "anthropic" ? refusalOf(incoming.headers, body) : undefined
      if (refusal !== undefined) {
        requests.push(request)
        response.writeHead(refusal.status, { "content-type": "application/json" })
        response.end(JSON.stringify(errorBody(refusal.type, `fake-model: ${refusal.message}`)))
        return
      }
      const rule = pick(request)
      request.rule = rule === undefined ? undefined : rule.name ?? `rule#${script.rules.indexOf(rule)}`
      if (rule !== undefined) used.set(rule, (used.get(rule) ?? 0) + 1)
      requests.push(request)
      for (const waiter of waiters) {
        if (waiter.predicate(request)) {
          waiters.delete(waiter)
          waiter.resolve(request)
        }
      }
      if (rule === undefined) {
        // 400, not 5xx: an unscripted request must fail fast instead of being retried.
        response.writeHead(400, { "content-type": "application/json" })
        const message = "fake-model: no rule matched this request"
        response.end(JSON.stringify(protocol === "anthropic" ? errorBody("invalid_request_error", message) : { error: { message } }))
        return
      }
      if (rule.delayMs !== undefined) await sleep(rule.delayMs)
      if (closed) return
      const scripted = typeof rule.reply === "function" ? await rule.reply(request) : rule.reply
      await send(response, protocol === "anthropic" ? toAnthropic(scripted) : scripted, () => closed)
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500)
      response.end(String(error))
    })
  })

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    waitForRequest: (predicate) => {
      const seen = requests.find(predicate)
      if (seen !== undefined) return Promise.resolve(seen)
      return new Promise((resolve) => waiters.add({ predicate, resolve }))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
