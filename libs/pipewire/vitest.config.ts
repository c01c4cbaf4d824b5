import { sharedConfig } from "../../vitest.shared.ts"

export default sharedConfig({ testTimeout: 60_000 })
