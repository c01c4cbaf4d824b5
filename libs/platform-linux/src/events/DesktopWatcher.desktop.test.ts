/**
 * Desktop events on the virtual desktop, from a one-shot adapter (the watch starts its own stream) and a warm one
 * (the watch shares the adapter's stream; two watches in a row): an app starts (the fixtures/flash.py GTK 3
 * app: a host window, then a window that lives 5 ms), and ends. Every event of the sequence, in order, with ids
 * and titles; and the flash window's life, on the app's own clock, is shorter than any state poll.
 */
import type { DesktopAdapterShape, DesktopEvent } from "@agent-desktop/platform"
import { fixturePath, systemPython } from "@agent-desktop/desktop"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { closeTestDesktop, openTestDesktop, run, type TestDesktop } from "../../test/VirtualDesktop.js"
import { makeLinuxAdapter } from "../LinuxAdapter.js"

let test: TestDesktop | undefined
const warm = makeLinuxAdapter({ warm: true })

/** The watch's events while `act` runs, until none has arrived for 500 ms after it finished. */
const collect = async (adapter: DesktopAdapterShape, act: () => Promise<void>): Promise<ReadonlyArray<string>> => {
  const watch = await run(adapter.watchDesktop!())
  const seen: Array<DesktopEvent> = []
  let done = false
  const acting = act().then(() => {
    done = true
  })
  try {
    for (;;) {
      const event = await run(watch.next(Date.now() + 500))
      if (event) seen.push(event)
      else if (done) break
    }
    await acting
  } finally {
    await run(watch.close())
  }
  return seen.map((e) => `${e.kind} ${e.title ?? ""} ${e.app}`.replace(/ +/g, " "))
}

const flashApp = async (): Promise<{ shownMs: number; goneMs: number }> => {
  const child = spawn(systemPython, [fixturePath("flash.py"), "800", "5"], { stdio: ["ignore", "pipe", "inherit"] })
  let out = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk
    if (/^gone /m.test(out)) setTimeout(() => child.kill("SIGTERM"), 300)
  })
  await new Promise((resolve) => child.on("exit", resolve))
  return { shownMs: Number(/^shown ([0-9.]+)$/m.exec(out)?.[1]), goneMs: Number(/^gone ([0-9.]+)$/m.exec(out)?.[1]) }
}

const sequence = [
  "app-launched flash",
  "window-opened Flash Host flash",
  "surface-appeared Flash Host flash",
  "window-opened Flash flash",
  "surface-appeared Flash flash",
  "surface-dismissed Flash flash",
  "window-closed Flash flash",
  "window-closed Flash Host flash",
  "surface-dismissed Flash Host flash",
  "app-terminated flash"
]

describe("DesktopWatcher on a virtual desktop", () => {
  beforeAll(async () => {
    test = await openTestDesktop(["fixture"])
  }, 90_000)
  afterAll(async () => {
    await run(warm.close())
    await closeTestDesktop(test)
  }, 30_000)

  it("one-shot adapter: an app's whole life, with a window that lived 5 ms", async () => {
    let life = { shownMs: 0, goneMs: 0 }
    const events = await collect(test!.adapter, async () => {
      life = await flashApp()
    })
    expect(events).toEqual(sequence)
    expect(life.goneMs - life.shownMs).toBeLessThan(100)
  }, 30_000)

  it("warm adapter: two watches in a row on the adapter's stream", async () => {
    for (let round = 0; round < 2; round++) {
      const events = await collect(warm, async () => void await flashApp())
      expect(events).toEqual(sequence)
    }
  }, 40_000)
})
