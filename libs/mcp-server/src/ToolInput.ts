/**
 * A tool's `inputSchema`. A command's is its arguments (`argumentsSchema` of the spec), with the agent profile's
 * defaults (`agentDefault` in the spec: snapshot prints refs only, wrappers collapsed) where the agent leaves a flag
 * out. A group tool's is its key (an enum of its members' values, each with what it does) and the union of its
 * members' arguments; a call is then checked against the chosen member's own schema, so an argument of another member
 * is refused by name.
 *
 * What `tools/list` shows (`listedSchema`) is that schema without what only guards against runaway input: the length
 * and integer limits every name, text and number has (a call over them is still refused, as INVALID_ARGS naming the
 * limit), and without the flags an agent has no use for (`agentHidden`: a bare ref's snapshot). Those were a fifth of
 * the bytes a model reads for the tool list.
 */
import { argKey, type ArgSchema, argumentsSchema, type ManifestCommand } from "@agent-desktop/contracts/commands"

/** The spec bounds every integer argument by a signed 32-bit range (contracts args.ts): a guard, not a meaning. */
const INT_LIMIT = 2 ** 31 - 1
import type { ResultProfile } from "./McpOptions.js"

export interface ToolInputSchema {
  readonly type: "object"
  readonly properties: Readonly<Record<string, ArgSchema>>
  readonly required: ReadonlyArray<string>
  readonly additionalProperties: false
}

/** The defaults an agent gets when it leaves these arguments out (agent profile only). */
export const agentDefaults = (spec: ManifestCommand, profile: ResultProfile): Readonly<Record<string, unknown>> =>
  profile !== "agent"
    ? {}
    : Object.fromEntries(Object.entries(spec.flags).flatMap(([flag, entry]) => entry.agentDefault === undefined ? [] : [[argKey(flag), entry.agentDefault]]))

export const memberInputSchema = (spec: ManifestCommand, profile: ResultProfile): ToolInputSchema => {
  const base = argumentsSchema(spec)
  const defaults = agentDefaults(spec, profile)
  const properties: Record<string, ArgSchema> = {}
  for (const [key, schema] of Object.entries(base.properties)) {
    properties[key] = key in defaults ? { ...schema, default: defaults[key] } : schema
  }
  return { type: "object", properties, required: [...base.required], additionalProperties: false }
}

interface GroupMember {
  readonly value?: string
  readonly isDefault: boolean
  readonly spec: ManifestCommand
  readonly inputSchema: ToolInputSchema
}

/** An argument's schema as listed: runaway-input guards left out (the call is checked against the whole schema). */
const listedArg = (schema: ArgSchema): ArgSchema => {
  const { maxLength: _maxLength, minimum, maximum, items, properties, ...rest } = schema
  return {
    ...rest,
    ...(minimum === undefined || minimum === 0 || minimum <= -INT_LIMIT ? {} : { minimum }),
    ...(maximum === undefined || maximum >= INT_LIMIT ? {} : { maximum }),
    ...(items === undefined ? {} : { items: listedArg(items) }),
    ...(properties === undefined ? {} : { properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, listedArg(value)])) })
  }
}

/** The arguments an agent is shown: every argument but the `agentHidden` flags, without runaway-input guards. */
export const listedSchema = (schema: ToolInputSchema, hidden: ReadonlySet<string>): ToolInputSchema => ({
  type: "object",
  properties: Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !hidden.has(key)).map(([key, value]) => [key, listedArg(value)])),
  required: schema.required,
  additionalProperties: false
})

/** The snake_case keys of a command's `agentHidden` flags. */
export const hiddenArgs = (spec: ManifestCommand): ReadonlySet<string> =>
  new Set(Object.entries(spec.flags).filter(([, entry]) => entry.agentHidden === true).map(([flag]) => argKey(flag)))

export const groupInputSchema = (key: string, members: ReadonlyArray<GroupMember>): ToolInputSchema => {
  const chosen = members.find((member) => member.isDefault)
  const keySchema: ArgSchema = {
    type: "string",
    enum: members.map((member) => member.value!),
    ...(chosen === undefined ? {} : { default: chosen.value }),
    description: members.map((member) => `${member.value}: ${member.spec.use ?? member.spec.summary}`).join("; ")
  }
  const properties: Record<string, ArgSchema> = { [key]: keySchema }
  // An argument several members take with different descriptions says what it means for each (`app` filters apps
  // by name but picks the app whose windows are listed).
  const meanings = new Map<string, Map<string, Array<string>>>()
  for (const member of members) {
    for (const [name, schema] of Object.entries(member.inputSchema.properties)) {
      if (!(name in properties)) properties[name] = schema
      const byText = meanings.get(name) ?? new Map<string, Array<string>>()
      const text = schema.description ?? ""
      byText.set(text, [...byText.get(text) ?? [], member.value!])
      meanings.set(name, byText)
    }
  }
  for (const [name, byText] of meanings) {
    if (byText.size < 2) continue
    properties[name] = { ...properties[name]!, description: [...byText].map(([text, values]) => `${values.join(", ")}: ${text}`).join("; ") }
  }
  const required = members
    .map((member) => member.inputSchema.required)
    .reduce((common, next) => common.filter((name) => next.includes(name)))
  return {
    type: "object",
    properties,
    required: chosen === undefined ? [key, ...required] : [...required],
    additionalProperties: false
  }
}
