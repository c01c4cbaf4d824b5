import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { bidiEndpoint, bidiEndpointOfProcess, firefoxSwitch, readBidiServerFile } from "./BidiDiscovery.js"

/** A real process with this command line (sleep ignores the switches), killed after `use`. */
const withProcess = async <A>(args: ReadonlyArray<string>, use: (pid: number) => A): Promise<A> => {
  const child = spawn("/bin/sh", ["-c", "sleep 30; :", "firefox", ...args], { stdio: "ignore" })
  await new Promise((resolve) => child.once("spawn", resolve))
  try {
    return use(child.pid!)
  } finally {
    child.kill("SIGKILL")
  }
}

describe("a Firefox process's WebDriver BiDi endpoint", () => {
  it("reads switches as Firefox does: --name=V, --name V, -name V, the last one winning, a bare switch without value", () => {
    expect(firefoxSwitch(["ff", "--remote-debugging-port=9333"], "remote-debugging-port")).toEqual({ value: "9333" })
    expect(firefoxSwitch(["ff", "-remote-debugging-port", "9444", "--profile", "/p"], "remote-debugging-port")).toEqual({ value: "9444" })
    expect(firefoxSwitch(["ff", "--remote-debugging-port", "--profile", "/p"], "remote-debugging-port")).toEqual({})
    expect(firefoxSwitch(["ff", "--remote-debugging-port=1", "--remote-debugging-port=2"], "remote-debugging-port")).toEqual({ value: "2" })
    expect(firefoxSwitch(["--remote-debugging-port=1"], "remote-debugging-port")).toBeUndefined()
    expect(firefoxSwitch(["ff", "--remote-debugging-portx=1"], "remote-debugging-port")).toBeUndefined()
  })

  it("from a process's command line: a fixed port, the default, port 0 through the profile's server file, none", async () => {
    const profile = mkdtempSync(join(tmpdir(), "ad-bidi-profile-"))
    expect(await withProcess(["--remote-debugging-port=9333"], bidiEndpointOfProcess)).toEqual({ kind: "endpoint", endpoint: bidiEndpoint({ host: "127.0.0.1", port: 9333 }) })
    expect(await withProcess(["--remote-debugging-port"], bidiEndpointOfProcess)).toEqual({ kind: "endpoint", endpoint: bidiEndpoint({ host: "127.0.0.1", port: 9222 }) })
    expect(await withProcess(["--remote-debugging-port=0", "--profile", profile], bidiEndpointOfProcess)).toEqual({ kind: "none" })
    writeFileSync(join(profile, "WebDriverBiDiServer.json"), JSON.stringify({ ws_host: "127.0.0.1", ws_port: 40123 }))
    expect(await withProcess(["--remote-debugging-port=0", "--profile", profile], bidiEndpointOfProcess)).toEqual({
      kind: "endpoint", endpoint: { host: "127.0.0.1", port: 40123, webSocketUrl: "ws://127.0.0.1:40123/session" }
    })
    writeFileSync(join(profile, "WebDriverBiDiServer.json"), JSON.stringify({ ws_host: "192.168.1.4", ws_port: 40123 }))
    expect(await withProcess(["--remote-debugging-port=0", "--profile", profile], bidiEndpointOfProcess)).toEqual({ kind: "not_loopback", address: "192.168.1.4" })
    expect(await withProcess(["--profile", profile], bidiEndpointOfProcess)).toEqual({ kind: "none" })
    expect(await withProcess(["--remote-debugging-port=http"], bidiEndpointOfProcess)).toEqual({ kind: "none" })
  })

  it("the server file: a malformed one is none; an IPv6 host is bracketed in the URL", () => {
    const profile = mkdtempSync(join(tmpdir(), "ad-bidi-profile-"))
    writeFileSync(join(profile, "WebDriverBiDiServer.json"), "{not json")
    expect(readBidiServerFile(profile)).toBeUndefined()
    writeFileSync(join(profile, "WebDriverBiDiServer.json"), JSON.stringify({ ws_host: "::1", ws_port: "80" }))
    expect(readBidiServerFile(profile)).toBeUndefined()
    expect(bidiEndpoint({ host: "::1", port: 5 }).webSocketUrl).toBe("ws://[::1]:5/session")
  })
})
