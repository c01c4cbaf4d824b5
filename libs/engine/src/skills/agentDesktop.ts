import { LATEST_CONTRACT_VERSION } from "@agent-desktop/contracts/vocabulary"
import { COMMAND_TABLE, FAIL_CLOSED, HEADLESS_REF_ACTIONS, STATEFUL_ACTIONS } from "./commandTables.generated.js"

/** The main skill: how an agent drives a desktop app through agent-desktop. Markdown, written for agents. */
export const AGENT_DESKTOP_SKILL = `# agent-desktop

Drive desktop apps through their accessibility tree. Every call prints exactly one JSON envelope on one line:
\`{"version":"${LATEST_CONTRACT_VERSION}","ok":true,"command":"...","data":{...}}\` or \`{"version":"${LATEST_CONTRACT_VERSION}","ok":false,"command":"...","error":{...}}\`.
Branch on \`ok\`, then on \`error.code\`; decide retries only from \`error.disposition.retry\`. Never parse \`message\`.

## The loop: observe, act, verify

1. Observe: \`agent-desktop snapshot --app <name> -i\` (interactive elements only). Read \`data.complete\` first:
   \`false\` means the budget ran out (its refs cannot be acted on: retry with a larger \`--timeout-ms\`, or drill into
   a cut node with \`--root <ref>\`). \`-i\` prints at most 50 children per container: a container with a \`hint\`
   and \`children_count\` has more, and its hint names the command for the next page.
2. Act on one ref: \`agent-desktop click @s8f3k2p9:e7\`. Refs are snapshot-qualified; a bare \`@e7\` is rejected.
3. Verify: read \`data.disposition\` (\`delivered_verified\` proves the effect; \`delivered_unverified\` means look again),
   then observe again (\`snapshot\`, \`get\`, \`is\`, or \`--wait-for 'button:Done'\` on the action itself).

References: \`observe-act-verify\`, \`refs\`, \`errors-and-recovery\`, \`sessions-and-traces\`, \`commands\`
(every command, what it does, whether it needs \`--headed\`): \`agent-desktop skills get agent-desktop <ref>\`.
What this machine supports: \`agent-desktop skills get platform\`.

Many calls in a row are fast by default: the first call on a desktop starts a warm host in the background
(\`agent-desktop serve\`, one per state root and desktop; it exits after 10 idle minutes or with its desktop), and it
answers the calls after it from the same environment with the same output, in milliseconds instead of a Node
start-up each. \`AGENT_DESKTOP_HOST=off\` runs every call in its own process.
`

export const OBSERVE_ACT_VERIFY = `# Observe, act, verify

- Start with \`agent-desktop status\`: an empty \`supported_surfaces\` means nothing can be observed yet; its
  \`problems\` say why. Then \`list-apps\` to learn the exact app name, \`list-windows --app <name>\` for window ids.
- \`snapshot --app <name> -i --compact\` keeps the tree small. \`--skeleton\` shows the window's outline: about
  40 nodes, opened breadth first, 3 levels deep (unnamed wrapper groups count no level); every container it cuts
  carries \`children_count\` and a ref: drill with \`snapshot --root <ref>\` (same snapshot_id, refs merged).
- Long lists and tables: \`-i\` prints the first 50 children of each container (\`--max-children N\`; 0 = all),
  and the one holding the focus (else a selected one) if it lies further. A cut container has a ref, its real
  \`children_count\` and a \`hint\` like \`children 0-49 of 500 with refs shown; next: snapshot --root @s1:e5
  --children-from 50 -i --max-children 50\`: run it for the next page (its refs replace the previous page's), or
  \`find --role button --name 'row 317'\`, which searches the whole window. The container's ref is for \`--root\`
  only: it may not be unique (a second unnamed table), so actions on it are refused. A container with more than
  2,000 children (a 50,000-row table) is read one page at a time: its hint counts by child index (\`children 0-49
  of 50000 shown (by index ...)\`), \`--children-from K\` reads the page from index K, and \`find\` searches its
  other pages (give a --timeout-ms that fits: a TIMEOUT says how many rows it searched and whether more time helps).
  Twins are marked only within the page read; before an action a ref there is checked against the other pages, and
  a look-alike there refuses it (identity_not_unique).
- \`find --role button --name Save --first\` answers a question without a full tree, and returns a ref.
- Act with one ref action per step: ${HEADLESS_REF_ACTIONS}; keys with \`press ctrl+s --app <name>\`.
- \`ok: true\` means delivered or already satisfied, not that the app did what you wanted. Stateful actions
  (${STATEFUL_ACTIONS}) read the element back once: a contradiction is an
  error with \`details.kind: "post_action_verification"\`; \`details.verification_scope: "unavailable"\` means no
  evidence either way.
- Add \`--wait-for 'role:text'\` (or \`--wait-for-gone\`) to an action to wait for its effect in the same call.
`

export const REFS = `# Refs

- A ref is \`@<snapshot_id>:e<N>\`, printed by \`snapshot\` and \`find\`. Use it exactly as printed.
- Refs are saved per namespace: the global one, or \`--session <id>\` / \`AGENT_DESKTOP_SESSION\`. A ref from one
  namespace is unknown in another (\`SNAPSHOT_NOT_FOUND\`).
- A ref resolves only if the snapshot read the whole window and proved the element unique, and exactly one live
  element still matches its role and stable fields. Otherwise nothing is sent:
  - \`STALE_REF\` + \`saved_ref_absent\`: the element is gone or changed. Snapshot again.
  - \`AMBIGUOUS_TARGET\` + \`saved_ref_ambiguous\`: an identical twin appeared. Use a control unique in its window.
  - \`AMBIGUOUS_TARGET\` + \`identity_not_unique\`: uniqueness was never proven (twins, or \`identity_unproven\` on
    the snapshot). Snapshot with a larger \`--timeout-ms\`, or pick a unique control.
  - \`TIMEOUT\` + \`resolution_identity_unknown\`: live fields could not be read in time; retrying is fine.
- Only interactive elements (or ones with actions) get refs; static text does not.
`

export const ERRORS_AND_RECOVERY = `# Errors and recovery

- \`error.disposition.retry\`: \`safe\` (nothing was sent; retrying cannot double an action), \`unsafe\` (it may have
  landed: observe before trying again), \`unknown\` (no evidence at all: never retry automatically).
- \`error.recovery\` appears only when a retry is safe. Strategies:
  - \`refresh_snapshot_then_retry_original\` (STALE_REF, SNAPSHOT_NOT_FOUND): snapshot again, find the same
    element in the new snapshot, repeat the original command with its new ref.
  - \`request_explicit_policy_then_retry_original\` (POLICY_DENIED): the action needs \`--headed\` or \`--force\`;
    ask the user before adding it.
  - \`inspect_state_then_retry_original\` (APP_UNRESPONSIVE, \`retry_after_ms\`): wait, observe, then retry.
- \`details.retryable: false\` overrides: the same ref will be refused again; get a new ref instead.
- Exit codes: 0 ok, 1 structured error, 2 the command line could not be parsed (fix the arguments).
- ${FAIL_CLOSED} always refuse (ACTION_NOT_SUPPORTED): nothing could release a held key or button if the agent
  stopped.
`

export const SESSIONS_AND_TRACES = `# Sessions and traces

- \`agent-desktop session start [--name L] [--no-trace] [--screenshots]\` prints a \`session_id\`; pass it as
  \`--session <id>\` (or \`AGENT_DESKTOP_SESSION\`) on every later call. Refs are saved per session.
- The trace records every call of the session as events (redacted: typed text, values, names are
  \`{"redacted": true}\`). \`trace show [--event PREFIX] [--limit N]\` prints them; \`trace export [--out PATH]\` writes
  one self-contained HTML file and prints \`{path, event_count, screenshots_embedded, screenshots_skipped, ...}\`.
- A file path you pass (\`screenshot PATH\`, \`--trace FILE\`, \`trace export --out\`, \`clipboard-get --out\`) must name a new
  or regular file in an ordinary folder: a symlink, FIFO, device, socket, or a path under /proc, /sys, /dev is refused
  before anything is written (INVALID_ARGS, \`details.kind: unsafe_output_path\`, \`details.reason\`). A read-only MCP
  server writes no file at all (POLICY_DENIED \`read_only\`): call \`screenshot\` without a path for the image inline.
- \`--screenshots\` (artifacts \`full\`): every command that sends something to an app (the ref actions, \`press\`,
  \`hover\`, \`drag\`, \`scroll\`, \`mouse-*\`) also saves a PNG of its target window (the screen when it has none)
  before and after it (after \`--wait-for\`), as 0600 files in the session's \`trace/screens/\`. The trace names
  each one (\`screenshot.captured\`: \`phase\` pre|post, \`file\`, \`bytes\`, \`width\`, \`height\`, \`window_id\`);
  \`trace export\` embeds them. Screenshots are not redacted: whatever the window shows is in them.
- A capture never fails or stalls the command (the "after" waits until the window has repainted; both together
  add about 40-90 ms; at most 1.5 s each): one that cannot happen is
  \`screenshot.skipped\` with a \`reason\` (\`adapter: <CODE>: ...\` without X11, \`count_budget\` after 200 and
  \`budget\` after 128 MiB in one invocation, \`write_failed\`, \`nothing_sent\` for the "after" of a refused command,
  \`read_only\` on a read-only MCP server).
- With \`--screenshots\` each \`snapshot\` / \`find\` also copies its saved refmap (what every ref meant) to the
  session's \`trace/refmaps/\` (\`refmap.copied\`: \`snapshot_id\`, \`file\`, \`ref_count\`).
- \`--screenshots\` cannot be combined with \`--no-trace\`. \`session gc\` removes a session's folder with its PNGs.
`

/** Every command, from the command spec (commandTables.generated.ts). */
export const COMMANDS_REFERENCE = `# Commands

Every command, from the command spec (\`agent-desktop <command> --help\` lists its flags). \`--headed\`: required means
the command refuses without it (POLICY_DENIED); optional means it may use physical input or focus when given.

${COMMAND_TABLE}
`
