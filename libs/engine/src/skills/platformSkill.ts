import type { PlatformStatus } from "@agent-desktop/platform"
import { FAIL_CLOSED, HEADLESS_REF_ACTIONS, NOT_APPLICABLE, NOT_YET_SUPPORTED, READ_ONLY } from "./commandTables.generated.js"
import { NATIVE_LINUX_NOTES } from "./nativeLinuxNotes.js"
import { WAYLAND_NOTES } from "./waylandNotes.js"
import type { Skill } from "./Skills.js"

const LINUX_NOTES = `## Linux (AT-SPI2)

- Observation and semantic actions need a running AT-SPI bus inside the user's graphical session (session bus,
  \`DISPLAY\` or a Wayland display). From a TTY, SSH without session variables or a container without buses there
  are no apps: \`agent-desktop status\` lists what is missing under \`problems\`.
- There is no permission grant on Linux: \`permissions\` reports accessibility \`granted\` when the accessibility
  bus answers (\`denied\`, with what to fix, when it does not), screen recording \`not_required\` on X11
  (\`unknown\` on Wayland) and automation \`not_required\`.
- \`--app\` takes the name \`list-apps\` prints (e.g. \`gtk3-widget-factory\`). Window ids come from the bus and path.
  With several windows open, \`--app\` takes the app's modal dialog, else the window the X server has active (a
  Save As dialog over its editor), and a snapshot's root \`hint\` says which it took and the others' \`--window-id\`.
  \`list-windows\` reports focus as the X server has it. \`list-surfaces\` also lists the menus and popovers open
  inside a window (GTK 2 menus, GTK 4 popovers); \`snapshot --window-id\` with such a surface's id reads its items.
- Key presses go through the registry's device event controller (XTEST) on X11, and through the display-server
  backend's keyboard on Wayland (see "Wayland sessions" below).
- Identity: a ref is re-proven against the live window before anything is sent: its role and stable fields
  (name, description, stable values; an AT-SPI object path is an address, not identity) must have been unique in
  the window at capture and must match exactly one element now. Elements of one name are told apart as a person
  would: by kind (a password entry, a terminal, a plain entry) and by place below their nearest named ancestor; an
  unnamed field takes its label as its name. Only true twins (same fields, kind and place) are refused (AMBIGUOUS_TARGET
  \`identity_not_unique\`, or \`saved_ref_ambiguous\` when a twin appeared later); the snapshot marks them in their
  \`hint\` with the way that works (\`--headed mouse-click --xy\` at its centre, or its container's ref). Reads
  (\`get\`, \`is\`) take a twin at its unchanged place. A removed element is refused (STALE_REF), never replaced by a
  look-alike; a snapshot that could not read the whole window marks its refs unproven.
- Text: terminals, text views and documents give their Text (what they show, bounded, from the part on screen) as
  their value, so \`get --property text\` and \`find --text\` read a terminal's screen.
`

/** `skills get platform`: what this OS supports, derived from the same tables the command router uses. */
const liveSection = (live: PlatformStatus) =>
  [
    "## This machine, right now",
    "",
    live.supported_surfaces.length === 0
      ? "Nothing can be observed yet."
      : `Observable surfaces: ${live.supported_surfaces.join(", ")}.`,
    ...live.problems.map((problem) => `- ${problem}`),
    ""
  ].join("\n")

/** `toolkitNotes`: the adapter's section on UI toolkits (`DesktopAdapterShape.toolkitNotes`). */
export const platformSkill = (platform: string, live?: PlatformStatus, toolkitNotes = ""): Skill => {
  const unsupported = platform === "unsupported"
  const content = [
    `# agent-desktop on ${unsupported ? process.platform : platform}`,
    "",
    unsupported
      ? `No desktop adapter exists for ${process.platform}: every command that reads or acts on the desktop returns PLATFORM_NOT_SUPPORTED. version, skills, session, trace and status work.`
      : `Observation (${READ_ONLY}), the ref actions (${HEADLESS_REF_ACTIONS}) and press are real, and so are the pointer, screenshot, display, window and clipboard commands below.`,
    "",
    ...(NOT_YET_SUPPORTED.length === 0 ? [] : [`Not implemented yet here (PLATFORM_NOT_SUPPORTED, nothing sent): ${NOT_YET_SUPPORTED}.`, ""]),
    ...(NOT_APPLICABLE.length === 0 || unsupported ? [] : ["No counterpart on this platform (PLATFORM_NOT_SUPPORTED, nothing sent):", NOT_APPLICABLE, ""]),
    `Always refused by design (ACTION_NOT_SUPPORTED): ${FAIL_CLOSED}.`,
    "",
    platform === "linux" ? LINUX_NOTES : "",
    platform === "linux" ? NATIVE_LINUX_NOTES : "",
    platform === "linux" ? WAYLAND_NOTES : "",
    toolkitNotes,
    live === undefined ? "" : liveSection(live)
  ].join("\n")
  return {
    name: `agent-desktop-${unsupported ? process.platform : platform}`,
    aliases: ["platform", unsupported ? process.platform : platform],
    summary: `What agent-desktop supports on this ${unsupported ? process.platform : platform} machine`,
    content,
    references: {}
  }
}
