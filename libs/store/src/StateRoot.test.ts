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

  it("never chmods an existing root: a 0755 directory of ours is used as it is", () => {
    const root = fresh()
    fs.chmodSync(root, 0o755)
    EventStoreCore.open({ home: root }).close()
    assert.strictEqual(mode(root), 0o755)
  })

  it("refuses a group- or world-writable root without touching it, naming the problem", () => {
    for (const [bits, who] of [[0o775, "its group"], [0o777, "every user"]] as const) {
      const root = fresh()
      fs.chmodSync(root, bits)
      assert.throws(() => EventStoreCore.open({ home: root }), new RegExp(`writable by ${who}`))
      assert.strictEqual(mode(root), bits)
      assert.isFalse(fs.existsSync(path.join(root, "events.db")))
    }
  })

  it("refuses a root owned by another user (the probe's AGENT_DESKTOP_HOME=/some/dir as root)", () => {
    if (process.getuid?.() !== 0) return
    const root = fresh()
    fs.chmodSync(root, 0o755)
    fs.chownSync(root, 65534, 65534)
    assert.throws(() => EventStoreCore.open({ home: root }), /owned by uid 65534/)
    assert.strictEqual(mode(root), 0o755)
  })

  it("creates a missing root 0700, parents included", () => {
    const root = path.join(fresh(), "a", "b")
    EventStoreCore.open({ home: root }).close()
    assert.strictEqual(mode(root), 0o700)
    assert.strictEqual(mode(path.dirname(root)), 0o700)
  })

  it("refuses a symlinked state root, also spelled with a trailing slash or through ..", () => {
    const home = fresh()
    const real = path.join(home, "real")
    fs.mkdirSync(real, { mode: 0o700 })
    fs.symlinkSync(real, path.join(home, "link"))
    for (const spelling of ["link", "link/", "link//", "link/.", "real/../link", "real/../link/"]) {
      const error = (() => {
        try {
          EventStoreCore.open({ home: `${home}/${spelling}` }).close()
        } catch (caught) {
          return caught as { _tag?: string; message: string }
        }
      })()
      assert.strictEqual(error?._tag, "InvalidHome", spelling)
      assert.match(error!.message, /symlink/, spelling)
    }
    assert.isFalse(fs.existsSync(path.join(real, "events.db")))
  })

  it("refuses a database file that is a symlink (dangling included) instead of creating its target", () => {
    const root = fresh()
    const target = path.join(fresh(), "elsewhere.db")
    fs.symlinkSync(target, path.join(root, "events.db"))
    assert.throws(() => EventStoreCore.open({ home: root }), /symlink/)
    assert.isFalse(fs.existsSync(target))
  })
})
