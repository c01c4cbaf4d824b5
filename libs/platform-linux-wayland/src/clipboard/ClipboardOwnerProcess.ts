/**
 * Starts the detached Wayland clipboard owner (`clipboardOwner.js` beside this file) and waits until it owns the
 * selection. The owner has no parent to outlive: it exits when another client takes the selection (a later
 * clipboard-set or clipboard-clear, a copy in any app) or when the compositor goes away.
 */
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import * as path from "node:path"
import { packageRoot } from "../Addon.js"
import type { MimeItem } from "./ClipboardMimeItems.js"

const READY_MS = 5000

export const ownerScript = (): string => path.join(packageRoot(), "dist", "clipboard", "clipboardOwner.js")

/** `mutter`: own through mutter's RemoteDesktop clipboard on that session-bus socket (GNOME) instead of data-control. */
export const startOwner = (items: ReadonlyArray<MimeItem>, mutter?: { readonly path: string; readonly abstract: boolean }): Promise<number> =>
  new Promise((resolve, reject) => {
    const script = ownerScript()
    if (!existsSync(script)) return reject(new Error(`the clipboard owner ${script} is not built`))
    const child = spawn(process.execPath, [script], { detached: true, stdio: ["pipe", "pipe", "ignore"], env: process.env })
    let out = ""
    const timer = setTimeout(() => done(new Error("the clipboard owner did not take the selection in time")), READY_MS)
    const done = (error?: Error) => {
      clearTimeout(timer)
      child.stdout?.removeAllListeners()
      child.stdout?.destroy()
      child.removeAllListeners("exit")
      if (error) {
        if (child.exitCode === null) child.kill("SIGTERM")
        reject(error)
      } else {
        child.unref()
        resolve(child.pid!)
      }
    }
    child.on("error", (error) => done(error))
    child.once("exit", (code) => done(new Error(`the clipboard owner exited (${code}) before owning the selection: ${out.trim()}`)))
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      if (!out.includes("\n")) return
      const line = out.split("\n")[0]
      if (line === "owned") done()
      else done(new Error(`the clipboard owner failed: ${line}`))
    })
    child.stdin!.end(JSON.stringify({ items: items.map((i) => ({ mime: i.mime, data: i.data.toString("base64") })), ...(mutter ? { mutter } : {}) }))
  })
