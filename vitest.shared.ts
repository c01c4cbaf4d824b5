// Shared vitest settings: resolve workspace packages to their TypeScript sources, so a package's tests never
// depend on another package's build output being current.
import { defineConfig } from "vitest/config"

export const sharedConfig = (options: { testTimeout?: number } = {}) =>
  defineConfig({
    resolve: { conditions: ["@agent-desktop/source"] },
    ssr: { resolve: { conditions: ["@agent-desktop/source"] } },
    test: {
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      testTimeout: options.testTimeout ?? 20_000,
      // Clean-up hooks remove whole installs and stop desktops: on a loaded 2-core machine they outlast vitest's
      // 10 s default, and a hook timeout fails a suite whose tests all passed.
      hookTimeout: 120_000,
      passWithNoTests: true,
      reporters: ["default", "json"],
      outputFile: { json: "test-results/vitest.json" }
    }
  })
