import { jconsoleApp, javaHome } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { probeRead } from "../realapps/realApp.js"
import { findRef, haveAll, ok, until, useZoo } from "./zoo.js"

/**
 * Java Swing through the Java ATK wrapper: JConsole (openjdk-17-jdk) with its New Connection dialog (radio buttons,
 * text fields, a password field). Effects are read back by libatspi.
 */
const jconsole = jconsoleApp()
const app = jconsole.name

describe.skipIf(!haveAll("java", join(javaHome, "bin", "java"), "/usr/share/java/java-atk-wrapper.jar"))("zoo: Java Swing (JConsole via the ATK wrapper)", () => {
  const zoo = useZoo("java", [jconsole])
  const { cli } = zoo

  it("picks Remote Process and fills its address, user name and password (libatspi reads the fields)", () => {
    ok(cli("click", findRef(cli, app, "radiobutton", "Remote Process:")))
    assert.include(until(() => probeRead(zoo.env(), app, "radio button", "Remote Process:")["states"] as Array<string>, (states) => states.includes("checked")), "checked")
    ok(cli("set-value", findRef(cli, app, "textfield", "Remote Process"), "localhost:9999"))
    ok(cli("type", findRef(cli, app, "textfield", "User Name"), "ada"))
    ok(cli("set-value", findRef(cli, app, "textfield", "Password"), "s3cret"))
    assert.strictEqual(probeRead(zoo.env(), app, "text", "Remote Process")["text"], "localhost:9999")
    assert.strictEqual(probeRead(zoo.env(), app, "text", "User Name")["text"], "ada")
    // A password field shows bullets, one per character.
    assert.strictEqual(String(probeRead(zoo.env(), app, "password text", "Password")["text"]).length, 6)
  })
})
