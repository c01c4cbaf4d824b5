import { assert, describe, it } from "@effect/vitest"
import { existsSync } from "node:fs"
import { dirname } from "node:path"
import { runInNewContext } from "node:vm"
import { KwinScripting, KwinScriptError, scriptSource, type IncomingCall, type KwinBus } from "./KwinScripting.js"
import type { DbusMessage } from "./MutterRemoteDesktop.js"

/**
 * A stand-in for KWin (pure logic only: the real KWin runs in the desktop suites): loadScript reads the file and
 * evaluates it with `callDBus` delivering the answer to our connection, as KWin's engine does.
 */
const fakeKwin = (globals: Record<string, unknown>, refuse = false) => {
  const handlers = new Set<(call: IncomingCall) => void>()
  const calls: Array<DbusMessage> = []
  let source = ""
  const bus: KwinBus = {
    uniqueName: async () => ":1.7",
    onMethodCall: (handler) => {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    call: async (message) => {
      calls.push(message)
      if (message.member === "loadScript") {
        if (refuse) return [-1]
        source = (await import("node:fs")).readFileSync(String(message.body![0]), "utf8")
        return [3]
      }
      if (message.member === "run") {
        runInNewContext(source, {
          ...globals,
          callDBus: (to: string, path: string, iface: string, member: string, ...body: Array<unknown>) => {
            if (to === ":1.7") for (const handler of handlers) handler({ path, interface: iface, member, body })
          }
        })
      }
      return []
    }
  }
  return { bus, calls }
}

describe("KWin scripting: a script answers through callDBus to our own connection", () => {
  it("returns what the script body returned, with its arguments, and unloads the script", async () => {
    const { bus, calls } = fakeKwin({ workspace: { clientList: () => [{ caption: "A" }, { caption: "B" }] } })
    const scripting = new KwinScripting(bus)
    const captions = await scripting.run<Array<string>>("return workspace.clientList().map(function (c) { return c.caption + args.suffix; });", { suffix: "!" })
    assert.deepStrictEqual(captions, ["A!", "B!"])
    assert.deepStrictEqual(calls.map((c) => `${c.path} ${c.member}`), ["/Scripting loadScript", "/3 run", "/Scripting unloadScript"])
    assert.strictEqual(calls[2]!.body![0], calls[0]!.body![1])
    // The script's private directory is gone after the run (a one-shot CLI call leaves nothing behind).
    assert.isFalse(existsSync(dirname(String(calls[0]!.body![0]))))
    scripting.close()
  })

  it("a script that throws fails with its error; a refused load fails before running", async () => {
    const scripting = new KwinScripting(fakeKwin({}).bus)
    const thrown = await scripting.run("throw new Error('no such window');").catch((e: unknown) => e)
    assert.instanceOf(thrown, KwinScriptError)
    assert.match((thrown as Error).message, /no such window/)
    const refused = await new KwinScripting(fakeKwin({}, true).bus).run("return 1;").catch((e: unknown) => e)
    assert.match((refused as Error).message, /refused to load/)
  })

  it("the script source embeds its arguments as JSON, never as code", () => {
    const source = scriptSource("return args;", { caption: "\"); evil(); (\"" }, ":1.7", "t1")
    assert.include(source, JSON.stringify({ caption: "\"); evil(); (\"" }))
  })
})
