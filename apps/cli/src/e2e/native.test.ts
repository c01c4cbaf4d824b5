/**
 * The real binary's native commands (the X11 addon loaded from the single-file engine bundle, the clipboard owner
 * started from it) on a virtual desktop with openbox and the fixture: every effect read back through the
 * fixture's log, the decoded PNG header, xwininfo and a second invocation.
 */
import { assert, describe, it } from "@effect/vitest"
import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, envelopeOf, runBinary, tempHome } from "../test/binary.js"

let desktop: RunningDesktop
let env: NodeJS.ProcessEnv
const home = tempHome("native")

beforeAll(async () => {
  desktop = await startDesktop({ apps: ["fixture"], windowManager: "openbox", timeoutMs: 60_000 })
  env = { ...cleanEnv(home), ...desktop.env }
}, 120_000)

afterAll(async () => {
  await desktop?.stop()
})

const cli = (...argv: Array<string>) => envelopeOf(runBinary(argv, env))
const data = (...argv: Array<string>) => {
  const envelope = cli(...argv)
  assert.isTrue(envelope["ok"], JSON.stringify(envelope))
  return envelope["data"]
}
const clicks = () => (readFileSync(desktop.apps[0]!.logPath, "utf8").match(/^clicked \d+$/gm) ?? []).length

describe("native commands through the binary", () => {
  it("list-displays, then a headed mouse-click on the fixture's button counts in the app", async () => {
    assert.deepStrictEqual(data("list-displays"), [{ id: 0, bounds: { x: 0, y: 0, width: 1280, height: 1024 }, is_primary: true, scale: 1 }])
    const snapshot = data("snapshot", "--app", "fixture", "-i", "--include-bounds", "--timeout-ms", "10000")
    const all = (n: any): Array<any> => [n, ...(n.children ?? []).flatMap(all)]
    const button = all(snapshot["tree"]).find((n) => n.role === "button" && /^clicks: \d+$/.test(n.name ?? ""))
    assert.isDefined(button?.bounds, JSON.stringify(button))
    const x = Math.round(button.bounds.x + button.bounds.width / 2)
    const y = Math.round(button.bounds.y + button.bounds.height / 2)
    const before = clicks()
    assert.strictEqual(cli("mouse-click", "--xy", `${x},${y}`)["error"]["code"], "POLICY_DENIED")
    const clicked = data("--headed", "mouse-click", "--xy", `${x},${y}`)
    assert.strictEqual(clicked["disposition"]["delivery"], "delivered_unverified")
    for (let i = 0; i < 40 && clicks() === before; i++) await sleep(50)
    assert.strictEqual(clicks(), before + 1)
  })

  it("screenshot writes a 1280x1024 PNG; move-window is read back by xwininfo", () => {
    const file = join(mkdtempSync(join(tmpdir(), "ad-cli-shot-")), "s.png")
    assert.deepStrictEqual(data("screenshot", file), { path: file, format: "png", width: 1280, height: 1024, scale_factor: 1 })
    const png = readFileSync(file)
    assert.strictEqual(png.toString("ascii", 12, 16), "IHDR")
    assert.deepStrictEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1280, 1024])
    const moved = data("move-window", "--app", "fixture", "--x", "60", "--y", "70")
    assert.strictEqual(moved["disposition"]["delivery"], "delivered_verified")
    const listed = data("list-windows", "--app", "fixture")[0]
    assert.deepInclude(listed["bounds"], { x: 60, y: 70 })
    const ids = execFileSync("xdotool", ["search", "--onlyvisible", "--pid", String(desktop.apps[0]!.pid), "--name", "^Fixture$"], { env, encoding: "utf8" }).trim()
    const info = execFileSync("xwininfo", ["-id", ids.split("\n")[0]!], { env, encoding: "utf8" })
    assert.isAtLeast(Number(/Absolute upper-left X:\s+(\d+)/.exec(info)![1]), 60)
  })

  it("clipboard-set starts an owner that outlives the call; clipboard-get in another call reads it; clear ends the owner", async () => {
    assert.strictEqual(data("clipboard-set", "across invocations")["disposition"]["delivery"], "delivered_verified")
    assert.deepStrictEqual(data("clipboard-get"), { type: "text", text: "across invocations" })
    data("clipboard-clear")
    const owners = () => readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("clipboardOwner.js") &&
          readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`DISPLAY=${desktop.env.DISPLAY}`)
      } catch {
        return false
      }
    })
    for (let i = 0; i < 40 && owners().length > 0; i++) await sleep(50)
    assert.deepStrictEqual(owners(), [])
    assert.deepStrictEqual(data("clipboard-get"), { type: "text", found: false })
  })

  it("a Wayland session (faked: no compositor answers) refuses coordinate input, capture and window moves with the reason; snapshot still works", () => {
    const wayland = { ...env, XDG_SESSION_TYPE: "wayland", WAYLAND_DISPLAY: "wayland-0" }
    for (const argv of [["--headed", "mouse-click", "--xy", "5,5"], ["screenshot"], ["move-window", "--app", "fixture", "--x", "1", "--y", "1"]]) {
      const envelope = envelopeOf(runBinary(argv, wayland))
      assert.strictEqual(envelope["error"]["code"], "PLATFORM_NOT_SUPPORTED", JSON.stringify(envelope))
      // The Wayland backend is asked first (apps/cli e2e/wayland has the real compositors); here none listens.
      assert.strictEqual(envelope["error"]["details"]["kind"], "connect_failed")
      assert.match(envelope["error"]["message"], /Wayland compositor at wayland-0/)
      assert.deepStrictEqual(envelope["error"]["disposition"], { delivery: "not_delivered", retry: "safe" })
    }
    assert.isTrue(envelopeOf(runBinary(["snapshot", "--app", "fixture", "-i", "--timeout-ms", "10000"], wayland))["ok"])
  })
})
