/**
 * Shared by the real-app suites: an app's binary decides whether a suite runs (CI installs every package of
 * tools/scripts/debian-packages.txt as root, so there they always run; a developer machine without them skips
 * with a reason on stderr), the CLI's envelopes are validated against the strict schema by `envelopeOf`, and
 * libatspi (`atspi_probe.py`) is the independent channel for read-back and for "the app is still alive".
 */
import { probePath, systemPython } from "@agent-desktop/desktop"
import { assert } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { envelopeOf, runBinary } from "../../test/binary.js"

export const installed = (binary: string, suite: string): boolean => {
  const present = existsSync(binary) && existsSync(systemPython)
  if (!present) process.stderr.write(`${suite}: skipped, ${binary} is not installed (tools/scripts/debian-packages.txt)\n`)
  return present
}

export interface Node {
  ref_id?: string
  role: string
  name?: string
  value?: string
  states?: Array<string>
  available_actions?: Array<string>
  children_count?: number
  subtree_truncated?: boolean
  children?: Array<Node>
}

export const nodes = (tree: Node): Array<Node> => [tree, ...(tree.children ?? []).flatMap(nodes)]

export const cliIn = (env: () => NodeJS.ProcessEnv) => (...argv: Array<string>): Record<string, any> =>
  envelopeOf(runBinary(argv, env()))

/** The data of an envelope that must be ok; any other fails the test, showing the envelope's start. */
export const ok = (envelope: Record<string, any>): Record<string, any> => {
  assert.isTrue(envelope["ok"], JSON.stringify(envelope).slice(0, 2000))
  return envelope["data"]
}

export const refOf = (all: ReadonlyArray<Node>, role: string, name: string): string => {
  const node = all.find((n) => n.role === role && n.name === name && n.ref_id !== undefined)
  if (!node) throw new Error(`no ${role} '${name}' with a ref among ${JSON.stringify(all.filter((n) => n.ref_id).map((n) => [n.role, n.name]).slice(0, 80))}`)
  return node.ref_id!
}

/** A synchronous pause: these helpers run between synchronous CLI calls. */
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** One libatspi read (`atspi_probe.py KIND APP ...`): its exit status and JSON (on no output, the error or "timeout"). */
export const probe = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string>) => {
  const result = spawnSync(systemPython, [probePath(), ...args], { env, encoding: "utf8", timeout: 10_000 })
  return { status: result.status, json: result.stdout ? JSON.parse(result.stdout) as Record<string, any> : { error: result.stderr || "timeout" } }
}

/** The app answers a fresh libatspi read, and within 2 s (the bar for "not frozen"). */
export const assertAlive = (env: NodeJS.ProcessEnv, app: string): void => {
  const { status, json } = probe(env, ["alive", app])
  if (status !== 0) throw new Error(`${app} did not answer a fresh AT-SPI read: ${JSON.stringify(json)}`)
  if (!(json["ms"] < 2000)) throw new Error(`${app} answered only after ${json["ms"]} ms`)
}

/**
 * Name, text, value and states of the first node with this AT-SPI role name (and exact name), read by libatspi. A
 * miss is read again twice (a second apart): on a loaded CI machine an app still busy with 34,000 accessibles'
 * events once answered libatspi's listing too late and was reported "app not found".
 */
export const probeRead = (env: NodeJS.ProcessEnv, app: string, atspiRole: string, name = "", description?: string): Record<string, any> => {
  const args = ["read", app, atspiRole, name, ...(description === undefined ? [] : [description])]
  let last = probe(env, args)
  for (let attempt = 0; attempt < 2 && last.status !== 0; attempt++) {
    pause(1000)
    last = probe(env, args)
  }
  if (last.status !== 0) throw new Error(`libatspi found no ${atspiRole} '${name}' in ${app}: ${JSON.stringify(last.json)}`)
  return last.json
}

/** The first node with this AT-SPI role in state SELECTED, with its children's names (libatspi). */
export const probeSelected = (env: NodeJS.ProcessEnv, app: string, atspiRole: string): Record<string, any> => {
  const { status, json } = probe(env, ["selected", app, atspiRole])
  if (status !== 0) throw new Error(`libatspi found no selected ${atspiRole} in ${app}: ${JSON.stringify(json)}`)
  return json
}

/**
 * A direct child (AT-SPI role, exact name) of the app's first `container` (a role), read even where that container
 * manages its descendants: Qt sets MANAGES_DESCENDANTS on every item view, which `read` never enters.
 */
export const probeItem = (env: NodeJS.ProcessEnv, app: string, container: string, atspiRole: string, name: string): Record<string, any> => {
  const { status, json } = probe(env, ["item", app, container, atspiRole, name])
  if (status !== 0) throw new Error(`libatspi found no ${atspiRole} '${name}' in the ${container} of ${app}: ${JSON.stringify(json)}`)
  return json
}

/** The names of the direct children of the first node with this AT-SPI role (and exact name) (libatspi). */
export const probeChildren = (env: NodeJS.ProcessEnv, app: string, atspiRole: string, name = ""): Array<string> => {
  const { status, json } = probe(env, ["children", app, atspiRole, name])
  if (status !== 0) throw new Error(`libatspi found no ${atspiRole} '${name}' in ${app}: ${JSON.stringify(json)}`)
  return json["children"] as Array<string>
}

/** One cell of the app's first table, by row and column (libatspi's Table interface). */
export const probeCell = (env: NodeJS.ProcessEnv, app: string, row: number, column: number): Record<string, any> => {
  const { status, json } = probe(env, ["cell", app, String(row), String(column)])
  if (status !== 0) throw new Error(`libatspi could not read cell ${row},${column} of ${app}: ${JSON.stringify(json)}`)
  return json
}

/**
 * Reads `read()` until it returns `expected`, for at most `attempts` x 250 ms: for effects an app applies after
 * answering (gnome-calculator evaluates `=` on a worker thread). Returns the last value read.
 */
export const eventually = (read: () => unknown, expected: unknown, attempts = 40): unknown => {
  let value = read()
  for (let i = 1; i < attempts && value !== expected; i++) {
    pause(250)
    value = read()
  }
  return value
}
