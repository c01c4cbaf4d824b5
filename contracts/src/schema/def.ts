/**
 * Marks a schema as a named definition. The emitter replaces every occurrence of a marked schema with a
 * `$ref: "#/$defs/<name>"` and writes the body once under `$defs`, so the generated files stay readable.
 * The marker is an ordinary enumerable key because TypeBox copies options (and thus the marker) through
 * Optional/Array wrappers; the emitter strips it.
 */
export const DEF_KEY = "~def"

export const def = (name: string, options: Record<string, unknown> = {}) => ({ ...options, [DEF_KEY]: name })

/**
 * Names a schema in the client flavour only (`schemas/<v>/envelope.client.schema.json`): a shape several commands
 * share (the ref actions' data) becomes one named type there, because generators such as quicktype fold
 * structurally equal named types into one and then lose the other names. The consumer and strict flavours drop
 * every `~` key, so a client name never changes them (released files stay byte-identical).
 */
export const CLIENT_NAME_KEY = "~clientName"

export const clientName = (name: string, options: Record<string, unknown> = {}) => ({ ...options, [CLIENT_NAME_KEY]: name })
