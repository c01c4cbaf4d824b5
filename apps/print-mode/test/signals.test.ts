// A signal during a desktop tool call: the engine command is aborted through its AbortSignal, so it folds its
// evidence and ends its invocation in the store (a `command.end`, not an abandoned stream), and wave still exits 143.
import * as fs from "node:fs"
import * as path from "node:path"
import { chooseSqliteBinding, openSqliteDriver } from "@agent-desktop/store"
import { finish, match, reply, sse, toolCall } from "@agent-desktop/fake-model"
import { describe, expect, it } from "vitest"
import { makeHome, runWave, withFake } from "./runWave.js"

const invocationEvents = (home: string): Array<{ type: string; payload: string }> => {
  const file = path.join(home, ".agent-desktop", "events.db")
  if (!fs.existsSync(file)) return []
  // The store's own binding (node:sqlite where Node has it), so the test runs on every Node the CI runs.
  const db = openSqliteDriver(file, chooseSqliteBinding(), 5000)
  try {
    return db.prepare(`SELECT type, payload FROM events WHERE stream LIKE 'invocation-%' ORDER BY position`).all() as Array<{ type: string; payload: string }>
  } catch {
    return []
  } finally {
    db.close()
  }
}

describe("wave and signals", () => {
  it("SIGTERM during a desktop tool call ends the engine command in the store, then the run (exit 143)", async () => {
    await withFake({
      rules: [
        { match: match.hasToolResult(), reply: reply("unused") },
        { match: match.always, reply: sse([toolCall({ id: "w1", name: "wait", args: { ms: 60_000 } }), finish("tool_calls")]) }
      ]
    }, async (fake) => {
      const home = makeHome()
      const run = await runWave(["-p", "wait a minute", "--output-format", "json"], fake, {
        cwd: home,
        env: { WAVE_DISABLE_DESKTOP: undefined },
        onSpawn: (child) => {
          const poll = setInterval(() => {
            if (invocationEvents(home).some((event) => event.type === "command.start")) {
              clearInterval(poll)
              setTimeout(() => child.kill("SIGTERM"), 200)
            }
          }, 50)
          child.on("close", () => clearInterval(poll))
        }
      })
      expect(run.code).toBe(143)
      const ended = invocationEvents(home).filter((event) => event.type === "command.end").map((event) => JSON.parse(event.payload))
      expect(ended).toHaveLength(1)
      expect(ended[0]).toMatchObject({ command: "wait", ok: false, code: "INTERNAL" })
      expect(ended[0].abandoned).toBeUndefined()
    })
  })
})
