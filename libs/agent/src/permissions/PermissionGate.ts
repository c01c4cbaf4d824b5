// Permission modes as Claude Code and wave-agent users know them, checked before every tool call (main agent and
// sub-agents alike). In print mode nobody can be asked, so a call that would need approval is denied: the model
// gets a tool result saying why, and the run's result lists it in `permission_denials`.
//
// One approval model for every tool that runs code or changes the machine beyond the desktop: `Bash`, `launch`,
// `close_app`, `clipboard_set`, and `batch` by its entries (callItems.ts says what each call is judged by).
// - `--disallowed-tools` rules deny in every mode and win over allow rules. A rule with a specifier
//   (`Bash(touch:*)`) matches ANY part of a command line — every command of a list, pipeline, subshell or
//   substitution, with its redirections, assignments and wrappers (`timeout`, `env`, `sh -c`, …) taken off — and
//   denies a line it cannot read completely (`$cmd x`, `eval "$x"`, `… | sh`, `case`).
// - `default`: those tools need an allow rule (`--allowed-tools Bash`, `Bash(git status:*)`, `launch`,
//   `launch(gnome-calculator)`, `close-app(gedit)`); a rule with a specifier approves a command line only when it
//   covers every part of it as written and no part redirects to a file. Starting a shell, interpreter or terminal
//   with `launch` is running a command: the Bash rules must approve it too. A loader variable in `launch --env`
//   (LD_PRELOAD, …; loaderEnvironment.ts) needs a rule that names it. The other desktop tools are allowed (they are
//   what wave is for; the engine refuses the dangerous key combos itself), as is Agent (its sub-agent's calls pass
//   this same gate).
// - `acceptEdits`: the same as default — wave has no file-editing tools for it to approve.
// - `plan`: acts on nothing: only the tools the command spec marks `readOnly`, and Agent; a batch only of those.
// - MCP tools (`mcp__<server>__<tool>`, callItems.ts): outside bypassPermissions each needs an allow rule naming it or
//   its server (`mcp__<server>`, `mcp__<server>__*`), as in Claude Code; a server's `readOnlyHint` is its own claim
//   (the MCP spec calls annotations untrusted), so it approves nothing by itself: in `plan` an MCP tool runs only when
//   it is marked read-only AND allowed by a rule.
// - `bypassPermissions`: everything is allowed that no deny rule denies.
import { Effect } from "effect"
import { covers, mcpServerOf } from "../tools/ruleNames.js"
import { failure, type Tool, type ToolApproval } from "../tools/Tool.js"
import { type CallItem, expandCall } from "./callItems.js"
import { parseRule, type PermissionRule, specifierAllows, specifierDenies } from "./PermissionRule.js"

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

const EXAMPLES: Readonly<Record<string, string>> = {
  Bash: "Bash(git status:*)",
  launch: "launch(gnome-calculator)",
  close_app: "close-app(gedit)",
  clipboard_set: "clipboard-set"
}

const denied = (reason: string): Decision => ({ allowed: false, reason })

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

  decide(tool: string, input: unknown, approval?: ToolApproval): Decision {
    const expansion = expandCall(tool, input, 0, approval)
    if ("refused" in expansion) return denied(expansion.refused)
    for (const item of expansion.items) {
      const reason = this.denial(item)
      if (reason !== undefined) return denied(reason)
    }
    if (this.mode === "bypassPermissions") return { allowed: true }
    if (this.mode === "plan") {
      const acting = expansion.items.find((item) => !item.readOnly)
      if (acting !== undefined) {
        return denied(`permission mode "plan" is read-only: ${acting.tool} may change something, so it is not run` +
          (approval?.kind === "mcp" ? " (its server does not mark it readOnlyHint)" : ""))
      }
      // A read-only call still needs its rule where one is needed (an MCP tool): plan never allows more than default.
    }
    for (const item of expansion.items) {
      if (item.gated && !this.allow.some((rule) => this.approves(rule, item))) return denied(this.needsPermission(tool, item))
    }
    return { allowed: true }
  }

  /** Why a deny rule stops `item`, or undefined. */
  private denial(item: CallItem): string | undefined {
    for (const rule of this.deny) {
      if (!covers(rule.tool, item.tool)) continue
      if (rule.specifier === undefined) {
        if (!item.denyOnly) return `${item.tool} is disallowed for this run (--disallowed-tools ${rule.raw})`
        continue
      }
      if (rule.specifier.invalid !== undefined) {
        return `${item.label} is denied: the rule --disallowed-tools ${rule.raw} cannot be read (${rule.specifier.invalid}), so it denies every ${item.tool} call`
      }
      if (item.unknowable !== undefined) {
        return `${item.label} cannot be checked against --disallowed-tools ${rule.raw}: ${item.unknowable}`
      }
      if (item.views.some((view) => specifierDenies(rule, view))) {
        return `${item.label} is disallowed for this run (--disallowed-tools ${rule.raw})`
      }
    }
    return undefined
  }

  private approves(rule: PermissionRule, item: CallItem): boolean {
    if (!covers(rule.tool, item.tool)) return false
    if (rule.specifier === undefined) return item.needsSpecifier === undefined
    return item.written !== undefined && item.notApprovable === undefined && specifierAllows(rule, item.written)
  }

  private needsPermission(tool: string, item: CallItem): string {
    const server = mcpServerOf(item.tool)
    if (server !== undefined) {
      return `${item.tool} (a tool of the MCP server "${server}") needs permission, and print mode cannot ask: allow it ` +
        `with --allowed-tools ${item.tool} (or mcp__${server} for all of the server's tools), or run with ` +
        "--permission-mode bypassPermissions"
    }
    const example = EXAMPLES[item.tool] ?? item.tool
    const about = item.tool === tool ? item.label : `${item.label} (run by ${tool})`
    if (item.needsSpecifier !== undefined) {
      return `${item.tool} needs permission for ${about}: ${item.needsSpecifier}, so only a rule naming it allows it ` +
        `(--allowed-tools '${item.tool}(NAME=value app)'), or --permission-mode bypassPermissions`
    }
    const detail = item.notApprovable !== undefined && this.allow.some((rule) => covers(rule.tool, item.tool) && rule.specifier !== undefined)
      ? ` (no rule with a specifier approves it: ${item.notApprovable})`
      : ""
    return `${item.tool} needs permission for ${about}${detail}, and print mode cannot ask: allow it with --allowed-tools ` +
      `${item.tool} (or a rule such as "${example}"), or run with --permission-mode bypassPermissions`
  }

  /** The tools with this gate in front: a denied call is a failed tool result the model can read, and is reported. */
  guard(tools: ReadonlyArray<Tool>, onDenied: (denial: PermissionDenial, reason: string) => void): Array<Tool> {
    return tools.map((tool) => ({
      ...tool,
      run: (input, context) => {
        const decision = this.decide(tool.name, input, tool.approval)
        if (decision.allowed) return tool.run(input, context)
        return Effect.sync(() => {
          onDenied({ tool_name: tool.name, tool_use_id: context.callId, tool_input: input }, decision.reason)
          return failure(`Permission denied: ${decision.reason}`)
        })
      }
    }))
  }
}
