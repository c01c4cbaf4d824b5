/** The engine's (and the CLI's) own version: not the contract version. */
export const ENGINE_VERSION = "0.1.0"
