import { AGENT_DESKTOP_SKILL, COMMANDS_REFERENCE, ERRORS_AND_RECOVERY, OBSERVE_ACT_VERIFY, REFS, SESSIONS_AND_TRACES } from "./agentDesktop.js"

export interface Skill {
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  readonly summary: string
  readonly content: string
  readonly references: Readonly<Record<string, string>>
}

export const STATIC_SKILLS: ReadonlyArray<Skill> = [
  {
    name: "agent-desktop",
    aliases: ["desktop"],
    summary: "Observe, act and verify on desktop apps with snapshot refs; errors, dispositions and recovery",
    content: AGENT_DESKTOP_SKILL,
    references: {
      "observe-act-verify": OBSERVE_ACT_VERIFY,
      refs: REFS,
      "errors-and-recovery": ERRORS_AND_RECOVERY,
      "sessions-and-traces": SESSIONS_AND_TRACES,
      commands: COMMANDS_REFERENCE
    }
  }
]

/** `references/<file>.md` and a bare stem both name a reference. */
export const referenceStem = (reference: string): string =>
  reference.replace(/^references\//, "").replace(/\.md$/, "")
