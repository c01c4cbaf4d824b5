/**
 * The DevTools source against Debian's Chromium on Xvfb, started without renderer accessibility (AT-SPI sees no page):
 * the endpoint found from the process's own command line and profile, the page's tree read with its shadow DOM and
 * its frame, and actions whose effects the page itself posts to the test's server (the page log: isTrusted events
 * in order), never read back through the connection that acted. Then the hard cases: a covered element, a page
 * that navigates under a saved node, and a browser that dies while an action waits for its answer.
 */
import { startDesktop, type RunningDesktop } from "@agent-desktop/desktop"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startChromium, haveChromium, waitForActivePort, type RunningChromium } from "../test/Chromium.js"
import { startPageServer, type PageServer } from "../test/PageServer.js"
import { CdpBrowser } from "./CdpBrowser.js"
import { CdpError } from "./CdpError.js"
import type { CdpNode } from "./CdpNode.js"
import type { CdpStep } from "./Delivery.js"
import { endpointOfProcess } from "./Discovery.js"
import { identifyNode } from "./NodeIdentity.js"
import { actOnNode } from "./PageActions.js"
import type { PageSession } from "./PageSession.js"
import { readPage } from "./PageTree.js"

if (!haveChromium) process.stderr.write("cdp desktop suite: skipped, /usr/bin/chromium is not installed\n")

const all = (node: CdpNode): Array<CdpNode> => [node, ...node.children.flatMap(all)]
const find = (root: CdpNode, role: string, name: string): CdpNode => {
  const found = all(root).filter((node) => node.role === role && node.name === name)
  if (found.length !== 1) throw new Error(`${found.length} ${role} '${name}' in the page`)
  return found[0]!
}
const failure = async (promise: Promise<unknown>): Promise<CdpError> => {
  try {
    await promise
  } catch (error) {
    if (error instanceof CdpError) return error
    throw error
  }
  throw new Error("expected a CdpError")
}

describe.skipIf(!haveChromium)("the DevTools source on Chromium without renderer accessibility", () => {
  let desktop: RunningDesktop
  let server: PageServer
  let chromium: RunningChromium
  let browser: CdpBrowser
  let page: PageSession

  beforeAll(async () => {
    desktop = await startDesktop({ apps: [] })
    server = await startPageServer()
    chromium = startChromium(server.url("order.html"), { ...process.env, ...desktop.env })
    await waitForActivePort(chromium.profile)
    const found = endpointOfProcess(chromium.pid, { ...process.env, ...desktop.env })
    if (found.kind !== "endpoint") throw new Error(`no endpoint found for Chromium: ${found.kind}`)
    browser = await CdpBrowser.connect(found.endpoint, 10_000)
    for (let i = 0; i < 100; i++) {
      try {
        page = await browser.pageForWindow("Order page - Chromium", 5_000)
        break
      } catch {
        await new Promise((wake) => setTimeout(wake, 100))
      }
    }
    // The window's title comes before the page's accessibility tree is complete: on a loaded machine the first read
    // had a nameless root and no fields. Wait for the document to be read as loaded.
    for (let i = 0; i < 300; i++) {
      const read = await readPage(page).catch(() => undefined)
      if (read?.root.name === "Order page" && read.frames === 2) break
      await new Promise((wake) => setTimeout(wake, 100))
    }
    await server.waitFor(() => false, 500)
  }, 90_000)

  afterAll(async () => {
    browser?.close()
    chromium?.kill()
    await server?.close()
    await desktop?.stop()
  })

  it("finds the endpoint in the process's command line and profile, on loopback", () => {
    expect(browser.endpoint.host).toBe("127.0.0.1")
    expect(browser.endpoint.port).toBeGreaterThan(0)
  })

  it("reads the page's tree: fields with their roles and states, the shadow DOM's controls, the frame's document", async () => {
    const read = await readPage(page)
    expect(read.root).toMatchObject({ role: "webarea", name: "Order page" })
    expect(read.frames).toBe(2)
    expect(find(read.root, "textfield", "Name").actions).toEqual(expect.arrayContaining(["SetValue", "TypeText", "SetFocus"]))
    expect(find(read.root, "textfield", "Password").states).toContain("secure")
    expect(find(read.root, "combobox", "Size")).toMatchObject({ value: "Small", actions: expect.arrayContaining(["Select"]) })
    expect(find(read.root, "checkbox", "Gift wrap").states).not.toContain("checked")
    expect(find(read.root, "textfield", "Note").backendNodeId).toBeGreaterThan(0)
    expect(find(read.root, "button", "Stamp").actions).toContain("Click")
    const frame = find(read.root, "group", "Coupons")
    const coupon = find(frame, "button", "Apply coupon")
    expect(coupon.frameId).not.toBe(read.root.frameId)
  })

  it("fills and submits the form: trusted input events while typing, change when a field is left, the option's events, the submit", async () => {
    const read = await readPage(page)
    const steps: Array<CdpStep> = []
    const hooks = { sending: (step: CdpStep) => steps.push(step), answered: () => undefined }
    await actOnNode(page, find(read.root, "textfield", "Name").backendNodeId!, { kind: "type", text: "Ada" }, hooks)
    expect(await server.waitFor((line) => line === "input name=Ada trusted=true")).toBeDefined()
    expect(server.lines.some((line) => line.startsWith("change name="))).toBe(false)
    await actOnNode(page, find(read.root, "textfield", "Password").backendNodeId!, { kind: "set_value", value: "s3cret" })
    expect(await server.waitFor((line) => line === "change name=Ada trusted=true")).toBeDefined()
    expect(await server.waitFor((line) => line === "change password=len 6 trusted=true")).toBeDefined()
    await actOnNode(page, find(read.root, "combobox", "Size").backendNodeId!, { kind: "select", value: "medium" })
    expect(await server.waitFor((line) => line.startsWith("change size=Medium"))).toBeDefined()
    expect(server.lines).toContain("input size=Medium trusted=false")
    await actOnNode(page, find(read.root, "checkbox", "Gift wrap").backendNodeId!, { kind: "click" })
    expect(await server.waitFor((line) => line === "change gift=true trusted=true")).toBeDefined()
    await actOnNode(page, find(read.root, "textfield", "Note").backendNodeId!, { kind: "type", text: "ring twice" })
    expect(await server.waitFor((line) => line === "input note=ring twice trusted=true")).toBeDefined()
    await actOnNode(page, find(read.root, "button", "Stamp").backendNodeId!, { kind: "click" })
    expect(await server.waitFor((line) => line === "click stamp trusted=true")).toBeDefined()
    await actOnNode(page, find(find(read.root, "group", "Coupons"), "button", "Apply coupon").backendNodeId!, { kind: "click" })
    expect(await server.waitFor((line) => line === "click coupon trusted=true")).toBeDefined()
    await actOnNode(page, find(read.root, "button", "Submit order").backendNodeId!, { kind: "click" })
    expect(await server.waitFor((line) => line.startsWith("submit"))).toBe("submit name=Ada password=6 size=Medium gift=true note=ring twice")
    // Every message that could change the page was announced before it went out.
    expect(steps.map((step) => step.label)).toEqual(["DOM.focus", "Input.insertText"])
  })

  it("refuses an option that does not exist or is disabled, naming the options; nothing changes", async () => {
    const read = await readPage(page)
    const size = find(read.root, "combobox", "Size").backendNodeId!
    const before = server.lines.length
    const missing = await failure(actOnNode(page, size, { kind: "select", value: "Tiny" }))
    expect(missing).toMatchObject({ kind: "not_actionable", details: { kind: "no_option", options: ["Small", "Medium", "Huge"] } })
    const disabled = await failure(actOnNode(page, size, { kind: "select", value: "Huge" }))
    expect(disabled.details).toMatchObject({ kind: "option_disabled" })
    await server.waitFor(() => false, 300)
    expect(server.lines.slice(before)).toEqual([])
  })

  it("does not click a covered element: the page's hit test names what covers it, and nothing is sent", async () => {
    const read = await readPage(page)
    const covered = await failure(actOnNode(page, find(read.root, "button", "Covered button").backendNodeId!, { kind: "click" }))
    expect(covered).toMatchObject({ kind: "not_actionable", details: { kind: "covered", covered_by: "div#cover" }, steps: [] })
    await server.waitFor(() => false, 300)
    expect(server.lines.filter((line) => line.startsWith("click cover"))).toEqual([])
  })

  it("a page that navigated under a saved node: the node is gone (navigated), never another page's element of the same role and name", async () => {
    const read = await readPage(page)
    const submit = find(read.root, "button", "Submit order")
    const saved = { backendNodeId: submit.backendNodeId!, frameId: submit.frameId, loaderId: submit.loaderId, role: "button", name: "Submit order" }
    await expect(identifyNode(page, saved)).resolves.toMatchObject({ role: "button", name: "Submit order" })
    await actOnNode(page, find(read.root, "button", "Go to the next page").backendNodeId!, { kind: "click" })
    expect(await server.waitFor((line) => line === "loaded next")).toBeDefined()
    const gone = await failure(identifyNode(page, saved))
    expect(gone).toMatchObject({ kind: "node_gone", details: { kind: "navigated" } })
    // The new page has a button of the same role and name: it is not taken for the saved one.
    expect(find((await readPage(page)).root, "button", "Submit order").loaderId).not.toBe(saved.loaderId)
  })

  it("a browser that dies while an action waits: the step stays attempted and the error says it was sent; later calls were not", async () => {
    await page.call("Page.navigate", { url: server.url("order.html") })
    await server.waitFor((line) => line.startsWith("input") || true, 1_000)
    let read = await readPage(page)
    for (let i = 0; i < 50 && all(read.root).every((node) => node.name !== "Busy button"); i++) {
      await new Promise((wake) => setTimeout(wake, 100))
      read = await readPage(page)
    }
    const busy = find(read.root, "button", "Busy button").backendNodeId!
    const pending = failure(actOnNode(page, busy, { kind: "click" }))
    expect(await server.waitFor((line) => line === "busy start")).toBeDefined()
    chromium.kill()
    const closed = await pending
    expect(closed).toMatchObject({ kind: "closed", sent: true })
    expect(closed.steps?.map((step) => [step.label, step.outcome])).toEqual([
      ["Input.dispatchMouseEvent(mousePressed)", "succeeded"],
      ["Input.dispatchMouseEvent(mouseReleased)", "attempted"]
    ])
    const after = await failure(actOnNode(page, busy, { kind: "click" }))
    expect(after).toMatchObject({ kind: "closed", sent: false, steps: [] })
  }, 60_000)
})
