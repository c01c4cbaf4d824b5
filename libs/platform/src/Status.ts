/** What `status` and `permissions` report; platform-specific probes go in `probes`. */

export type PermissionState =
  | { readonly state: "granted" }
  | { readonly state: "denied"; readonly suggestion: string }
  | { readonly state: "not_required" }
  | { readonly state: "unknown" }

export interface PermissionReport {
  readonly accessibility: PermissionState
  readonly screen_recording: PermissionState
  readonly automation: PermissionState
}

export interface PlatformStatus {
  readonly platform: string
  readonly permissions: PermissionReport
  /** Empty means this machine cannot observe anything yet; `problems` says why. */
  readonly supported_surfaces: ReadonlyArray<string>
  readonly problems: ReadonlyArray<string>
  /**
   * The entries of `problems` that are each about one process, by its pid: a layer that knows more about that
   * process (what can still serve its windows) says it in their place, so `status` names each process once.
   */
  readonly problemsByPid?: ReadonlyMap<number, string>
  /** Honest platform probes (buses, registry, apps, toolkits, unregistered windows ...). */
  readonly probes: Readonly<Record<string, unknown>>
}
