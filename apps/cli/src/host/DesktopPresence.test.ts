import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { desktopPresent, desktopSockets, namesDesktop, watchSockets } from "./DesktopPresence.js"

describe("the desktop a host is bound to", () => {
  it("is named by its display and bus sockets (unix paths only)", () => {
    expect(desktopSockets({
      DISPLAY: ":7.0",
      WAYLAND_DISPLAY: "wayland-1",
      XDG_RUNTIME_DIR: "/run/user/5",
      DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/5/bus,guid=ab",
      AT_SPI_BUS_ADDRESS: "unix:abstract=/tmp/dbus-x,guid=cd"
    })).toEqual(["/tmp/.X11-unix/X7", "/run/user/5/wayland-1", "/run/user/5/bus"])
    expect(desktopSockets({ DISPLAY: "remote:3", DBUS_SESSION_BUS_ADDRESS: "tcp:host=h,port=1" })).toEqual([])
  })

  it("is present while its sockets are the ones it started with: gone once one is removed or made anew", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-presence-"))
    const socket = path.join(dir, "bus")
    const listen = async () => {
      const server = net.createServer().listen(socket)
      await new Promise((resolve) => server.once("listening", resolve))
      return server
    }
    const first = await listen()
    const watched = watchSockets(desktopSockets({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}`, DISPLAY: ":98765" }))
    // The X socket of a display that has none on disk is not watched (it would make every host exit at once).
    expect(watched.map((w) => w.path)).toEqual([socket])
    expect(desktopPresent(watched)).toBe(true)
    await new Promise((resolve) => first.close(resolve))
    expect(desktopPresent(watched)).toBe(false)
    const second = await listen()
    expect(desktopPresent(watched), "a new bus at the same path is another desktop").toBe(false)
    await new Promise((resolve) => second.close(resolve))
    expect(desktopPresent([])).toBe(true)
  })

  it("a host is worth starting only where a display is named and its sockets are there", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ad-presence-named-"))
    const wayland = path.join(dir, "wayland-0")
    const server = net.createServer().listen(wayland)
    await new Promise((resolve) => server.once("listening", resolve))
    try {
      expect(namesDesktop({ WAYLAND_DISPLAY: wayland })).toBe(true)
      expect(namesDesktop({ WAYLAND_DISPLAY: wayland, DBUS_SESSION_BUS_ADDRESS: `unix:path=${dir}/no-bus` })).toBe(false)
      expect(namesDesktop({ DISPLAY: ":987654" })).toBe(false)
      expect(namesDesktop({ DISPLAY: "", DBUS_SESSION_BUS_ADDRESS: `unix:path=${wayland}` })).toBe(false)
      expect(namesDesktop({ DISPLAY: "remote:3" })).toBe(false)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
