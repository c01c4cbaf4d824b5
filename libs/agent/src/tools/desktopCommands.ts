// The desktop commands offered to the model: name, description, JSON Schema of the snake_case args. Derived from
// the contract's command spec (the commands marked `agentTool`), read from its import-free manifest so the
// start-up path can list tool names before anything heavy is loaded.
import { argumentsSchema, COMMANDS, type ArgSchema, toolName } from "@agent-desktop/contracts/commands"

export interface CommandSpec {
  readonly command: string
  readonly description: string
  readonly params: Readonly<Record<string, ArgSchema>>
  readonly required?: ReadonlyArray<string>
}

export const DESKTOP_COMMANDS: ReadonlyArray<CommandSpec> = Object.entries(COMMANDS)
  .filter(([, spec]) => spec.agentTool === true)
  .map(([command, spec]) => {
    const schema = argumentsSchema(spec)
    return { command, description: spec.description, params: schema.properties, required: schema.required }
  })

export { toolName }
