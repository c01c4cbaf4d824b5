/**
 * A command's arguments as a caller gives them: snake_case keys, as in batch entries (`ref_id`, `app`,
 * `interactive_only`, `text`), from the CLI parser or an in-process caller (wave, the MCP server, a batch entry, a
 * recovery). runCommand decodes them against the command spec (decodeArgs.ts) before a handler sees them, typed as
 * the spec's `ArgsOf<command>`.
 */
export type Args = Readonly<Record<string, unknown>>
