import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { DesktopAdapter } from "@agent-desktop/platform"
import { Effect } from "effect"
import { InvalidArgs } from "../errors/DesktopError.js"
import { referenceStem, STATIC_SKILLS, type Skill } from "../skills/Skills.js"
import { platformSkill } from "../skills/platformSkill.js"

/** The platform skill carries the adapter's live probe (what is missing, if anything) only when it is read. */
const allSkills = (withLiveStatus: boolean) => Effect.gen(function*() {
  const adapter = yield* DesktopAdapter
  const live = withLiveStatus ? yield* adapter.status().pipe(Effect.option) : undefined
  return [...STATIC_SKILLS, platformSkill(adapter.platform, live?._tag === "Some" ? live.value : undefined, adapter.toolkitNotes)]
})

const findSkill = (skills: ReadonlyArray<Skill>, name: string) =>
  skills.find((skill) => skill.name === name || skill.aliases.includes(name))

const unknownSkill = (name: string, skills: ReadonlyArray<Skill>) =>
  new InvalidArgs({
    message: `Unknown skill '${name}'`,
    suggestion: `Use one of ${skills.map((skill) => skill.name).join(", ")} (agent-desktop skills list)`
  })

const withReferences = (skill: Skill) =>
  [skill.content, ...Object.entries(skill.references).map(([, text]) => text)].join("\n")

/** `skills list | get NAME [REF] [--full] | path`: embedded markdown for agents. */
export const skills = Effect.fn("skills")(function*(args: ArgsOf<"skills">) {
  const { action, name: requested } = args
  const all = yield* allSkills(action === "get" && requested !== undefined && ["platform", `agent-desktop-${process.platform}`, process.platform].includes(requested))
  if (action === "list") {
    return {
      skills: all.map((skill) => ({
        name: skill.name,
        aliases: skill.aliases,
        summary: skill.summary,
        references: Object.keys(skill.references)
      }))
    }
  }
  if (action === "path") {
    return {
      location: "embedded" as const,
      note: "Skills are compiled into the binary; read them with agent-desktop skills get NAME",
      available: all.map((skill) => skill.name)
    }
  }
  if (action !== "get") return yield* new InvalidArgs({ message: `Unknown skills action '${action}'`, suggestion: "Use skills list, skills get NAME or skills path" })
  const name = requested
  if (name === undefined) return yield* new InvalidArgs({ message: "skills get needs a NAME", suggestion: "Run agent-desktop skills list" })
  const skill = findSkill(all, name)
  if (skill === undefined) return yield* unknownSkill(name, all)
  const { reference } = args
  if (reference !== undefined) {
    const stem = referenceStem(reference)
    const content = skill.references[stem]
    if (content === undefined) {
      return yield* new InvalidArgs({
        message: `Skill '${skill.name}' has no reference '${reference}'`,
        suggestion: `Use one of ${Object.keys(skill.references).join(", ") || "(none)"}`
      })
    }
    return { skill: skill.name, reference: stem, content }
  }
  const { full } = args
  return { skill: skill.name, full, content: full ? withReferences(skill) : skill.content }
})
