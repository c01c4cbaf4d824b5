/**
 * KWin scripting over D-Bus, which any client of the session bus may use (no authorization): a JavaScript file is
 * loaded (`org.kde.kwin.Scripting.loadScript(path, name)`), run (`org.kde.kwin.Script.run` on `/<id>`, KWin 5.27's
 * object path) and unloaded. A script has no return value over D-Bus, so it answers the way KWin lets a script talk
 * to the outside: `callDBus` to this connection's own unique name, a method call our connection receives (its `print`
 * goes only to KWin's log). Each run gets a fresh plugin name and token, so concurrent runs never mix answers; a
 * script that throws answers with the error, and one that never answers fails after the deadline.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { DbusCall } from "./MutterRemoteDesktop.js"

/** A method call addressed to our connection. */
export interface IncomingCall {
  readonly path: string
  readonly interface: string
  readonly member: string
  readonly body: ReadonlyArray<unknown>
}

/** The session-bus connection the scripts answer through (the adapter's own connection in production). */
export interface KwinBus {
  readonly call: DbusCall
  /** The bus's name for this connection (`:1.42`): where scripts send their answers. */
  readonly uniqueName: () => Promise<string>
  /** Method calls addressed to this connection; returns the unsubscribe. */
  readonly onMethodCall: (handler: (call: IncomingCall) => void) => () => void
}

export const KWIN_SERVICE = "org.kde.KWin"
const ANSWER_PATH = "/org/agentdesktop/KwinScript"
const ANSWER_INTERFACE = "org.agentdesktop.KwinScript"

export class KwinScriptError extends Error {}

let sequence = 0

/** The script around `body` (a function body of `args`): runs it and calls back with `{ok, value}` or `{ok, error}`. */
export const scriptSource = (body: string, args: unknown, answerTo: string, token: string): string =>
  [
    "(function () {",
    "  var answer;",
    `  try { answer = { ok: true, value: (function (args) {\n${body}\n  })(${JSON.stringify(args ?? null)}) }; }`,
    "  catch (e) { answer = { ok: false, error: String(e) }; }",
    `  callDBus(${JSON.stringify(answerTo)}, ${JSON.stringify(ANSWER_PATH)}, ${JSON.stringify(ANSWER_INTERFACE)}, "answer", ${JSON.stringify(token)}, JSON.stringify(answer === undefined ? null : answer));`,
    "})();",
    ""
  ].join("\n")

export class KwinScripting {
  private readonly waiting = new Map<string, (json: string) => void>()
  private unsubscribe: (() => void) | undefined

  constructor(private readonly bus: KwinBus) {}

  private listen(): void {
    this.unsubscribe ??= this.bus.onMethodCall((call) => {
      if (call.path !== ANSWER_PATH || call.member !== "answer") return
      const [token, json] = call.body
      this.waiting.get(String(token))?.(String(json))
    })
  }

  /** A private directory (mode 0700) for one script, which KWin reads as the same user; removed after the run. */
  private scriptDirectory(): string {
    return mkdtempSync(join(process.env["XDG_RUNTIME_DIR"] || tmpdir(), "agent-desktop-kwin-"))
  }

  private invoke(path: string, iface: string, member: string, signature?: string, body?: ReadonlyArray<unknown>) {
    return this.bus.call({ destination: KWIN_SERVICE, path, interface: iface, member, ...(signature ? { signature, body: body ?? [] } : {}) })
  }

  /** Runs `body` (a JavaScript function body over `args`, in KWin's script engine) and returns what it returned. */
  async run<A>(body: string, args?: unknown, timeoutMs = 5000): Promise<A> {
    this.listen()
    const answerTo = await this.bus.uniqueName()
    const token = `agent_desktop_${process.pid}_${++sequence}_${Date.now()}`
    const directory = this.scriptDirectory()
    const path = join(directory, `${token}.js`)
    writeFileSync(path, scriptSource(body, args, answerTo, token), { mode: 0o600 })
    let timer: NodeJS.Timeout | undefined
    const answered = new Promise<string>((resolve, reject) => {
      this.waiting.set(token, resolve)
      timer = setTimeout(() => reject(new KwinScriptError(`KWin's script did not answer within ${timeoutMs} ms`)), timeoutMs)
    })
    answered.catch(() => {})
    try {
      const [id] = await this.invoke("/Scripting", "org.kde.kwin.Scripting", "loadScript", "ss", [path, token])
      if (typeof id !== "number" || id < 0) throw new KwinScriptError(`KWin refused to load the script (loadScript answered ${String(id)})`)
      await this.invoke(`/${id}`, "org.kde.kwin.Script", "run")
      const answer = JSON.parse(await answered) as { ok: boolean; value?: A; error?: string } | null
      if (answer === null || !answer.ok) throw new KwinScriptError(`KWin's script failed: ${answer?.error ?? "no answer"}`)
      return answer.value as A
    } finally {
      clearTimeout(timer)
      this.waiting.delete(token)
      rmSync(directory, { recursive: true, force: true })
      await this.invoke("/Scripting", "org.kde.kwin.Scripting", "unloadScript", "s", [token]).catch(() => undefined)
    }
  }

  close(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }
}
