import { fileURLToPath } from "node:url"

/** The contracts package folder, from either src/emit (tests) or dist/emit (built bins). */
export const contractsRoot = (): string => fileURLToPath(new URL("../../", import.meta.url))
