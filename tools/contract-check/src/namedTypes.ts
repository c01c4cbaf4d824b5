import * as path from "node:path"
import { contractsRoot, type ContractVersion, type Flavour } from "@agent-desktop/contracts"
import { envelopeSchemaPath, readJson } from "./contractFiles.js"

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
