/**
 * The embedded skills (the guides `agent-desktop skills` prints) as MCP resources: `agent-desktop://skills/NAME`
 * for a skill and `agent-desktop://skills/NAME/REFERENCE` for each of its references, read through the engine's own
 * `skills` command so the text is exactly what the CLI serves.
 */
import type { ListResourcesResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js"
import type { EngineHost } from "./EngineHost.js"

const SCHEME = "agent-desktop://skills/"

interface SkillInfo {
  readonly name: string
  readonly summary: string
  readonly references: ReadonlyArray<string>
}

const dataOf = (envelope: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined =>
  envelope["ok"] === true ? envelope["data"] as Record<string, unknown> : undefined

export const listSkillResources = async (engine: EngineHost): Promise<ListResourcesResult> => {
  const data = dataOf(await engine.run({ command: "skills", args: { action: "list" }, headed: false }))
  const skills = (data?.["skills"] ?? []) as ReadonlyArray<SkillInfo>
  return {
    resources: skills.flatMap((skill) => [
      { uri: `${SCHEME}${skill.name}`, name: skill.name, description: skill.summary, mimeType: "text/markdown" },
      ...skill.references.map((reference) => ({
        uri: `${SCHEME}${skill.name}/${reference}`,
        name: `${skill.name}/${reference}`,
        description: `${skill.name}: ${reference}`,
        mimeType: "text/markdown"
      }))
    ])
  }
}

/** `undefined` for a URI that names no skill (the server answers with a protocol error). */
export const readSkillResource = async (engine: EngineHost, uri: string): Promise<ReadResourceResult | undefined> => {
  if (!uri.startsWith(SCHEME)) return undefined
  const [name, reference, ...rest] = uri.slice(SCHEME.length).split("/")
  if (name === undefined || name === "" || rest.length > 0) return undefined
  const args = { action: "get", name, ...(reference === undefined ? {} : { reference }) }
  const data = dataOf(await engine.run({ command: "skills", args, headed: false }))
  const content = data?.["content"]
  return typeof content === "string" ? { contents: [{ uri, mimeType: "text/markdown", text: content }] } : undefined
}
