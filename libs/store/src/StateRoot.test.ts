import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach } from "vitest"
import { removeHome, tempHome } from "../test/fixtures.js"
import { EventStoreCore } from "./EventStoreCore.js"
import { resolveStateRoot } from "./StateRoot.js"

const homes: Array<string> = []
const fresh = () => {
  const home = tempHome()
  homes.push(home)
  return home
}
afterEach(() => homes.splice(0).forEach(removeHome))

const mode = (file: string) => fs.statSync(file).mode & 0o777

describe("state root", () => {
  it("uses AGENT_DESKTOP_HOME, else ~/.agent-desktop", () => {
    assert.strictEqual(resolveStateRoot({ env: { AGENT_DESKTOP_HOME: "/srv/ad" } }), "/srv/ad")
    assert.strictEqual(resolveStateRoot({ env: {} }), path.join(os.homedir(), ".agent-desktop"))
    assert.strictEqual(resolveStateRoot({ home: "/explicit", env: { AGENT_DESKTOP_HOME: "/srv/ad" } }), "/explicit")
  })

  it("refuses a relative AGENT_DESKTOP_HOME with InvalidHome", () => {
    const error = (() => {
      try {
        EventStoreCore.open({ env: { AGENT_DESKTOP_HOME: "relative/dir" } })
      } catch (caught) {
        return caught
      }
    })()
    assert.strictEqual((error as { _tag?: string })._tag, "InvalidHome")
  })

  it("creates a private directory (0700) and private database files (0600)", () => {
    const root = path.join(fresh(), "state")
    const store = EventStoreCore.open({ home: root })
    store.append("invocation-1", [{ type: "command.start", payload: { command: "version" } }])
    assert.strictEqual(mode(root), 0o700)
    for (const file of fs.readdirSync(root)) assert.strictEqual(mode(path.join(root, file)), 0o600, file)
    assert.includeMembers(fs.readdirSync(root), ["events.db", "events.db-wal"])
    store.close()
  })

  it("tightens an existing root that is too open", () => {
    const root = fresh()
    fs.chmodSync(root, 0o755)
    EventStoreCore.open({ home: root }).close()
    assert.strictEqual(mode(root), 0o700)
  })

  it("refuses a symlinked state root", () => {
    const home = fresh()
    const real = path.join(home, "real")
    fs.mkdirSync(real)
    fs.symlinkSync(real, path.join(home, "link"))
    assert.throws(() => EventStoreCore.open({ home: path.join(home, "link") }), /symlink/)
  })
})
