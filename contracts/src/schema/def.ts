/**
 * Marks a schema as a named definition. The emitter replaces every occurrence of a marked schema with a
 * `$ref: "#/$defs/<name>"` and writes the body once under `$defs`, so the generated files stay readable.
 * The marker is an ordinary enumerable key because TypeBox copies options (and thus the marker) through
 * Optional/Array wrappers; the emitter strips it.
 */
export const DEF_KEY = "~def"

export const def = (name: string, options: Record<string, unknown> = {}) => ({ ...options, [DEF_KEY]: name })
