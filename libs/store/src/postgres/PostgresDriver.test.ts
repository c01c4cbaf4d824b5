import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { bundleWorker, nodeModules } from "../../test/workerProcess.js"
import { afterAll, beforeAll } from "vitest"
import { type PostgresCluster, startCluster } from "../testing/postgresCluster.js"
import { removeHome, tempHome } from "../../test/fixtures.js"
import { EventStoreCore } from "../EventStoreCore.js"
import { StoreFailure } from "../StoreErrors.js"
import { openPostgresDriver, postgresWorker } from "./openPostgres.js"
import { numberedPlaceholders, PostgresDriver, STORE_LOCK_KEY, type WorkerChannel } from "./PostgresDriver.js"

let cluster: PostgresCluster
beforeAll(async () => {
  cluster = await startCluster()
}, 60_000)
afterAll(async () => {
  await cluster?.destroy()
})

/** A second connection, synchronous like the store's, to act on the store's connection from inside a transaction. */
const admin = (url: string) => new PostgresDriver(postgresWorker(url), { busyTimeoutMs: 1000, callTimeoutMs: 15_000, label: "admin" })

const failureOf = (run: () => unknown): StoreFailure | undefined => {
  try {
    run()
  } catch (error) {
    if (error instanceof StoreFailure) return error
    throw error
  }
  return undefined
}

describe("the PostgreSQL driver", () => {
  it("numbers placeholders outside quoted text", () => {
    assert.strictEqual(numberedPlaceholders(`SELECT '?' || ? FROM "a?" WHERE x = ? AND y = '??'`), `SELECT '?' || $1 FROM "a?" WHERE x = $2 AND y = '??'`)
  })

  it("works in a process started with flags its worker must not inherit (node --input-type=module -e)", async () => {
    const url = await cluster.createDatabase()
    const home = tempHome()
    const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-worker-"))
    try {
      const script = await bundleWorker(bundleDir)
      // appendWorker reads argv from index 2; with -e, index 1 is the first argument, hence "-".
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(script).href)})`, "-", home, "0", "3"], {
        env: { ...process.env, AGENT_DESKTOP_STORE: url, NODE_PATH: nodeModules },
        encoding: "utf8",
        timeout: 60_000
      })
      assert.strictEqual(child.status, 0, child.stderr)
      const store = EventStoreCore.open({ home, store: url })
      assert.strictEqual(store.readStream("invocation-w0").length, 3)
      store.close()
    } finally {
      removeHome(home)
      fs.rmSync(bundleDir, { recursive: true, force: true })
    }
  })

  it("a connection the server dropped between calls is replaced: the next write succeeds, nothing is lost", async () => {
    const url = await cluster.createDatabase()
    const home = tempHome()
    const store = EventStoreCore.open({ home, store: url })
    const other = admin(url)
    try {
      store.append("invocation-a", [{ type: "command.start" }])
      const killed = other.query(`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = 'agent-desktop' AND pid <> pg_backend_pid()`)
      assert.isAtLeast(killed.length, 1)
      // The first call on the dead connection fails (unreachable) or, if the worker saw the close first, reconnects.
      const first = failureOf(() => store.append("invocation-a", [{ type: "step.attempted" }]))
      if (first !== undefined) {
        assert.strictEqual(first.reason, "unreachable")
        store.append("invocation-a", [{ type: "step.attempted" }])
      }
      assert.deepStrictEqual(store.readStream("invocation-a").map((e) => [e.seq, e.type]), [[1, "command.start"], [2, "step.attempted"]])
    } finally {
      other.close()
      store.close()
      removeHome(home)
    }
  })

  it("a server that is down is `unreachable` at once, nothing is written, and the same store works when it is back", async () => {
    const url = await cluster.createDatabase()
    const home = tempHome()
    const store = EventStoreCore.open({ home, store: url })
    try {
      store.append("invocation-a", [{ type: "command.start" }])
      await cluster.stop()
      const failure = failureOf(() => store.append("invocation-a", [{ type: "step.attempted" }], { busyTimeoutMs: 2000 }))
      assert.strictEqual(failure?.reason, "unreachable")
      assert.notInclude(failure!.message, "password")
      await cluster.start()
      store.append("invocation-a", [{ type: "step.attempted" }])
      assert.deepStrictEqual(store.readStream("invocation-a").map((e) => e.type), ["command.start", "step.attempted"])
    } finally {
      if (cluster.pid === 0) await cluster.start()
      store.close()
      removeHome(home)
    }
  }, 60_000)

  it("a COMMIT whose answer is lost is looked up, not guessed: committed -> success (once), rolled back -> failure (nothing)", async () => {
    const url = await cluster.createDatabase()
    let loseCommitAnswer = false
    let dropBeforeCommit: (() => void) | undefined
    const lossy = (worker: WorkerChannel): WorkerChannel => ({
      get running() {
        return worker.running
      },
      stop: () => worker.stop(),
      call: (request, timeoutMs) => {
        if (request.text === "COMMIT" && dropBeforeCommit !== undefined) dropBeforeCommit()
        const reply = worker.call(request, timeoutMs)
        if (request.text === "COMMIT" && loseCommitAnswer) {
          loseCommitAnswer = false
          // The server committed; the answer never arrives, as when the network fails right then.
          worker.stop()
          throw new Error("Connection terminated unexpectedly")
        }
        return reply
      }
    })
    const driver = openPostgresDriver(url, { busyTimeoutMs: 2000, channel: lossy })
    const other = admin(url)
    try {
      driver.exec("CREATE TABLE probe (n INTEGER)")
      loseCommitAnswer = true
      driver.transaction(() => driver.prepare("INSERT INTO probe VALUES (?)").run(1))
      assert.isFalse(loseCommitAnswer, "the answer was lost")
      assert.deepStrictEqual(other.query("SELECT n FROM probe").map((row) => row["n"]), [1])

      dropBeforeCommit = () => {
        const pid = driver.backendPid
        other.query("SELECT pg_terminate_backend(?)", [pid])
        // Wait until the server has really ended that backend (and so rolled its transaction back).
        while (other.query("SELECT 1 FROM pg_stat_activity WHERE pid = ?", [pid]).length > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
      }
      const failure = failureOf(() => driver.transaction(() => driver.prepare("INSERT INTO probe VALUES (?)").run(2)))
      dropBeforeCommit = undefined
      assert.strictEqual(failure?.reason, "unreachable")
      assert.deepStrictEqual(other.query("SELECT n FROM probe ORDER BY n").map((row) => row["n"]), [1])
    } finally {
      other.close()
      driver.close()
    }
  }, 60_000)

  it("a write waiting on another writer's lock past its budget is `busy`", async () => {
    const url = await cluster.createDatabase()
    const home = tempHome()
    const store = EventStoreCore.open({ home, store: url })
    const other = admin(url)
    try {
      other.exec("BEGIN")
      other.query(`SELECT pg_advisory_xact_lock(${STORE_LOCK_KEY})`)
      const failure = failureOf(() => store.append("invocation-a", [{ type: "command.start" }], { busyTimeoutMs: 100 }))
      assert.strictEqual(failure?.reason, "busy")
      other.exec("ROLLBACK")
      assert.strictEqual(store.readStream("invocation-a").length, 0)
    } finally {
      other.close()
      store.close()
      removeHome(home)
    }
  })
})
