import { CONTRACTS } from "../versions/index.js"
import type { ContractVersion } from "../vocabulary/ContractVersion.js"
import { WaveSchemas } from "../wave/index.js"
import { clientDocument } from "./clientDocument.js"
import { envelopeDocument, type Flavour } from "./envelopeDocument.js"
import { waveDocument } from "./generatedFiles.js"

const render = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** The text of `schemas/<version>/envelope[.strict].schema.json`, generated from the sources this build carries. */
export const envelopeSchemaText = (version: ContractVersion, flavour: Flavour): string =>
  render(envelopeDocument(CONTRACTS[version], flavour))

/** The text of `schemas/<version>/envelope.client.schema.json` (types for code generators). */
export const clientSchemaText = (version: ContractVersion): string => render(clientDocument(CONTRACTS[version]))

export const WAVE_SCHEMA_NAMES = Object.keys(WaveSchemas) as ReadonlyArray<keyof typeof WaveSchemas>

/** The text of `schemas/wave/<name>.schema.json`, or undefined for an unknown name. */
export const waveSchemaText = (name: string): string | undefined =>
  Object.hasOwn(WaveSchemas, name) ? render(waveDocument(name, WaveSchemas[name as keyof typeof WaveSchemas])) : undefined
