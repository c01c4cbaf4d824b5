import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { removeHome, tempHome } from "../../test/fixtures.js"
import { EventStoreCore } from "../EventStoreCore.js"
import { type PostgresCluster, startCluster } from "../testing/postgresCluster.js"

/** The audit queries the top README shows, run as written against a store with the cases they must find. */
const readme = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../README.md")
const sqlBlocks = (text: string): ReadonlyArray<string> =>
  [...text.matchAll(/```sql\n([\s\S]*?)```/g)].flatMap((match) => match[1]!.split(/;\s*\n/).map((part) => part.trim()).filter((part) => part.replace(/--.*$/gm, "").trim() !== ""))

let cluster: PostgresCluster
beforeAll(async () => {
  cluster = await startCluster()
}, 60_000)
afterAll(async () => {
  await cluster?.destroy()
})

describe("the README's audit queries", () => {
  it("find every delivered_unverified action of the last day and every POLICY_DENIED", async () => {
    const url = await cluster.createDatabase()
    const home = tempHome()
    const now = Date.now()
    const store = EventStoreCore.open({ home, store: url, origin: { host: "runner-17", desktop: ":1" } })
    const call = (id: string, at: number, events: ReadonlyArray<{ type: string; payload: unknown }>) =>
      store.appendInvocation({ invocationId: id, namespace: "global", events: events.map((event) => ({ ...event, time_ms: at })) })
    call("recent-click", now - 60_000, [
      { type: "command.start", payload: { command: "click", args: { ref_id: "@s1:e1" }, pid: 1 } },
      { type: "ref.resolve.entry", payload: { ref: "@s1:e1", role: "button", app: "gedit" } },
      { type: "action.dispatch.ok", payload: { action: "click", delivery: "delivered_unverified" } },
      { type: "command.end", payload: { command: "click", ok: true } }
    ])
    call("old-click", now - 2 * 86_400_000, [
      { type: "command.start", payload: { command: "click", args: {}, pid: 1 } },
      { type: "action.dispatch.ok", payload: { action: "click", delivery: "delivered_unverified" } },
      { type: "command.end", payload: { command: "click", ok: true } }
    ])
    call("denied", now - 30_000, [
      { type: "command.start", payload: { command: "launch", args: { app: "xterm" }, pid: 1 } },
      { type: "command.end", payload: { command: "launch", ok: false, code: "POLICY_DENIED", disposition: { delivery: "not_delivered", retry: "unsafe" } } }
    ])
    store.close()
    const database = /^postgres:\/\/[^/]*\/([^?]+)/.exec(url)![1]!
    const queries = sqlBlocks(fs.readFileSync(readme, "utf8"))
    assert.strictEqual(queries.length, 2, "the README shows two audit queries")
    const [unverified, denied] = await Promise.all(queries.map((query) => cluster.sql(query, [], database)))
    assert.deepStrictEqual(unverified!.map((row) => [row["machine"], row["command"], row["app"]]), [["runner-17", "click", "gedit"]])
    assert.deepStrictEqual(denied!.map((row) => [row["machine"], row["command"], row["app"], row["disposition"]]), [
      ["runner-17", "launch", "xterm", { delivery: "not_delivered", retry: "unsafe" }]
    ])
    removeHome(home)
  })
})
