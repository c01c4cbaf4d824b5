/**
 * Java Swing through the Java ATK wrapper, started by `launch` (which turns the wrapper on: Debian ships it off) from
 * a form compiled here with javac (tools/desktop/fixtures/SwingForm.java): a JTextField, a JComboBox, a JCheckBox, a
 * JTable, a JTree and a JButton. An agent fills and submits it through refs without --headed; the form appends what
 * it received to its own log file, which the test reads. The combo box is named by its label (Java names it by its
 * current item), its choice is made through its popup's list, tree nodes are tree items that expand and select,
 * table cells are cell refs that type and set-value refuse (the wrapper gives a cell no way to edit it).
 */
import { fixturePath } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isAlive } from "../commands/native/processes.js"
import { linuxEngine } from "../test/linuxEngine.js"
import { useDesktop } from "../test/useDesktop.js"

const JAVA_HOME = "/usr/lib/jvm/java-17-openjdk-amd64"
const haveJava = existsSync(join(JAVA_HOME, "bin", "javac")) && existsSync("/usr/share/java/java-atk-wrapper.jar")
if (!haveJava) process.stderr.write("Swing suite: skipped, openjdk-17-jdk or libatk-wrapper-java is not installed\n")

const desktop = useDesktop({ apps: [], windowManager: "openbox" })
const home = mkdtempSync(join(tmpdir(), "ad-swing-"))
const classes = mkdtempSync(join(tmpdir(), "ad-swing-classes-"))
const log = join(home, "submitted.log")
const { ok, run } = linuxEngine(home)
const started: Array<number> = []
const title = "Swing Order"

type Node = { role: string; name?: string; value?: string; ref_id?: string; states?: Array<string>; children?: Array<Node> }
const all = (node: Node): Array<Node> => [node, ...(node.children ?? []).flatMap(all)]
const submitted = async () => {
  for (let i = 0; i < 100; i++) {
    const text = existsSync(log) ? readFileSync(log, "utf8") : ""
    if (text.includes("submitted")) return text.trim().split("\n").at(-1)!
    await new Promise((wake) => setTimeout(wake, 100))
  }
  return ""
}

describe.skipIf(!haveJava)("a Swing form through the Java ATK wrapper", () => {
  afterAll(() => {
    for (const pid of started) if (isAlive(pid)) process.kill(pid, "SIGKILL")
  })

  it("launch turns the wrapper on; the form is filled and submitted through refs; the form's log says what it got", async () => {
    desktop()
    execFileSync(join(JAVA_HOME, "bin", "javac"), ["-d", classes, fixturePath("SwingForm.java")])
    const launched = await ok("launch", { app: join(JAVA_HOME, "bin", "java"), arg: ["-cp", classes, "SwingForm", title, log], timeout: 60_000 })
    started.push(launched.pid)
    // The wrapper registers the app as "Java Application", then under its frame's title.
    expect(launched.pid).toBeGreaterThan(0)
    let snapshot: any
    for (let i = 0; i < 50 && snapshot === undefined; i++) {
      const attempt = await run("snapshot", { app: title, interactive_only: true })
      if (attempt.ok) snapshot = attempt.data
      else await new Promise((wake) => setTimeout(wake, 200))
    }
    expect(snapshot?.window?.title).toBe(title)
    const ref = (role: string, name: string) => {
      const found = all(snapshot.tree).filter((node) => node.role === role && node.name === name)
      expect(found, `${role} '${name}' in ${JSON.stringify(all(snapshot.tree).map((n) => [n.role, n.name]))}`).toHaveLength(1)
      return found[0]!.ref_id!
    }
    // Named by its label, its current item as the value.
    expect(all(snapshot.tree).find((node) => node.role === "combobox")).toMatchObject({ name: "Size", value: "Small" })
    const typed = await ok("set-value", { ref_id: ref("textfield", "Name"), value: "Ada Lovelace" })
    expect(typed).toMatchObject({ disposition: { delivery: "delivered_verified" }, post_state: { value: "Ada Lovelace" } })
    const chosen = await ok("select", { ref_id: ref("combobox", "Size"), value: "Large" })
    expect(chosen.disposition.delivery).toMatch(/^delivered_/)
    const checked = await ok("check", { ref_id: ref("checkbox", "Subscribe") })
    expect(checked).toMatchObject({ disposition: { delivery: "delivered_verified" }, post_state: { states: expect.arrayContaining(["checked"]) } })
    await ok("select", { ref_id: ref("table", "Basket"), value: "Plums" })
    // The table's cells are refs (Java gives them their renderer's role, a label); the wrapper gives a cell no way to
    // edit it, so type and set-value are refused naming why, nothing sent (the form's log below still has cell=5).
    expect(all(snapshot.tree).filter((node) => node.role === "cell").map((node) => node.name)).toEqual(["Apples", "3", "Pears", "5", "Plums", "7"])
    for (const [command, args] of [["set-value", { value: "9" }], ["type", { text: "9" }]] as const) {
      const refused = await run(command, { ref_id: ref("cell", "5"), ...args })
      expect(refused.error).toMatchObject({ code: "ACTION_NOT_SUPPORTED", details: { role: "cell", toolkit: "java" }, disposition: { delivery: "not_delivered" } })
      expect(refused.error.message).toMatch(/TableCell/)
    }
    const expanded = await ok("expand", { ref_id: ref("treeitem", "North") })
    expect(expanded).toMatchObject({ disposition: { delivery: "delivered_verified" }, post_state: { role: "treeitem", states: expect.arrayContaining(["expanded"]) } })
    snapshot = await ok("snapshot", { app: title, interactive_only: true })
    await ok("select", { ref_id: ref("outline", "Locations"), value: "Shelf B" })
    await ok("click", { ref_id: ref("button", "Submit") })
    expect(await submitted()).toBe("submitted name=Ada Lovelace subscribe=true size=Large row=Plums cell=5 node=Shelf B")

    // The combo box kept its name through the choice: the same ref reads its new value back.
    const size = await ok("get", { ref_id: ref("combobox", "Size"), property: "value" })
    expect(size.value).toBe("Large")
    // An item the popup does not have is refused naming the ones it has, nothing sent.
    const missing = await run("select", { ref_id: ref("combobox", "Size"), value: "Huge" })
    expect(missing.error).toMatchObject({ code: "ELEMENT_NOT_FOUND", details: { available: ["Small", "Medium", "Large"] }, disposition: { delivery: "not_delivered" } })
  }, 240_000)
})
