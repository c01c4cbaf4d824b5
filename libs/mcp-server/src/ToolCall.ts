/**
 * One `tools/call`: arguments checked against the tool's `inputSchema` (an INVALID_ARGS envelope, nothing run, when
 * they do not fit), the command run by the engine, the envelope converted to the pinned contract, and returned both
 * as `structuredContent` and as JSON text, with `isError = !ok`. A screenshot also comes back as an image block.
 */
import { convertEnvelope } from "@agent-desktop/contracts/convert"
import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { type Envelope, errorEnvelope } from "@agent-desktop/domain"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { Ajv, type ValidateFunction } from "ajv"
import { readRegularFile } from "@agent-desktop/engine"
import type { EngineHost } from "./EngineHost.js"
import type { McpOptions } from "./McpOptions.js"
import { rememberJson } from "./MessageLine.js"
import type { CatalogTool } from "./ToolCatalog.js"

const ajv = new Ajv({ allErrors: true, strict: false })
const validators = new Map<string, ValidateFunction>()

const validatorFor = (tool: CatalogTool): ValidateFunction => {
  let validate = validators.get(tool.name)
  if (validate === undefined) {
    validate = ajv.compile(tool.inputSchema)
    validators.set(tool.name, validate)
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
  options.tools === undefined && !options.readOnly ? undefined : tools.map((offered) => offered.command)

export const callTool = async (
  tool: CatalogTool,
  args: unknown,
  options: McpOptions,
  engine: () => Promise<EngineHost>,
  context: CallContext,
  tools: ReadonlyArray<CatalogTool> = [tool]
): Promise<CallToolResult> => {
  const input = args ?? {}
  const validate = validatorFor(tool)
  const allowed = allowedCommands(options, tools)
  let envelope: Envelope
  if (!validate(input)) {
    envelope = invalidArgs(tool.command, `Invalid arguments for ${tool.name}: ${describeErrors(validate)}`)
  } else {
    await context.progress(0, `running ${tool.command}`)
    envelope = await (await engine()).run({
      command: tool.command,
      args: input as Readonly<Record<string, unknown>>,
      headed: options.headed,
      ...(options.session === undefined ? {} : { session: options.session }),
      signal: context.signal,
      ...(options.readOnly ? { readOnly: true } : {}),
      ...(allowed === undefined ? {} : { allowedCommands: allowed })
    })
    await context.progress(1, `${tool.command} ${envelope.ok ? "done" : "failed"}`)
  }
  const shaped = (options.contract === LATEST_CONTRACT_VERSION
    ? envelope
    : convertEnvelope(envelope as never, LATEST_CONTRACT_VERSION, options.contract)) as Record<string, unknown>
  const text = JSON.stringify(shaped)
  rememberJson(text)
  return {
    content: [{ type: "text", text }, ...(tool.command === "screenshot" ? await imageBlock(shaped) : [])],
    structuredContent: shaped,
    isError: shaped["ok"] !== true
  }
}
