import { defineConfig, mergeConfig } from "vitest/config"
import { sharedConfig } from "../../vitest.shared.ts"

export default mergeConfig(sharedConfig({ testTimeout: 120_000 }), defineConfig({
  test: { globalSetup: ["./src/test/globalSetup.ts"] }
}))
