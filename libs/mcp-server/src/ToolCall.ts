/**
 * One `tools/call`: the command picked (ToolRoute.ts), its arguments checked against that command's `inputSchema`
 * (an INVALID_ARGS envelope, nothing run, when they do not fit), the agent profile's defaults filled in, the command
 * run by the engine, the envelope converted to the pinned contract and shaped by the result profile
 * (AgentProfile.ts), and returned both as `structuredContent` and as JSON text, with `isError = !ok`. A screenshot
 * also comes back as an image block.
 */
import { type Envelope, errorEnvelope } from "@agent-desktop/domain"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { Ajv, type ValidateFunction } from "ajv"
import { readRegularFile } from "@agent-desktop/engine"
import type { EngineHost } from "./EngineHost.js"
import type { McpOptions } from "./McpOptions.js"
import { rememberJson } from "./MessageLine.js"
import { shapeEnvelope } from "./ResultShape.js"
import { type CatalogTool, offeredCommands, type ToolMember } from "./ToolCatalog.js"
import { agentDefaults } from "./ToolInput.js"
import type { Route } from "./ToolRoute.js"

const ajv = new Ajv({ allErrors: true, strict: false })
const validators = new Map<ToolMember, ValidateFunction>()

const validatorFor = (member: ToolMember): ValidateFunction => {
  let validate = validators.get(member)
  if (validate === undefined) {
    validate = ajv.compile(member.inputSchema)
    validators.set(member, validate)
  }
  return validate
}

const invalidArgs = (command: string, message: string): Envelope =>
  errorEnvelope(command, { code: "INVALID_ARGS", message, suggestion: "Call the tool with arguments that match its inputSchema" })

const describeErrors = (validate: ValidateFunction): string =>
  (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || "arguments"} ${error.message ?? "is invalid"}${
    error.keyword === "additionalProperties" ? ` ('${String((error.params as { additionalProperty?: unknown }).additionalProperty)}')` : ""
  }`).join("; ")

/**
 * A PNG the screenshot command produced, inline or as a file, as an MCP image block. The file is read back by the
 * engine's rules (a regular file, never through a symlink, never waiting on a FIFO swapped in since).
 */
const imageBlock = async (envelope: Readonly<Record<string, unknown>>): Promise<CallToolResult["content"]> => {
  const data = envelope["data"] as { data?: unknown; path?: unknown } | undefined
  if (envelope["ok"] !== true || data === undefined) return []
  if (typeof data.data === "string") return [{ type: "image", data: data.data, mimeType: "image/png" }]
  if (typeof data.path === "string") {
    try {
      return [{ type: "image", data: (await readRegularFile(data.path)).toString("base64"), mimeType: "image/png" }]
    } catch {
      return []
    }
  }
  return []
}

export interface CallContext {
  readonly signal: AbortSignal
  /** Reports progress when the client asked for it (a `progressToken`); a no-op otherwise. */
  readonly progress: (progress: number, message: string) => Promise<void>
}

/** The commands a batch may run on this server: undefined when neither `--tools` nor `--read-only` limits them. */
const allowedCommands = (options: McpOptions, tools: ReadonlyArray<CatalogTool>): ReadonlyArray<string> | undefined =>
  options.tools === undefined && !options.readOnly ? undefined : offeredCommands(tools)

/** How a group tool's choice is named in messages: `window (action move)`. */
const callName = (tool: CatalogTool, member: ToolMember): string =>
  tool.key === undefined ? tool.name : `${tool.name} (${tool.key} ${member.value ?? member.command})`

const runRoute = async (
  route: Route,
  options: McpOptions,
  engine: () => Promise<EngineHost>,
  context: CallContext,
  tools: ReadonlyArray<CatalogTool>
): Promise<{ readonly command: string; readonly envelope: Envelope }> => {
  if (!route.ok) return { command: route.command, envelope: invalidArgs(route.command, route.message) }
  const { member, tool } = route
  const validate = validatorFor(member)
  if (!validate(route.args)) {
    return { command: member.command, envelope: invalidArgs(member.command, `Invalid arguments for ${callName(tool, member)}: ${describeErrors(validate)}`) }
  }
  const allowed = allowedCommands(options, tools)
  await context.progress(0, `running ${member.command}`)
  const envelope = await (await engine()).run({
    command: member.command,
    args: { ...agentDefaults(member.spec, options.profile), ...route.args },
    headed: options.headed,
    ...(options.session === undefined ? {} : { session: options.session }),
    signal: context.signal,
    ...(options.readOnly ? { readOnly: true } : {}),
    ...(allowed === undefined ? {} : { allowedCommands: allowed })
  })
  await context.progress(1, `${member.command} ${envelope.ok ? "done" : "failed"}`)
  return { command: member.command, envelope }
}

export const callTool = async (
  route: Route,
  options: McpOptions,
  engine: () => Promise<EngineHost>,
  context: CallContext,
  tools: ReadonlyArray<CatalogTool>
): Promise<CallToolResult> => {
  const { command, envelope } = await runRoute(route, options, engine, context, tools)
  const shaped = shapeEnvelope(envelope, options)
  const text = JSON.stringify(shaped)
  rememberJson(text)
  return {
    content: [{ type: "text", text }, ...(command === "screenshot" ? await imageBlock(shaped) : [])],
    structuredContent: shaped,
    isError: shaped["ok"] !== true
  }
}
