import { mergeConfig } from "vitest/config"
import { sharedConfig } from "../../vitest.shared.ts"

// The stdio MCP server runs from dist/: the global setup compiles the package first.
export default mergeConfig(sharedConfig(), { test: { globalSetup: ["./src/mcp/buildForTests.ts"] } })
