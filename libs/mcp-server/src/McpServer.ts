/**
 * `agent-desktop mcp`: the desktop commands as MCP tools over stdio, driving the same engine as the CLI, in-process.
 * stdout carries protocol messages only; anything else goes to stderr. The engine starts on the first tool call, so
 * `initialize` is answered without loading D-Bus or the store. When the client goes away (stdin ends), in-flight
 * calls are aborted (each still ends in an envelope in the trace), the engine is closed and the process exits.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import * as os from "node:os"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  type Tool,
  UnsubscribeRequestSchema
} from "@modelcontextprotocol/sdk/types.js"
import type { EngineHost } from "./EngineHost.js"
import { MCP_USAGE, type McpOptions, parseMcpOptions } from "./McpOptions.js"
import { shapeEnvelope } from "./ResultShape.js"
import { listSkillResources, readSkillResource } from "./SkillResources.js"
import { StdioLineTransport } from "./StdioLineTransport.js"
import { type CatalogTool, toolCatalog } from "./ToolCatalog.js"
import { routeCall } from "./ToolRoute.js"
import { agentDefaults } from "./ToolInput.js"
import { WATCH_SCHEME, watchTarget, WatchSubscriptions } from "./WatchResources.js"

export const SERVER_NAME = "agent-desktop"

/** Tool arguments larger than this are refused as INVALID_ARGS without running anything. */
const MAX_ARGUMENT_BYTES = 256 * 1024

const asMcpTool = (tool: CatalogTool, outputSchema: Readonly<Record<string, unknown>> | undefined): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: { ...tool.inputSchema, required: [...tool.inputSchema.required] },
  ...(outputSchema === undefined ? {} : { outputSchema: outputSchema as Tool["outputSchema"] }),
  annotations: { readOnlyHint: tool.readOnly, openWorldHint: false }
})

/** The engine names what interrupted a command from the abort reason; the SDK aborts without one. */
const withReason = (signal: AbortSignal, reason: string): AbortSignal => {
  const controller = new AbortController()
  if (signal.aborted) controller.abort(reason)
  else signal.addEventListener("abort", () => controller.abort(reason), { once: true })
  return controller.signal
}

export interface McpServerHandle {
  readonly server: Server
  /** Resolves when every in-flight call has ended and the engine is closed. */
  readonly closed: Promise<void>
}

export const createMcpServer = (
  options: McpOptions,
  tools: ReadonlyArray<CatalogTool>,
  env: Readonly<Record<string, string | undefined>>,
  version: string,
  // Loaded on the first call: `initialize` and `tools/list` never load the engine, SQLite or D-Bus.
  makeEngine: () => Promise<EngineHost> = async () => (await import("./EngineHost.js")).makeEngineHost(env)
): McpServerHandle => {
  const server = new Server(
    { name: SERVER_NAME, version },
    {
      capabilities: { tools: {}, resources: { subscribe: true } },
      instructions:
        "Desktop apps through their accessibility tree. Observe with snapshot (refs are per snapshot), act on one ref, " +
        "then look again with snapshot diff: true (only what changed; unchanged refs stay valid) or wait event: " +
        "'changed'. Every result is an agent-desktop JSON envelope: branch on ok, then error.code; retry only when " +
        "error.disposition.retry is 'safe'. Subscribe to agent-desktop://watch/APP[/WINDOW_ID] to be told what happens. " +
        "The skills resources explain the loop."
    }
  )
  let engine: Promise<EngineHost> | undefined
  const engineOnce = () => (engine ??= makeEngine())
  const inFlight = new Set<Promise<unknown>>()
  const track = <A>(work: Promise<A>): Promise<A> => {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => undefined)
    return work
  }

  // The list is built from the import-free manifest; the contract's schemas (TypeBox, every version) load only for
  // `--output-schemas`, and the call path (Ajv, the engine) on the first call, so `initialize` and `tools/list` are
  // answered quickly.
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (!options.outputSchemas) return { tools: tools.map((tool) => asMcpTool(tool, undefined)) }
    const { outputSchemaFor } = await import("./outputSchema.js")
    return { tools: tools.map((tool) => asMcpTool(tool, outputSchemaFor(tool.members.map((member) => member.command), options.contract))) }
  })

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const route = routeCall(tools, request.params.name, request.params.arguments)
    if (route === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${request.params.name}'`)
    const args = request.params.arguments
    if (args !== undefined && JSON.stringify(args).length > MAX_ARGUMENT_BYTES) {
      throw new McpError(ErrorCode.InvalidParams, `Arguments of ${route.tool.name} exceed ${MAX_ARGUMENT_BYTES} bytes`)
    }
    const progressToken = request.params._meta?.progressToken
    return track(import("./ToolCall.js").then(({ callTool }) => callTool(route, options, engineOnce, {
      signal: withReason(extra.signal, "the MCP client (cancelled, or gone)"),
      progress: async (progress, message) => {
        if (progressToken === undefined || extra.signal.aborted) return
        await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total: 1, message } })
      }
    }, tools)))
  })

  server.setRequestHandler(ListResourcesRequestSchema, () => track(engineOnce().then(listSkillResources)))

  // Watches (WatchResources.ts): only where the server offers the watch command.
  const watchMember = tools.flatMap((tool) => tool.members).find((member) => member.command === "watch")
  const watches = new WatchSubscriptions({
    run: async (args, emit, signal) => (await engineOnce()).run({
      command: "watch",
      args,
      headed: options.headed,
      ...(options.session === undefined ? {} : { session: options.session }),
      ...(options.readOnly ? { readOnly: true } : {}),
      signal: withReason(signal, "the MCP client (unsubscribed, or gone)"),
      emit
    }),
    shape: (envelope) => shapeEnvelope(envelope, options),
    updated: (uri) => server.sendResourceUpdated({ uri })
  }, watchMember === undefined ? {} : agentDefaults(watchMember.spec, options.profile))
  const watchOf = (uri: string) => {
    const target = watchTarget(uri)
    if (target === undefined) throw new McpError(ErrorCode.InvalidParams, `No resource '${uri}'`)
    if (watchMember === undefined) throw new McpError(ErrorCode.InvalidParams, `This server does not offer watch (--tools, --read-only)`)
    return target
  }

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: watchMember === undefined ? [] : [
      {
        uriTemplate: `${WATCH_SCHEME}{app}`,
        name: "watch an app",
        description: "Subscribe: what happens in the app's windows (windows and dialogs opening with refs, focus, changes as diffs with refs). Read: the events since the last read.",
        mimeType: "application/json"
      },
      {
        uriTemplate: `${WATCH_SCHEME}{app}/{window_id}`,
        name: "watch a window",
        description: "Subscribe: what happens in one window (ends when it closes). Read: the events since the last read.",
        mimeType: "application/json"
      }
    ]
  }))

  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    watches.subscribe(request.params.uri, watchOf(request.params.uri))
    return {}
  })

  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    watchOf(request.params.uri)
    await watches.unsubscribe(request.params.uri)
    return {}
  })

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    if (uri.startsWith(WATCH_SCHEME)) {
      watchOf(uri)
      const events = watches.read(uri)
      if (events === undefined) throw new McpError(ErrorCode.InvalidParams, `Subscribe to '${uri}' first: a watch reports what happens after it starts`)
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(events) }] }
    }
    const result = await track(engineOnce().then((host) => readSkillResource(host, uri)))
    if (result === undefined) throw new McpError(ErrorCode.InvalidParams, `No resource '${uri}'`)
    return result
  })

  const closed = new Promise<void>((resolve) => {
    server.onclose = () => {
      // The SDK has aborted every in-flight handler; let them write their evidence, then close the engine.
      void watches.close().then(() => Promise.allSettled([...inFlight]))
        .then(() => engine?.then((host) => host.dispose()))
        .catch(() => undefined)
        .then(() => resolve())
    }
  })
  return { server, closed }
}

export interface McpIo {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly stderr: (text: string) => void
  readonly version: string
}

/** The `mcp` subcommand: exit code 2 for bad options (usage on stderr), 0 after the client closed the connection. */
export const runMcpServer = async (argv: ReadonlyArray<string>, io: McpIo): Promise<number> => {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stderr(MCP_USAGE)
    return 0
  }
  const parsed = parseMcpOptions(argv, io.env)
  if (!parsed.ok) {
    io.stderr(`agent-desktop mcp: ${parsed.message}\n${MCP_USAGE}`)
    return 2
  }
  const catalog = toolCatalog(parsed.options)
  if (!catalog.ok) {
    io.stderr(`agent-desktop mcp: ${catalog.message}\n`)
    return 2
  }
  const handle = createMcpServer(parsed.options, catalog.tools, io.env, io.version)
  handle.server.onerror = (error) => io.stderr(`agent-desktop mcp: ${error.message}\n`)
  const transport = new StdioLineTransport()
  // A signal ends the server like a client that went away: calls aborted, evidence written, engine closed.
  let signalled: NodeJS.Signals | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    signalled ??= signal
    void transport.close()
  }
  for (const signal of SIGNALS) process.once(signal, onSignal)
  await handle.server.connect(transport)
  // Load what `tools/list` and the first call need in the background, right after start: a long-lived server must
  // not depend on its install staying unchanged (a rebuild or an upgrade replaces the chunks it would load later).
  void Promise.all([import("./ToolCall.js"), import("./EngineHost.js")]).catch((error: unknown) =>
    io.stderr(`agent-desktop mcp: could not preload: ${String(error)}\n`)
  )
  await handle.closed
  for (const signal of SIGNALS) process.off(signal, onSignal)
  return signalled === undefined ? 0 : 128 + (os.constants.signals[signalled] ?? 0)
}

const SIGNALS: ReadonlyArray<NodeJS.Signals> = ["SIGINT", "SIGTERM", "SIGHUP"]
