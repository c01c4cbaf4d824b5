import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { DbusCallError } from "./DbusCallError.js"
import { messageLength } from "./WireCodec.js"
import { WireConnection } from "./WireConnection.js"

/** A peer that accepts EXTERNAL authentication, records each call's serial and answers none of them. */
const silentPeer = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wire-conn-"))
  const socketPath = path.join(dir, "peer")
  const serials: Array<number> = []
  const sockets: Array<Socket> = []
  const server: Server = createServer((socket) => {
    sockets.push(socket)
    let authenticated = false
    let accepted = false
    let pending = Buffer.alloc(0)
    socket.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk])
      if (!authenticated) {
        const text = pending.toString("latin1")
        if (!accepted && text.includes("AUTH EXTERNAL") && text.includes("\r\n")) {
          accepted = true
          socket.write("OK 0123456789abcdef0123456789abcdef\r\n")
        }
        const begin = text.indexOf("BEGIN\r\n")
        if (begin < 0) return
        authenticated = true
        pending = pending.subarray(begin + 7)
      }
      while (pending.length >= 16 && pending.length >= messageLength(pending)) {
        serials.push(pending.readUInt32LE(8))
        pending = pending.subarray(messageLength(pending))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(socketPath, resolve))
  return {
    socketPath,
    serials,
    close: () => {
      for (const socket of sockets) socket.destroy()
      server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

const failureOf = (promise: Promise<unknown>): Promise<DbusCallError> =>
  promise.then(() => assert.fail("the call was answered"), (error: unknown) => {
    assert.instanceOf(error, DbusCallError)
    return error as DbusCallError
  })

describe("WireConnection", () => {
  it("fails each unanswered call at its own timeout and the rest when the connection closes", async () => {
    const peer = await silentPeer()
    const connection = new WireConnection(`unix:path=${peer.socketPath}`, { path: peer.socketPath }, true)
    try {
      let longSettled = false
      const long = failureOf(connection.call({ path: "/a", interface: "org.example.T", member: "Long" }, 60_000))
        .finally(() => { longSettled = true })
      const short = failureOf(connection.call({ path: "/a", interface: "org.example.T", member: "Short" }, 20))
      const shorter = failureOf(connection.call({ path: "/a", interface: "org.example.T", member: "Shorter" }, 10))
      const [first, second] = await Promise.all([shorter, short])
      assert.strictEqual(first.failure, "timeout")
      assert.strictEqual(second.failure, "timeout")
      assert.include(second.message, "20 ms")
      assert.isFalse(longSettled)
      // All three calls reach the peer, in the order they were made (they leave once the handshake is done, which on
      // a loaded machine can be after the short timeouts).
      for (let waited = 0; peer.serials.length < 3 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
      assert.deepStrictEqual(peer.serials, [1, 2, 3])
      connection.close()
      assert.strictEqual((await long).failure, "disconnected")
    } finally {
      connection.close()
      peer.close()
    }
  })
})

describe("WireConnection on a real bus (a private dbus-daemon)", () => {
  it("knows its unique name from Hello and hands the method calls addressed to it to its listeners", async () => {
    const { spawn } = await import("node:child_process")
    const daemon = spawn("dbus-daemon", ["--session", "--nofork", "--print-address=1"], { stdio: ["ignore", "pipe", "ignore"] })
    try {
      const address = await new Promise<string>((resolve, reject) => {
        daemon.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()))
        daemon.once("error", reject)
      })
      const socketPath = /unix:path=([^,;]+)/.exec(address)?.[1] ?? `\0${/unix:abstract=([^,;]+)/.exec(address)![1]}`
      const receiver = new WireConnection(address, { path: socketPath }, false)
      const caller = new WireConnection(address, { path: socketPath }, false)
      try {
        const name = await receiver.uniqueName!
        assert.match(name, /^:\d+\.\d+$/)
        assert.notStrictEqual(await caller.uniqueName!, name)
        const received = new Promise<{ member: string; body: ReadonlyArray<unknown> }>((resolve) =>
          receiver.listen({ signal: () => {}, closed: () => {}, methodCall: (call) => resolve(call) }))
        // The receiver sends no reply: the caller's call times out, which this test does not wait for.
        caller.call({ destination: name, path: "/org/example/Answer", interface: "org.example.Answer", member: "answer", signature: "ss", body: ["token", "{\"ok\":true}"] }, 2000).catch(() => {})
        const call = await received
        assert.strictEqual(call.member, "answer")
        assert.deepStrictEqual(call.body, ["token", "{\"ok\":true}"])
      } finally {
        receiver.close()
        caller.close()
      }
    } finally {
      daemon.kill()
    }
  })
})
