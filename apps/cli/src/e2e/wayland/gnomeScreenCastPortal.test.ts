/**
 * The GNOME backend's screenshots through the ScreenCast portal with a restore token, in a headless gnome-shell
 * session with PipeWire and the portals (xdg-desktop-portal + xdg-desktop-portal-gnome, activated on the session bus
 * as on a desktop):
 * - before any consent `status` says where the token would be kept and how to consent;
 * - the first portal capture's "Screen Share" dialog is answered by agent-desktop's own commands (snapshot of
 *   xdg-desktop-portal-gnome, click on the monitor, click on Share); the token is then in the state root and in the
 *   portal's own permission store (table `screencast`, read with gdbus);
 * - a new process restores the consent with no dialog (libatspi sees none while it runs), its session gone with the
 *   process (pw-dump lists no video stream), and the default route then takes the portal, its picture equal to GNOME
 *   Shell's own screenshot (gnome_shell_screenshot.py);
 * - a warm host holds one portal session (one stream on PipeWire across screenshots, gone with the host);
 * - revoked (the file removed) and asked with nobody at the desktop, the capture refuses within the consent wait and
 *   the dialog it showed is gone.
 */
import { probePath, startGnomeShell, systemPython, type RunningWaylandDesktop } from "@agent-desktop/desktop"
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, envelopeOf, hostEnv, NATIVE, runBinaryAsync, tempHome } from "../../test/binary.js"
import { startServe } from "../../test/warmHost.js"
import { cliWith, type Node, nodes, sleep, waitFor } from "./waylandSuite.js"

let desktop: RunningWaylandDesktop
let env: NodeJS.ProcessEnv
const home = tempHome("gnome-screencast-portal")
const tokenFile = join(home, "gnome-screencast-token.json")
const portalEnv = () => ({ ...env, AGENT_DESKTOP_GNOME_CAPTURE: "portal" })

beforeAll(async () => {
  desktop = await startGnomeShell({ apps: ["fixture"], timeoutMs: 90_000 })
  env = cleanEnv(home, desktop.env)
}, 120_000)

afterAll(() => desktop?.stop(), 60_000)

const { ok } = cliWith(() => env)
const portalCli = cliWith(portalEnv)
const dir = mkdtempSync(join(tmpdir(), "ad-gnome-screencast-"))

/** The portal dialog's windows as libatspi sees them (never our client): their names. */
const dialogWindows = (): Array<string> => {
  const script = [
    "import gi, json", "gi.require_version('Atspi', '2.0')", "from gi.repository import Atspi",
    "d = Atspi.get_desktop(0); out = []",
    "for i in range(d.get_child_count()):",
    "  a = d.get_child_at_index(i)",
    "  if a is None or 'portal' not in (a.get_name() or ''): continue",
    "  for j in range(a.get_child_count()):",
    "    w = a.get_child_at_index(j)",
    "    if w is not None: out.append(w.get_name())",
    "print(json.dumps(out))"
  ].join("\n")
  const result = spawnSync(systemPython, ["-c", script], { env, encoding: "utf8", timeout: 15_000 })
  return JSON.parse(result.stdout || "[]") as Array<string>
}

/** The portal's permission store entry for a token (gdbus, the portal's own store), or the error. */
const storeLookup = (token: string) =>
  spawnSync("gdbus", ["call", "--session", "--dest", "org.freedesktop.impl.portal.PermissionStore", "--object-path", "/org/freedesktop/impl/portal/PermissionStore",
    "--method", "org.freedesktop.impl.portal.PermissionStore.Lookup", "screencast", token], { env, encoding: "utf8", timeout: 15_000 })

/** The Share button (GTK 4.8 names it "_Share Share"; the read names it by the text it shows). */
const isShare = (n: Node) => n.role === "button" && n.ref_id !== undefined && n.name === "Share"

/**
 * PipeWire's nodes carrying video (ScreenCast streams), read with pw-dump: none once a one-shot call's session ended.
 * By `object.serial`, which PipeWire never reuses (a new node may get a freed id).
 */
const videoNodeIds = (): Array<number> => {
  const dump = spawnSync("pw-dump", [], { env, encoding: "utf8", timeout: 15_000 })
  const objects = JSON.parse(dump.stdout || "[]") as Array<{ type?: string; info?: { props?: Record<string, unknown> } }>
  return objects.filter((o) => o.type?.endsWith("Node") && String(o.info?.props?.["media.class"] ?? "").includes("Video")).map((o) => Number(o.info?.props?.["object.serial"] ?? -1))
}

const differing = (a: string, b: string) => Number(spawnSync("compare", ["-metric", "AE", a, b, "null:"], { encoding: "utf8" }).stderr.trim().split(" ")[0])
const shellScreenshot = (file: string) => {
  const shell = spawnSync(systemPython, [join(dirname(probePath()), "gnome_shell_screenshot.py"), file], { env, encoding: "utf8", timeout: 20_000 })
  assert.strictEqual(shell.status, 0, shell.stdout + shell.stderr)
}

describe("GNOME screenshots through the ScreenCast portal: the user consents once", () => {
  it("before consent: status names the token file and how to consent; asked for the portal, status and permissions say consent is missing", () => {
    const capture = ok("status")["probes"]["display_server"]["channels"]["capture"]
    assert.deepInclude(capture, { state: "available", grant: "not_required" })
    assert.deepInclude(capture["consent"], { given: false, kept_in: tokenFile })
    assert.match(capture["consent"]["give"], /AGENT_DESKTOP_GNOME_CAPTURE=portal agent-desktop screenshot/)
    assert.match(capture["consent"]["revoke"], new RegExp(`rm ${tokenFile}`))

    const asked = portalCli.ok("status")["probes"]["display_server"]["channels"]["capture"]
    assert.deepInclude(asked, { state: "unavailable", kind: "capture_needs_consent" })
    const permission = portalCli.ok("permissions")["screen_recording"]
    assert.strictEqual(permission["state"], "denied")
    assert.match(permission["suggestion"], /Screen Share/)
  }, 60_000)

  it("the first portal capture's dialog answered by agent-desktop's own commands: the token is kept and the portal's store has it", async () => {
    const first = runBinaryAsync(["screenshot", join(dir, "first.png")], portalEnv(), NATIVE)
    let dialog: Array<Node> = []
    let last: Record<string, any> = {}
    assert.isTrue(await waitFor(() => {
      last = portalCli.cli("snapshot", "--app", "xdg-desktop-portal-gnome", "-i")
      dialog = last["ok"] === true ? nodes(last["data"]["tree"]) : []
      return dialog.some(isShare)
    }, 20_000), `the Screen Share dialog never showed: ${JSON.stringify(last).slice(0, 600)} ${JSON.stringify(dialog.map((n) => [n.role, n.name]))}`)
    // GTK 4.8's dialog: the monitors as options of a list (Selection.SelectChild), Share insensitive until one is chosen.
    const monitor = dialog.find((n) => n.ref_id !== undefined && n.role === "option")
    assert.isDefined(monitor, JSON.stringify(dialog.map((n) => [n.role, n.name])))
    portalCli.ok("click", monitor!.ref_id!)
    const share = dialog.find(isShare)!
    assert.isTrue(await waitFor(() => portalCli.cli("click", share.ref_id!)["ok"] === true, 5000), "Share stayed insensitive")
    const captured = envelopeOf(await first)
    assert.isTrue(captured["ok"], JSON.stringify(captured).slice(0, 1500))
    assert.deepInclude(captured["data"], { width: 1280, height: 1024 })

    const token = (JSON.parse(readFileSync(tokenFile, "utf8")) as { restore_token: string }).restore_token
    const stored = storeLookup(token)
    assert.strictEqual(stored.status, 0, stored.stderr)
    assert.match(stored.stdout, /\{'': \['yes'\]\}/, "the store's entry allows the app id '' (a program outside a sandbox)")
    assert.isTrue(await waitFor(() => !dialogWindows().includes("Screen Share"), 5000))
  }, 120_000)

  it("a new process restores the consent with no dialog; by default the portal serves, equal to GNOME Shell's own picture", async () => {
    // The portal only: a token it did not know would show the dialog and refuse after the wait.
    const seen = new Set<string>()
    let running = true
    const watcher = (async () => {
      while (running) {
        for (const name of dialogWindows()) seen.add(name)
        await sleep(100)
      }
    })()
    const begun = Date.now()
    const restored = envelopeOf(await runBinaryAsync(["screenshot", join(dir, "restored.png")], portalEnv(), NATIVE))
    const took = Date.now() - begun
    running = false
    await watcher
    assert.isTrue(restored["ok"], JSON.stringify(restored).slice(0, 1500))
    assert.isFalse(seen.has("Screen Share"), `dialog windows seen: ${JSON.stringify([...seen])}`)
    assert.isBelow(took, 20_000)
    // The one-shot call's portal session ended with its process (xdg-desktop-portal closes a departed client's sessions).
    assert.isTrue(await waitFor(() => videoNodeIds().length === 0, 5000), `streams left: ${JSON.stringify(videoNodeIds())}`)

    const capture = ok("status")["probes"]["display_server"]["channels"]["capture"]
    assert.deepInclude(capture, { state: "available", grant: "granted" })
    assert.match(capture["via"], /org\.freedesktop\.portal\.ScreenCast/)
    assert.deepInclude(capture["consent"], { given: true, kept_in: tokenFile })
    assert.deepStrictEqual(ok("permissions")["screen_recording"], { state: "granted" })

    // The start-up notification banner may leave between two captures: a pair is taken again (three tries).
    const ours = join(dir, "ours.png")
    const theirs = join(dir, "shell.png")
    let difference = Number.POSITIVE_INFINITY
    for (let attempt = 0; attempt < 3 && difference >= 200; attempt++) {
      assert.deepInclude(ok("screenshot", ours), { format: "png", width: 1280, height: 1024 })
      shellScreenshot(theirs)
      difference = differing(ours, theirs)
    }
    assert.isBelow(difference, 200, `${ours} against ${theirs}`)
  }, 120_000)

  it("a warm host holds one portal session: its stream stays between screenshots, closes once the token is revoked, and goes with the host", async () => {
    const warmEnv = hostEnv(home, desktop.env)
    const host = (await startServe(warmEnv)).process
    try {
      const warm = cliWith(() => warmEnv)
      warm.ok("screenshot", join(dir, "warm1.png"))
      const heldIds = videoNodeIds()
      assert.lengthOf(heldIds, 1, "the host's portal session streams")
      warm.ok("screenshot", join(dir, "warm2.png"))
      assert.deepStrictEqual(videoNodeIds(), heldIds, "the same stream served the second screenshot")
      // Revoked while the host holds the session: the next screenshot closes it and takes mutter's own stream.
      const token = readFileSync(tokenFile, "utf8")
      rmSync(tokenFile)
      try {
        warm.ok("screenshot", join(dir, "warm3.png"))
        assert.isTrue(await waitFor(() => videoNodeIds().length === 1 && videoNodeIds()[0] !== heldIds[0], 5000), `streams: ${JSON.stringify(videoNodeIds())} (held ${heldIds[0]})`)
      } finally {
        writeFileSync(tokenFile, token, { mode: 0o600 })
      }
    } finally {
      host.kill("SIGTERM")
      await new Promise((resolve) => host.once("exit", resolve))
    }
    assert.isTrue(await waitFor(() => videoNodeIds().length === 0, 5000), `streams left: ${JSON.stringify(videoNodeIds())}`)
  }, 60_000)

  // Last: closing the unanswered request makes xdg-desktop-portal-gnome 43 exit (measured by hand: Request.Close and
  // Session.Close alike); D-Bus activates it again for the next request, but a consent asked right after found no
  // dialog in some runs.
  it("revoked (the token file removed) and asked with nobody there: refused within the consent wait, no dialog left", async () => {
    assert.match(ok("status")["probes"]["display_server"]["channels"]["capture"]["consent"]["revoke"], /^rm /)
    rmSync(tokenFile)
    assert.deepInclude(ok("status")["probes"]["display_server"]["channels"]["capture"]["consent"], { given: false })
    const seen = new Set<string>()
    let running = true
    const watcher = (async () => {
      while (running) {
        for (const name of dialogWindows()) seen.add(name)
        await sleep(250)
      }
    })()
    const begun = Date.now()
    const refused = envelopeOf(await runBinaryAsync(["screenshot", join(dir, "refused.png")], portalEnv(), NATIVE))
    const took = Date.now() - begun
    running = false
    await watcher
    assert.isTrue(seen.has("Screen Share"), `the dialog was asked: ${JSON.stringify([...seen])}`)
    assert.isFalse(refused["ok"])
    assert.strictEqual(refused["error"]["details"]["kind"], "capture_needs_consent", JSON.stringify(refused["error"]))
    assert.match(refused["error"]["message"], /nobody answered/)
    assert.match(refused["error"]["suggestion"], /Remember this selection/)
    assert.isBelow(took, 45_000)
    assert.isFalse(existsSync(tokenFile))
    assert.isTrue(await waitFor(() => !dialogWindows().includes("Screen Share"), 5000), `left behind: ${JSON.stringify(dialogWindows())}`)
  }, 90_000)
})
