import { assert, describe, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { a11yBusCandidates, type LocateAttempt } from "../atspi/A11yBusAddress.js"
import { BusAddressRefused, parseBusAddress } from "./BusAddress.js"
import { DbusConnection } from "./DbusConnection.js"

const refusal = (address: string, env: Record<string, string> = {}): BusAddressRefused => {
  try {
    parseBusAddress(address, env)
  } catch (error) {
    if (error instanceof BusAddressRefused) return error
    throw error
  }
  throw new Error(`${address} was accepted`)
}

describe("bus addresses", () => {
  it("accepts unix:path= and unix:abstract= (escapes decoded), in the order given", () => {
    assert.deepStrictEqual(parseBusAddress("unix:path=/run/user/0/bus"), { kind: "unix", path: "/run/user/0/bus" })
    assert.deepStrictEqual(parseBusAddress("unix:abstract=/tmp/dbus-x%2cy,guid=1"), { kind: "unix", path: "\0/tmp/dbus-x,y" })
    assert.deepStrictEqual(parseBusAddress("unixexec:path=/bin/sh;unix:path=/b"), { kind: "unix", path: "/b" })
  })

  it("refuses unixexec: and unknown transports with the reason", () => {
    assert.match(refusal("unixexec:path=/bin/sh,argv1=-c,argv2=touch%20/tmp/pwned").message, /unixexec: would run a program/)
    assert.match(refusal("launchd:env=X").message, /transport 'launchd:' is not supported/)
    assert.match(refusal("unix:tmpdir=/tmp").message, /needs path= or abstract=/)
    assert.match(refusal("").message, /empty/)
  })

  it("uses tcp: only when AGENT_DESKTOP_DBUS_TCP=1", () => {
    assert.match(refusal("tcp:host=127.0.0.1,port=5555").message, /AGENT_DESKTOP_DBUS_TCP=1/)
    assert.deepStrictEqual(parseBusAddress("tcp:host=127.0.0.1,port=5555", { AGENT_DESKTOP_DBUS_TCP: "1" }), { kind: "tcp", host: "127.0.0.1", port: 5555 })
    assert.match(refusal("tcp:host=x,port=0", { AGENT_DESKTOP_DBUS_TCP: "1" }).message, /port=/)
  })

  it("never runs the program a unixexec: address names (the probe's AT_SPI_BUS attack): its calls fail with the reason", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-unixexec-"))
    const marker = path.join(dir, "ran")
    const address = `unixexec:path=/bin/sh,arg0=sh,arg1=-c,arg2=touch%20${encodeURIComponent(marker)}`
    const connection = DbusConnection.open(address)
    const failure = await connection.call({ path: "/", interface: "org.freedesktop.DBus", member: "GetId" }, 1000).then(() => undefined, (error: Error) => error)
    assert.match(String(failure?.message), /unixexec: would run a program/)
    assert.isFalse(fs.existsSync(marker))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("skips a refused accessibility bus candidate with the reason in the attempts", async () => {
    const saved = { ...process.env }
    process.env["AT_SPI_BUS_ADDRESS"] = "unixexec:path=/bin/sh"
    delete process.env["DBUS_SESSION_BUS_ADDRESS"]
    delete process.env["DISPLAY"]
    try {
      const attempts: Array<LocateAttempt> = []
      const found: Array<string> = []
      for await (const location of a11yBusCandidates(500, attempts)) found.push(location.address)
      assert.deepStrictEqual(found, [])
      assert.match(attempts.find((a) => a.source === "AT_SPI_BUS_ADDRESS")!.error, /unixexec/)
    } finally {
      process.env = saved
    }
  })
})
