import { COMMAND_MANIFEST } from "../manifest/commands.generated.js"

// Command-name lists, all derived from the command spec (src/commands/, generated into the import-free manifest):
// no list of command names is written anywhere else. Each is marked pure so bundlers drop the unused ones (and the
// manifest with them).

type Manifest = (typeof COMMAND_MANIFEST)["commands"]

/** Every command name, in help order. */
export type ManifestCommandName = keyof Manifest & string

/** The names of the commands whose manifest entry matches P. */
export type CommandsWhere<P> = { [K in ManifestCommandName]: Manifest[K] extends P ? K : never }[ManifestCommandName]

const where = <P>(test: (entry: Manifest[ManifestCommandName]) => boolean): ReadonlyArray<CommandsWhere<P>> =>
  (Object.keys(COMMAND_MANIFEST.commands) as Array<ManifestCommandName>).filter((name) =>
    test(COMMAND_MANIFEST.commands[name])
  ) as Array<CommandsWhere<P>>

export const COMMAND_NAMES: ReadonlyArray<ManifestCommandName> = /* @__PURE__ */ (() =>
  Object.keys(COMMAND_MANIFEST.commands) as Array<ManifestCommandName>)()

export const isCommandName = (value: string): value is ManifestCommandName => Object.hasOwn(COMMAND_MANIFEST.commands, value)

/** Ref actions: one element each, `data` is an ActionResult. */
export const REF_ACTION_COMMANDS = /* @__PURE__ */ where<{ readonly category: "ref-action" }>((entry) => entry.category === "ref-action")

/** Published names that always fail closed until a daemon can guarantee release of held input. */
export const FAIL_CLOSED_COMMANDS = /* @__PURE__ */ where<{ readonly support: { readonly linux: "fail_closed" } }>(
  (entry) => entry.support.linux === "fail_closed"
)

/** Commands whose shape the reference leaves unconfirmed; their `data` stays an open object. */
export const UNCONFIRMED_COMMANDS = /* @__PURE__ */ where<{ readonly unconfirmed: true }>((entry) => "unconfirmed" in entry)

/** Commands that accept post-action `--wait-for` / `--wait-for-gone`. */
export const WAIT_FOR_COMMANDS = /* @__PURE__ */ where<{ readonly waitFor: true }>((entry) => "waitFor" in entry)

/** Ref actions that act only on an enabled element (a disabled one is waited for, then refused). */
export const NEEDS_ENABLED_COMMANDS = /* @__PURE__ */ where<{ readonly needsEnabled: true }>((entry) => "needsEnabled" in entry)

/** Commands that save a snapshot whose refs later commands name. */
export const SNAPSHOT_SAVING_COMMANDS = /* @__PURE__ */ where<{ readonly savesSnapshot: true }>((entry) => "savesSnapshot" in entry)

/**
 * Commands that send input to an app: the ref actions, keyboard and mouse commands, except those that refuse by
 * design (fail closed), which send nothing.
 */
export const INPUT_COMMANDS = /* @__PURE__ */ where<{ readonly category: "ref-action" | "keyboard" | "mouse" }>((entry) =>
  (entry.category === "ref-action" || entry.category === "keyboard" || entry.category === "mouse") && entry.support.linux !== "fail_closed"
) as ReadonlyArray<Exclude<CommandsWhere<{ readonly category: "ref-action" | "keyboard" | "mouse" }>, (typeof FAIL_CLOSED_COMMANDS)[number]>>
