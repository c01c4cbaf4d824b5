import { EventStoreCore, INVOCATION_ENDED, INVOCATION_STARTED } from "@agent-desktop/store"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { describe, expect, it } from "vitest"
import { bundleWorker, finished, spawnWorker } from "../test/workerBundle.js"

const KILLED = 15
const STARTERS = 25

describe("closeAbandoned across processes", () => {
  it(`closes each of ${KILLED} killed invocations exactly once when ${STARTERS} processes start at once`, async () => {
    const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ad-abandon-")))
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "ad-abandon-bundle-"))
    try {
      const script = await bundleWorker("abandonWorker", work)
      const hanging = Array.from({ length: KILLED }, () => spawnWorker(script, ["hang", home]))
      const hangingDone = hanging.map(finished)
      // Every hanging invocation's command.start is on disk before the kills.
      const store = EventStoreCore.open({ home })
      const deadline = Date.now() + 60_000
      while (store.openInvocations().length < KILLED && Date.now() < deadline) await sleep(50)
      expect(store.openInvocations()).toHaveLength(KILLED)
      for (const child of hanging) child.kill("SIGKILL")
      for (const done of await Promise.all(hangingDone)) expect(done.signal).toBe("SIGKILL")

      const go = path.join(work, "go")
      const starters = Array.from({ length: STARTERS }, () => finished(spawnWorker(script, ["start", home, go])))
      // Let them all load and reach the barrier, then release them together.
      await sleep(3000)
      fs.writeFileSync(go, "")
      const results = await Promise.all(starters)
      for (const result of results) expect(result.stdout.trim(), result.stderr).toBe(JSON.stringify({ ok: true }))

      const ends = new Map<string, number>()
      const starts = new Set<string>()
      for (const event of store.readAll()) {
        if (!event.stream.startsWith("invocation-")) continue
        if (event.type === INVOCATION_STARTED) starts.add(event.stream)
        if (event.type === INVOCATION_ENDED) ends.set(event.stream, (ends.get(event.stream) ?? 0) + 1)
      }
      expect(starts.size).toBe(KILLED + STARTERS)
      const counts = [...starts].map((stream) => [stream, ends.get(stream) ?? 0] as const)
      expect(counts.filter(([, count]) => count !== 1)).toEqual([])
      const abandoned = store.readAll().filter((event) =>
        event.type === INVOCATION_ENDED && (event.payload as { abandoned?: boolean }).abandoned === true
      )
      expect(abandoned).toHaveLength(KILLED)
      expect(store.openInvocations()).toEqual([])
      store.close()
    } finally {
      fs.rmSync(home, { recursive: true, force: true })
      fs.rmSync(work, { recursive: true, force: true })
    }
  }, 180_000)
})
