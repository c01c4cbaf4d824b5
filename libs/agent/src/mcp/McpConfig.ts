// MCP server configurations in Claude Code's format, from `--mcp-config` (a file or a JSON string) or a project's
// `.mcp.json`:
//   {"mcpServers": {"<name>": {"command": "…", "args": […], "env": {…}}                       stdio (type "stdio")
//                   "<name>": {"type": "http" | "streamable-http", "url": "…", "headers": {…}}  streamable HTTP
//                   "<name>": {"type": "sse", "url": "…", "headers": {…}}}}                      HTTP+SSE (older)
// `${VAR}` and `${VAR:-default}` are expanded in command, args, env, url and headers, as Claude Code does; a variable
// that is not set and has no default is a problem, not an empty string. Pure: parsing never connects anything.

export type McpServerConfig =
  | {
    readonly kind: "stdio"
    readonly name: string
    readonly command: string
    readonly args: ReadonlyArray<string>
    readonly env: Readonly<Record<string, string>>
    /** Where it came from, for messages. */
    readonly origin: string
  }
  | {
    readonly kind: "http" | "sse"
    readonly name: string
    readonly url: string
    readonly headers: Readonly<Record<string, string>>
    readonly origin: string
  }

export type McpConfigParse = { readonly servers: ReadonlyArray<McpServerConfig> } | { readonly problem: string }

const EXPANSION = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/** `${VAR}` / `${VAR:-default}` in `text`, or the names that are missing. */
const expand = (text: string, env: Readonly<Record<string, string | undefined>>): { text: string; missing: Array<string> } => {
  const missing: Array<string> = []
  const result = text.replace(EXPANSION, (_whole, name: string, fallback: string | undefined) => {
    const value = env[name]
    if (value !== undefined) return value
    if (fallback !== undefined) return fallback
    missing.push(name)
    return ""
  })
  return { text: result, missing }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const stringRecord = (value: unknown): Record<string, string> | undefined => {
  if (value === undefined) return {}
  if (!isRecord(value)) return undefined
  const out: Record<string, string> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") return undefined
    out[key] = entry
  }
  return out
}

export const parseMcpConfig = (
  text: string,
  origin: string,
  env: Readonly<Record<string, string | undefined>>
): McpConfigParse => {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { problem: `${origin} is not JSON: ${(error as Error).message}` }
  }
  if (!isRecord(parsed) || !isRecord(parsed["mcpServers"])) {
    return { problem: `${origin} has no "mcpServers" object ({"mcpServers": {"<name>": {…}}})` }
  }
  const servers: Array<McpServerConfig> = []
  for (const [name, entry] of Object.entries(parsed["mcpServers"])) {
    const where = `${origin}: server "${name}"`
    if (!/^[A-Za-z0-9_-]+$/.test(name)) return { problem: `${where}: a server name has only letters, digits, "_" and "-"` }
    if (!isRecord(entry)) return { problem: `${where} is not an object` }
    const type = entry["type"] ?? (entry["url"] !== undefined ? "http" : "stdio")
    const missing: Array<string> = []
    const sub = (value: string) => {
      const expanded = expand(value, env)
      missing.push(...expanded.missing)
      return expanded.text
    }
    const subRecord = (record: Record<string, string>) =>
      Object.fromEntries(Object.entries(record).map(([key, value]) => [key, sub(value)]))
    if (type === "stdio") {
      const command = entry["command"]
      const args = entry["args"] ?? []
      const childEnv = stringRecord(entry["env"])
      if (typeof command !== "string" || command === "") return { problem: `${where} needs a "command"` }
      if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) return { problem: `${where}: "args" must be strings` }
      if (childEnv === undefined) return { problem: `${where}: "env" must map names to strings` }
      const server: McpServerConfig = {
        kind: "stdio",
        name,
        command: sub(command),
        args: (args as Array<string>).map(sub),
        env: subRecord(childEnv),
        origin
      }
      if (missing.length > 0) return { problem: `${where}: environment variable(s) not set: ${[...new Set(missing)].join(", ")}` }
      servers.push(server)
      continue
    }
    if (type === "http" || type === "streamable-http" || type === "sse") {
      const url = entry["url"]
      const headers = stringRecord(entry["headers"])
      if (typeof url !== "string" || url === "") return { problem: `${where} needs a "url"` }
      if (headers === undefined) return { problem: `${where}: "headers" must map names to strings` }
      const server: McpServerConfig = {
        kind: type === "sse" ? "sse" : "http",
        name,
        url: sub(url),
        headers: subRecord(headers),
        origin
      }
      if (missing.length > 0) return { problem: `${where}: environment variable(s) not set: ${[...new Set(missing)].join(", ")}` }
      try {
        const parsedUrl = new URL(server.url)
        if (parsedUrl.protocol !== "http:" && parsedUrl.protocol !== "https:") throw new Error("protocol")
      } catch {
        return { problem: `${where}: "url" is not an http(s) URL: ${server.url}` }
      }
      servers.push(server)
      continue
    }
    return { problem: `${where}: unknown "type" ${JSON.stringify(type)} (stdio, http, streamable-http or sse)` }
  }
  return { servers }
}

/** Several sources into one list: a later server of the same name replaces an earlier one. */
export const mergeServers = (...lists: ReadonlyArray<ReadonlyArray<McpServerConfig>>): ReadonlyArray<McpServerConfig> => {
  const byName = new Map<string, McpServerConfig>()
  for (const list of lists) for (const server of list) byName.set(server.name, server)
  return [...byName.values()]
}
