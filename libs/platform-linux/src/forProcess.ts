import type { DesktopAdapter } from "@agent-desktop/platform"
import type { Layer } from "effect"
import { LinuxAdapter } from "./LinuxAdapter.js"

/**
 * The Linux adapter for a process (the engine host's factory for this platform): `warm` for a long-lived one (the
 * warm host's engine, the MCP server), which listens to AT-SPI events to keep unchanged windows' reads; otherwise
 * every observation reads afresh.
 */
export const forProcess = (options: { readonly warm: boolean }): Layer.Layer<DesktopAdapter> =>
  options.warm ? LinuxAdapter.warmLayer : LinuxAdapter.layer
