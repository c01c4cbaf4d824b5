import { assert, describe, it } from "@effect/vitest"
import { commandViews } from "./commandViews.js"
import { runsCommands } from "./commandRunners.js"
import { parseShell } from "./parseShell.js"
import { wordsText } from "./ShellScript.js"

const viewsOf = (line: string) => {
  // Substitutions are read first: the outer command is the last.
  const command = parseShell(line).commands.at(-1)
  const views = commandViews(command!.words, command!.redirects)
  return {
    views: views.views.map(wordsText),
    scripts: views.scripts.map((script) => script.commands.map((c) => wordsText(c.words))),
    unknowable: views.unknowable
  }
}

describe("commandViews: what one command runs", () => {
  it("wrappers are taken off one by one, with their options and fixed arguments", () => {
    assert.deepStrictEqual(viewsOf("timeout -s KILL 5 nice -n 3 env -i A=1 touch X").views, [
      "timeout -s KILL 5 nice -n 3 env -i A=1 touch X",
      "nice -n 3 env -i A=1 touch X",
      "env -i A=1 touch X",
      "touch X"
    ])
    assert.include(viewsOf("nohup touch X").views, "touch X")
    assert.include(viewsOf("sudo -u root -- touch X").views, "touch X")
    assert.include(viewsOf("exec touch X").views, "touch X")
    assert.include(viewsOf("command touch X").views, "touch X")
    assert.include(viewsOf("xargs -n1 -I{} touch").views, "touch")
    assert.include(viewsOf("stdbuf -oL touch X").views, "touch X")
    assert.include(viewsOf("busybox touch X").views, "touch X")
    assert.deepStrictEqual(viewsOf("find . -name x -exec touch {} \\; -execdir rm {} +").views.slice(1), ["touch {}", "rm {}"])
    // `command -v touch` only looks touch up.
    assert.deepStrictEqual(viewsOf("command -v touch").views, ["command -v touch"])
  })

  it("command lines handed to a shell are scripts of their own", () => {
    assert.deepStrictEqual(viewsOf("sh -c 'touch X; id'").scripts, [["touch X", "id"]])
    assert.deepStrictEqual(viewsOf("bash -o pipefail -ec \"touch X\"").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("/bin/dash -c 'touch X' name arg").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("eval 'touch X'").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("su -c 'touch X' root").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("env -S 'touch X'").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("watch -n 1 touch X").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("sh <<EOF\ntouch X\nEOF").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("sh <<< 'touch X'").scripts, [["touch X"]])
    assert.deepStrictEqual(viewsOf("sh -c 'sh -c \"touch X\"'").scripts, [["sh -c touch X"]])
  })

  it("what is only known when it runs is said so", () => {
    assert.match(viewsOf("$CMD x").unknowable!, /command word/)
    assert.match(viewsOf("$(echo touch) x").unknowable!, /command word/)
    assert.match(viewsOf("tou*h x").unknowable!, /command word/)
    assert.match(viewsOf("eval \"$x\"").unknowable!, /eval/)
    assert.match(viewsOf("sh -c \"$x\"").unknowable!, /script/)
    assert.match(viewsOf("sh").unknowable!, /stdin/)
    assert.match(viewsOf("bash -s < script").unknowable!, /stdin/)
    assert.isUndefined(viewsOf("touch $x").unknowable)
    assert.isUndefined(viewsOf("bash script.sh").unknowable)
  })

  it("programs that run commands: shells, interpreters, wrappers, terminals", () => {
    for (const program of ["/bin/sh", "bash", "python3", "python3.11", "perl", "node", "env", "xargs", "xterm", "org.gnome.Terminal.desktop", "find"]) {
      assert.isTrue(runsCommands(program), program)
    }
    for (const program of ["gnome-calculator", "/usr/bin/gedit", "firefox", "org.gnome.Calculator", "touch"]) {
      assert.isFalse(runsCommands(program), program)
    }
  })
})
