import { sharedConfig } from "../../vitest.shared.ts"

// Compiling every committed schema (6 versions x 2 flavours, ~0.5 s each with ajv) takes a while on a busy machine.
export default sharedConfig({ testTimeout: 120_000 })
