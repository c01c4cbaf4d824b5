import * as path from "node:path"
import { contractsRoot, type ContractVersion, type Flavour } from "@agent-desktop/contracts"
import { clientSchemaPath, envelopeSchemaPath, readJson } from "./contractFiles.js"

/**
 * The named types of a committed envelope schema, as JSON Schema URIs a generator can take one by one:
 * `<file>#/$defs/<Command>Data`, `<file>#/$defs/<Command>Envelope` and `<file>#/$defs/ErrorEnvelope`. quicktype
 * (TS, Python, Go, ...) gives one named type per URI; the envelope document's own `oneOf` is what validators and
 * union-aware generators (json-schema-to-typescript) read.
 */
export const namedTypeSources = (version: ContractVersion, flavour: Flavour = "consumer", file = envelopeSchemaPath(version, flavour)): Array<string> => {
  const defs = Object.keys(((readJson(file) as { $defs?: Record<string, unknown> }).$defs) ?? {})
  return defs.filter((name) => /(Data|Envelope)$/.test(name)).map((name) => `${file}#/$defs/${name}`)
}

/** The named variants of one of wave's schemas (`stream-event`: one per type/subtype; `result`: one per subtype). */
export const waveTypeSources = (name: string, file = path.join(contractsRoot(), "schemas", "wave", `${name}.schema.json`)): Array<string> =>
  Object.keys(((readJson(file) as { $defs?: Record<string, unknown> }).$defs) ?? {}).map((def) => `${file}#/$defs/${def}`)

interface ClientDocument {
  readonly oneOf: ReadonlyArray<{ readonly $ref: string }>
  readonly $defs: Readonly<Record<string, unknown>>
}

/**
 * The named types of a version's client schema, as `<file>#/$defs/<Name>` URIs for generators that take one source
 * per type (quicktype, which names a type after its URI): the envelopes first (`<Command>Envelope`, `ErrorEnvelope`),
 * then every definition (each command's data, each code's `<Code>ErrorBody`, `Recovery`, ...). A definition whose
 * shape equals one already listed is left out: quicktype folds equal top-level types into one, and its Go output
 * then refers to the other names without declaring them.
 */
export const clientTypeSources = (version: ContractVersion, file = clientSchemaPath(version)): Array<string> => {
  const document = readJson(file) as ClientDocument
  const envelopes = document.oneOf.map((variant) => variant.$ref.replace("#/$defs/", ""))
  const shapes = new Set<string>()
  return [...new Set([...envelopes, ...Object.keys(document.$defs)])]
    .filter((name) => {
      const shape = JSON.stringify(document.$defs[name])
      const fresh = !shapes.has(shape)
      shapes.add(shape)
      return fresh
    })
    .map((name) => `${file}#/$defs/${name}`)
}
