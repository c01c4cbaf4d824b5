/** `details.kind` values the engine emits, as typed data (reference §2.6, §3.5). */

export type IdentityKind =
  | "retained_object_stale"
  | "saved_ref_absent"
  | "saved_ref_ambiguous"
  | "identity_not_unique"
  | "resolution_identity_unknown"

export type DetailsKind =
  | IdentityKind
  | "wait_timeout"
  | "chain_deadline"
  | "post_action_verification"
  | "locator_incomplete"
  | "observation_root_incomplete"
  | "fail_closed"
  | "platform_method_missing"
  | "unsafe_output_path"
  | "output_path_unusable"
  | "output_write_failed"
  | "read_only"
  | "command_not_allowed"
  | "store_conflict"
