// Permission modes as Claude Code and wave-agent users know them, checked before every tool call (main agent and
// sub-agents alike). In print mode nobody can be asked, so a call that would need approval is denied: the model
// gets a tool result saying why, and the run's result lists it in `permission_denials`.
//
// - `default`: Bash needs an allow rule (`--allowed-tools Bash` or `Bash(git status:*)`); the desktop tools are
//   allowed (they are what wave is for; every action reports what it delivered, and the dangerous key combos are
//   refused by the engine itself), as is Agent (its sub-agent's calls pass this same gate).
// - `acceptEdits`: the same as default — wave has no file-editing tools for it to approve.
// - `plan`: read-only: observation tools only (snapshot, find, get, is, list-apps, list-windows, wait) and Agent;
//   Bash and every desktop action are denied even with an allow rule.
// - `bypassPermissions`: everything is allowed.
// `--disallowed-tools` rules deny in every mode and win over allow rules.
import { COMMANDS, toolName } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { failure, type Tool } from "../tools/Tool.js"
import { parseRule, ruleMatches, type PermissionRule } from "./PermissionRule.js"

export const PERMISSION_MODES = ["default", "acceptEdits", "bypassPermissions", "plan"] as const
export type PermissionMode = (typeof PERMISSION_MODES)[number]

export const isPermissionMode = (value: string): value is PermissionMode => (PERMISSION_MODES as ReadonlyArray<string>).includes(value)

/** One denied call, in Claude Code's `permission_denials` shape. */
export interface PermissionDenial {
  readonly tool_name: string
  readonly tool_use_id: string
  readonly tool_input: unknown
}

export type Decision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

/** Desktop tools that only observe; everything else a desktop tool does may change an app. */
const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(
  Object.entries(COMMANDS)
    .filter(([name, spec]) => spec.category === "observation" || name === "list-apps" || name === "list-windows" || name === "wait")
    .map(([name]) => toolName(name))
)

/** Tools that run arbitrary programs: never without an allow rule outside bypassPermissions. */
const NEEDS_APPROVAL: ReadonlySet<string> = new Set(["Bash"])

export class PermissionGate {
  private readonly allow: ReadonlyArray<PermissionRule>
  private readonly deny: ReadonlyArray<PermissionRule>

  constructor(
    readonly mode: PermissionMode,
    rules: { readonly allowed?: ReadonlyArray<string> | undefined; readonly disallowed?: ReadonlyArray<string> | undefined } = {}
  ) {
    this.allow = (rules.allowed ?? []).map(parseRule)
    this.deny = (rules.disallowed ?? []).map(parseRule)
  }

  decide(tool: string, input: unknown): Decision {
    if (this.deny.some((rule) => ruleMatches(rule, tool, input))) {
      return { allowed: false, reason: `${tool} is disallowed for this run (--disallowed-tools)` }
    }
    if (this.mode === "bypassPermissions") return { allowed: true }
    if (this.mode === "plan") {
      return READ_ONLY_TOOLS.has(tool) || tool === "Agent"
        ? { allowed: true }
        : { allowed: false, reason: `permission mode "plan" is read-only: ${tool} may change something, so it is not run` }
    }
    if (!NEEDS_APPROVAL.has(tool) || this.allow.some((rule) => ruleMatches(rule, tool, input))) return { allowed: true }
    return {
      allowed: false,
      reason: `${tool} needs permission, and print mode cannot ask: allow it with --allowed-tools ${tool} (or a rule such as ` +
        `"${tool}(git status:*)"), or run with --permission-mode bypassPermissions`
    }
  }

  /** The tools with this gate in front: a denied call is a failed tool result the model can read, and is reported. */
  guard(tools: ReadonlyArray<Tool>, onDenied: (denial: PermissionDenial, reason: string) => void): Array<Tool> {
    return tools.map((tool) => ({
      ...tool,
      run: (input, context) => {
        const decision = this.decide(tool.name, input)
        if (decision.allowed) return tool.run(input, context)
        return Effect.sync(() => {
          onDenied({ tool_name: tool.name, tool_use_id: context.callId, tool_input: input }, decision.reason)
          return failure(`Permission denied: ${decision.reason}`)
        })
      }
    }))
  }
}
