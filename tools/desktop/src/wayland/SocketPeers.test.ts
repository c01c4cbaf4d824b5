import { assert, describe, it } from "@effect/vitest"
import { clientPidsOf, parseSsRows } from "./SocketPeers.js"

const sample = [
  "u_str LISTEN 0 4096 /run/wl/wayland-1 100 * 0 users:((\"sway\",pid=10,fd=5))",
  "u_str ESTAB 0 0 /run/wl/wayland-1 101 * 201 users:((\"sway\",pid=10,fd=30))",
  "u_str ESTAB 0 0 * 201 * 101 users:((\"python3\",pid=20,fd=4))",
  "u_str ESTAB 0 0 /run/wl/wayland-10 102 * 202 users:((\"other\",pid=11,fd=3))",
  "u_str ESTAB 0 0 * 202 * 102 users:((\"gtk\",pid=21,fd=4))",
  "u_str ESTAB 0 0 * 203 * 204 users:((\"unrelated\",pid=22,fd=4),(\"child\",pid=23,fd=4))"
].join("\n")

describe("SocketPeers", () => {
  it("finds the processes whose sockets are the peers of the listener's accepted ends, by exact path", () => {
    assert.deepStrictEqual([...clientPidsOf(parseSsRows(sample), "/run/wl/wayland-1")], [20])
    assert.deepStrictEqual([...clientPidsOf(parseSsRows(sample), "/run/wl/wayland-10")], [21])
    assert.deepStrictEqual([...clientPidsOf(parseSsRows(sample), "/run/wl/none")], [])
  })

  it("reads every pid sharing a socket", () => {
    assert.deepStrictEqual(parseSsRows(sample).at(-1)?.pids, [22, 23])
  })
})
