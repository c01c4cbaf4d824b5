/**
 * A private PostgreSQL cluster for tests: initdb in a temporary directory, the server listening on a Unix socket in
 * that directory only (no TCP, no system service), trust authentication for its one role. As root it runs as the
 * `postgres` user (the server refuses root). Started once per test file; stopped by its PID.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import pg from "pg"

export interface PostgresCluster {
  readonly socketDir: string
  readonly pid: number
  /** A URL for one database of this cluster. */
  url(database: string): string
  /** A new empty database; its URL. */
  createDatabase(): Promise<string>
  /** Runs SQL as the cluster's superuser on a database (the maintenance one by default). */
  sql(text: string, values?: ReadonlyArray<unknown>, database?: string): Promise<Array<Record<string, unknown>>>
  /** Fast shutdown (SIGINT to the postmaster), waiting for it to exit; `start` brings it back on the same data. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it and removes its directory. */
  destroy(): Promise<void>
}

const ROLE = "agent"

const binDir = (): string => {
  const roots = ["/usr/lib/postgresql"]
  for (const root of roots) {
    if (!fs.existsSync(root)) continue
    const versions = fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
    for (const version of versions) {
      const dir = path.join(root, version, "bin")
      if (fs.existsSync(path.join(dir, "initdb"))) return dir
    }
  }
  const configured = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" })
  if (configured.status === 0 && fs.existsSync(path.join(configured.stdout.trim(), "initdb"))) return configured.stdout.trim()
  throw new Error("PostgreSQL's server binaries (initdb, postgres) are not installed: install Debian's `postgresql` (tools/scripts/ensure-setup.sh does, from tools/scripts/debian-packages.txt)")
}

/** Who runs the server: the current user, or `postgres` when we are root. */
const serverUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim())
  const uid = id("-u")
  if (!Number.isInteger(uid) || uid <= 0) throw new Error("Running as root, and there is no `postgres` user to run the test cluster as")
  return { uid, gid: id("-g") }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const startCluster = async (): Promise<PostgresCluster> => {
  const bin = binDir()
  const user = serverUser()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-pg-"))
  const data = path.join(dir, "data")
  const socketDir = path.join(dir, "sock")
  fs.mkdirSync(socketDir)
  if (user !== undefined) for (const d of [dir, socketDir]) fs.chownSync(d, user.uid, user.gid)
  const asServer = user === undefined ? {} : { uid: user.uid, gid: user.gid }
  const init = spawnSync(path.join(bin, "initdb"), ["-D", data, "-U", ROLE, "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"], {
    ...asServer,
    encoding: "utf8"
  })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  let server: ChildProcess | undefined
  let log = ""

  const url = (database: string) => `postgres://${ROLE}@/${database}?host=${encodeURIComponent(socketDir)}`

  const sql = async (text: string, values: ReadonlyArray<unknown> = [], database = "postgres") => {
    const client = new pg.Client({ connectionString: url(database) })
    await client.connect()
    try {
      return (await client.query(text, values as Array<unknown>)).rows as Array<Record<string, unknown>>
    } finally {
      await client.end()
    }
  }

  const start = async () => {
    log = ""
    const child = spawn(path.join(bin, "postgres"), [
      "-D", data, "-k", socketDir,
      "-c", "listen_addresses=",
      "-c", "fsync=off", "-c", "full_page_writes=off",
      "-c", "max_connections=60", "-c", "shared_buffers=16MB"
    ], { ...asServer, stdio: ["ignore", "ignore", "pipe"] })
    child.stderr!.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000)))
    server = child
    // A test process that dies without its afterAll must not leave a server behind: immediate shutdown, by PID.
    const orphaned = () => {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(child.pid, "SIGQUIT")
        } catch {
          // Already gone.
        }
      }
    }
    process.once("exit", orphaned)
    child.once("exit", () => process.removeListener("exit", orphaned))
    const deadline = Date.now() + 30_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the test cluster exited (${child.exitCode}): ${log}`)
      try {
        await sql("SELECT 1")
        return
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`the test cluster did not accept connections in 30 s: ${(error as Error).message}\n${log}`)
        await sleep(100)
      }
    }
  }

  const stop = async () => {
    const child = server
    server = undefined
    if (child === undefined || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.kill("SIGINT")
    await exited
  }

  await start()
  let databases = 0
  return {
    socketDir,
    get pid() {
      return server?.pid ?? 0
    },
    url,
    sql,
    createDatabase: async () => {
      const name = `store_${process.pid}_${++databases}`
      await sql(`CREATE DATABASE ${name}`)
      return url(name)
    },
    stop,
    start,
    destroy: async () => {
      await stop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}
