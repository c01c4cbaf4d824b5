import Type from "typebox"
import { clientName, def } from "../schema/def.js"
import { SnapshotId } from "../schema/Ref.js"

export const PermissionState = Type.Union(
  [
    Type.Object({ state: Type.Literal("granted") }),
    Type.Object({ state: Type.Literal("denied"), suggestion: Type.String() }),
    Type.Object({ state: Type.Literal("not_required") }),
    Type.Object({ state: Type.Literal("unknown") })
  ],
  def("PermissionState")
)
export type PermissionState = Type.Static<typeof PermissionState>

export const PermissionReport = Type.Object(
  { accessibility: PermissionState, screen_recording: PermissionState, automation: PermissionState },
  def("PermissionReport")
)

/** `permissions`; macOS `--guide` adds `guide`. */
export const PermissionsData = Type.Object({
  ...PermissionReport.properties,
  guide: Type.Optional(Type.Enum(["started", "already_running", "not_needed"]))
})
export type PermissionsData = Type.Static<typeof PermissionsData>

export const StatusData = Type.Object({
  platform: Type.String(),
  version: Type.String(),
  permissions: PermissionReport,
  snapshot_id: Type.Union([SnapshotId, Type.Null()]),
  ref_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  session_id: Type.Union([Type.String(), Type.Null()]),
  tracing: Type.Boolean(),
  supported_surfaces: Type.Array(Type.String()),
  artifacts: Type.Optional(Type.Enum(["full", "events"])),
  state_root: Type.Optional(Type.String())
})
export type StatusData = Type.Static<typeof StatusData>

/**
 * 2.6 `status`: the adapter's own diagnostics. `problems` says in words what keeps this machine from observing or
 * acting (empty when nothing does); `probes` is the platform's raw findings (Linux: buses, registry, apps and
 * their toolkits, windows that never registered), an open bag whose keys differ per platform.
 */
export const StatusDataV2_6 = Type.Object({
  ...StatusData.properties,
  problems: Type.Optional(Type.Array(Type.String())),
  probes: Type.Optional(Type.Object({}, def("StatusProbes", { additionalProperties: true })))
})
export type StatusDataV2_6 = Type.Static<typeof StatusDataV2_6>

/** `version`: the binary's version (not the contract's), target arch and OS. */
export const VersionData = Type.Object({ version: Type.String(), target: Type.String(), os: Type.String() })
export type VersionData = Type.Static<typeof VersionData>

/** 2.6: `version` also names the contract versions the binary can print and the one it prints by default. */
export const VersionDataV2_6 = Type.Object({
  version: Type.String(),
  target: Type.String(),
  os: Type.String(),
  contracts: Type.Optional(Type.Array(Type.String())),
  default_contract: Type.Optional(Type.String())
})
export type VersionDataV2_6 = Type.Static<typeof VersionDataV2_6>

export const SkillInfo = Type.Object({
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  summary: Type.String(),
  references: Type.Array(Type.String())
})

/** `skills` / `skills list`, `skills get NAME [REF]`, `skills path`. */
export const SkillsData = Type.Union([
  Type.Object({ skills: Type.Array(SkillInfo) }),
  Type.Object({ skill: Type.String(), full: Type.Boolean(), content: Type.String() }),
  Type.Object({ skill: Type.String(), reference: Type.String(), content: Type.String() }),
  Type.Object({ location: Type.Literal("embedded"), note: Type.String(), available: Type.Array(Type.String()) })
])
export type SkillsData = Type.Static<typeof SkillsData>

/** Shapes the reference leaves unconfirmed (`open-system-surface`, `cursor-overlay`): any object. */
export const UnconfirmedData = Type.Object({}, clientName("UnconfirmedData", { additionalProperties: true }))

export type PermissionReport = Type.Static<typeof PermissionReport>
export type SkillInfo = Type.Static<typeof SkillInfo>
export type UnconfirmedData = Type.Static<typeof UnconfirmedData>
