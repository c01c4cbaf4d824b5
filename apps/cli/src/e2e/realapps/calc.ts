/**
 * LibreOffice Calc steps for its real-app suite: how an agent reaches things through the CLI (every envelope
 * validated by `cli`), and libatspi reads the suite checks them with (`atspi_probe.py`, never our client).
 */
import { assert } from "@effect/vitest"
import { ok, probe } from "./realApp.js"

export type Cli = (...argv: Array<string>) => Record<string, any>

/** One libatspi read (`atspi_probe.py KIND APP ...`): its JSON, or a thrown error naming what failed. */
export const probeCalc = (env: NodeJS.ProcessEnv, ...args: Array<string>): Record<string, any> => {
  const { status, json } = probe(env, [args[0]!, "soffice", ...args.slice(1)])
  if (status !== 0) throw new Error(`libatspi ${args.join(" ")}: ${JSON.stringify(json)}`)
  return json
}

/** The ref of the one element `find` matches (asserted unique, so a twin never stands in for it). */
export const onlyRef = (cli: Cli, ...filters: Array<string>): string => {
  const found = cli("find", ...filters, "--timeout-ms", "30000")
  assert.isTrue(found["ok"], JSON.stringify(found).slice(0, 1500))
  assert.strictEqual(found["data"]["matches"].length, 1, JSON.stringify(found["data"]["matches"]).slice(0, 1500))
  return found["data"]["matches"][0]["ref_id"] as string
}

/**
 * The cell cursor to `address` the way the profile's error tells an agent to: the Name Box (LibreOffice's unnamed
 * entry, named after its tool bar) set and activated.
 */
export const goToCell = (cli: Cli, address: string): void => {
  const nameBox = onlyRef(cli, "--app", "soffice", "--role", "textfield", "--name", "Formula Tool Bar", "--exact")
  ok(cli("set-value", nameBox, address, "--timeout-ms", "30000"))
  ok(cli("click", nameBox, "--timeout-ms", "30000"))
}

/** The app's windows other than its main frame, as list-windows gives them. */
export const otherWindows = (cli: Cli, mainTitle: string): Array<Record<string, any>> =>
  (ok(cli("list-windows", "--app", "soffice")) as Array<Record<string, any>>).filter((w) => w["title"] !== mainTitle)
