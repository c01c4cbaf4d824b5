import { assert, describe, it } from "@effect/vitest"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { requireAddon } from "../test/requireAddon.js"
import { KwinHelper, KwinHelperError, kwinHelperPath } from "./KwinHelper.js"

describe("the KWin helper executable, without a compositor", () => {
  it("is built beside the addon", () => {
    requireAddon()
    assert.isTrue(existsSync(kwinHelperPath()), kwinHelperPath())
  })

  it("refuses to start with the compositor it could not reach, by code", async () => {
    const nowhere = join(mkdtempSync(join(tmpdir(), "ad-kwin-helper-")), "wayland-none")
    const failure = await KwinHelper.start(kwinHelperPath(), { PATH: process.env["PATH"], WAYLAND_DISPLAY: nowhere }).then(() => undefined, (e: unknown) => e)
    assert.instanceOf(failure, KwinHelperError)
    assert.strictEqual((failure as KwinHelperError).code, "WL_CONNECT_FAILED")
    assert.include((failure as KwinHelperError).message, nowhere)
  })

  it("a helper that cannot be run is an error, not a hang", async () => {
    const failure = await KwinHelper.start("/nonexistent/agent-desktop-kwin").then(() => undefined, (e: unknown) => e)
    assert.instanceOf(failure, KwinHelperError)
    assert.match((failure as Error).message, /could not run|exited/)
  })
})
