import { COMMAND_MANIFEST, type ManifestCommand } from "@agent-desktop/contracts/commands"

/**
 * The skills docs' command tables and lists, derived from the command spec: the only place the skills name
 * commands in bulk. `npm run generate` (engine) writes `skills/commandTables.generated.ts` from this;
 * `commandTables.test.ts` fails when the committed file is stale.
 */

type Entry = readonly [name: string, command: ManifestCommand]

const entries: ReadonlyArray<Entry> = Object.entries(COMMAND_MANIFEST.commands)

const names = (where: (command: ManifestCommand) => boolean): string =>
  entries.filter(([, command]) => where(command)).map(([name]) => name).join(", ")

const CATEGORY_TITLES: Readonly<Record<string, string>> = {
  observation: "Observe",
  "ref-action": "Act on a ref",
  keyboard: "Keyboard",
  mouse: "Pointer",
  clipboard: "Clipboard",
  "app-window": "Apps and windows",
  notification: "Notifications",
  system: "System"
}

const HEADED: Readonly<Record<ManifestCommand["headed"], string>> = { none: "", optional: "optional", required: "required" }

const LINUX: Readonly<Record<ManifestCommand["support"]["linux"], string>> = {
  supported: "yes",
  not_implemented: "not yet (PLATFORM_NOT_SUPPORTED)",
  not_applicable: "no Linux counterpart (PLATFORM_NOT_SUPPORTED)",
  fail_closed: "refused by design (ACTION_NOT_SUPPORTED)"
}

const cell = (text: string) => text.replace(/\|/g, "\\|")

/** One markdown table per category, in the spec's order: command, what it does, `--headed`, Linux support. */
const commandTable = (): string => {
  const categories = [...new Set(entries.map(([, command]) => command.category))]
  return categories.map((category) =>
    [
      `### ${CATEGORY_TITLES[category] ?? category}`,
      "",
      "| command | what it does | --headed | Linux |",
      "|---|---|---|---|",
      ...entries.filter(([, command]) => command.category === category).map(([name, command]) =>
        `| \`${name}\` | ${cell(command.summary)} | ${HEADED[command.headed]} | ${LINUX[command.support.linux]} |`
      )
    ].join("\n")
  ).join("\n\n")
}

/** The generated values, by export name. */
export const commandTables = (): Readonly<Record<string, string>> => ({
  /** Every command, grouped by category. */
  COMMAND_TABLE: commandTable(),
  /** Ref actions that work without --headed. */
  HEADLESS_REF_ACTIONS: names((c) => c.category === "ref-action" && c.headed !== "required" && c.support.linux === "supported"),
  /** Ref actions that read the element back once after delivery. */
  STATEFUL_ACTIONS: names((c) => c.stateful === true),
  /** Commands that always refuse: held input nothing could release if the agent stopped. */
  FAIL_CLOSED: names((c) => c.support.linux === "fail_closed"),
  /** Pointer input that needs --headed. */
  HEADED_POINTER: names((c) => c.headed === "required" && (c.category === "mouse" || c.category === "ref-action") && c.support.linux === "supported"),
  /** Commands that read and never act. */
  READ_ONLY: names((c) => c.readOnly === true && c.support.linux === "supported"),
  /** Commands that act on apps' windows through the window manager. */
  WINDOW_OPERATIONS: names((c) => c.category === "app-window" && c.readOnly !== true && c.positionals.length === 0 && "window-id" in c.flags),
  /** Commands whose Linux work has not landed. */
  NOT_YET_SUPPORTED: names((c) => c.support.linux === "not_implemented"),
  /** Commands with no Linux counterpart, each with its reason. */
  NOT_APPLICABLE: entries.filter(([, c]) => c.support.linux === "not_applicable").map(([name, c]) => `- ${c.refusal?.linux ?? name}.`).join("\n")
})

/** The text of `skills/commandTables.generated.ts`. */
export const commandTablesModule = (): string =>
  [
    "// GENERATED from the command spec by `npm run generate` (engine: src/skills/emit/commandTables.ts). Do not edit.",
    "",
    ...Object.entries(commandTables()).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}\n`)
  ].join("\n")
