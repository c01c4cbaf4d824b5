/** Every envelope contract version this package defines, oldest first. */
export const CONTRACT_VERSIONS = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7"] as const

export type ContractVersion = (typeof CONTRACT_VERSIONS)[number]

/** The version the CLI produces natively; older ones are down-converted from it. */
export const LATEST_CONTRACT_VERSION = "2.7" satisfies ContractVersion

export const isContractVersion = (value: unknown): value is ContractVersion =>
  typeof value === "string" && (CONTRACT_VERSIONS as ReadonlyArray<string>).includes(value)

/** Position in CONTRACT_VERSIONS; compares versions numerically rather than as strings ("2.10" > "2.9"). */
export const versionIndex = (version: ContractVersion): number => CONTRACT_VERSIONS.indexOf(version)
