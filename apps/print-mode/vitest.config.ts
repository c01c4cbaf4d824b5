import { mergeConfig } from "vitest/config"
import { sharedConfig } from "../../vitest.shared.ts"

// End-to-end tests spawn the real bundled binary; the global setup rebuilds it from the current sources first.
export default mergeConfig(sharedConfig({ testTimeout: 30_000 }), { test: { globalSetup: ["./test/buildBinary.ts"] } })
