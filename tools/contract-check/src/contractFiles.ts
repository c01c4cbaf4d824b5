import * as fs from "node:fs"
import * as path from "node:path"
import { CLIENT_FILE_NAME, contractsRoot, type ContractVersion, type Flavour } from "@agent-desktop/contracts"

const FILE_NAMES: Record<Flavour, string> = {
  consumer: "envelope.schema.json",
  strict: "envelope.strict.schema.json"
}

/** Path of a committed (generated) envelope schema. */
export const envelopeSchemaPath = (version: ContractVersion, flavour: Flavour, root = contractsRoot()) =>
  path.join(root, "schemas", version, FILE_NAMES[flavour])

/** Path of a version's committed client schema (types for code generators). */
export const clientSchemaPath = (version: ContractVersion, root = contractsRoot()) => path.join(root, "schemas", version, CLIENT_FILE_NAME)

export const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"))

export const fixturesRoot = (root = contractsRoot()) => path.join(root, "fixtures")
