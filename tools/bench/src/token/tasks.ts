/**
 * The token bench's five agent tasks (issue 22), each a script of steps that looks at the window the way its
 * strategy does, and a check of the outcome through another channel (the GTK fixture's control socket, libatspi
 * through atspi_probe.py). `label` makes each run's input its own, so a run cannot pass on an earlier run's effect.
 */
import { controlFixture, fixtureControlPath, probePath, systemPython } from "@agent-desktop/desktop"
import { spawnSync } from "node:child_process"
import type { MeteredAgent } from "./MeteredAgent.js"
import type { Strategy, View } from "./strategies.js"

export interface TaskContext {
  readonly agent: MeteredAgent
  readonly strategy: Strategy
  readonly view: View
  readonly env: NodeJS.ProcessEnv
  readonly stateDir: string
  /** The run's index (0, 1, 2): each strategy's input differs. */
  readonly run: number
}

export interface Task {
  readonly name: string
  /** Puts the app back where every strategy starts (not measured). */
  readonly reset?: (context: TaskContext) => Promise<void>
  readonly script: (context: TaskContext) => Promise<void>
  /** Whether the task did what it should, read through another channel than agent-desktop. */
  readonly check: (context: TaskContext) => Promise<boolean>
}

/** libatspi's read of the first node of this AT-SPI role and name (atspi_probe.py `read`). */
const atspi = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string>): Record<string, any> | undefined => {
  // Generous: reading 2,000 rows through libatspi on a loaded machine took over 15 s (a false failure).
  const result = spawnSync(systemPython, [probePath(), ...args], { env, encoding: "utf8", timeout: 90_000 })
  return result.status === 0 ? JSON.parse(result.stdout) as Record<string, any> : undefined
}

const fixture = (context: TaskContext, request: Parameters<typeof controlFixture>[1]) =>
  controlFixture(fixtureControlPath(context.stateDir), request)

const FORM = { app: "fixture" }

const fillTinyForm: Task = {
  name: "fill a form, tiny window (GTK 3 fixture, 11 refs: a name, an amount, a check box)",
  reset: async (context) => {
    // Unchecked again, so that checking it is a change (the run before checked it).
    const { agent, view, strategy } = context
    await strategy.first(agent, view, FORM)
    const check = view.find("checkbox", "Enable feature")
    await agent.call("toggle", { ref_id: check.ref_id, state: "unchecked" })
  },
  script: async ({ agent, strategy, view, run }) => {
    await strategy.first(agent, view, FORM)
    await agent.call("set_value", { ref_id: view.find("textfield", "Name").ref_id, value: `Ada ${run}` })
    await strategy.after(agent, view, FORM)
    await agent.call("set_value", { ref_id: view.find("incrementor", "Amount").ref_id, value: String(10 + run) })
    await strategy.after(agent, view, FORM)
    await agent.call("toggle", { ref_id: view.find("checkbox", "Enable feature").ref_id, state: "checked" })
    await strategy.after(agent, view, FORM)
  },
  check: async (context) => {
    const entry = await fixture(context, { op: "state", id: "entry" })
    const spin = await fixture(context, { op: "state", id: "spin" })
    const check = await fixture(context, { op: "state", id: "check" })
    return entry.text === `Ada ${context.run}` && Number(spin.value) === 10 + context.run && check.active === true
  }
}

const COLORS = ["Green", "Blue", "Red"] as const

const chooseFromTinyMenu: Task = {
  name: "open a menu and choose an item, tiny window (GTK 3 fixture's combo box)",
  script: async ({ agent, strategy, view, run }) => {
    await strategy.first(agent, view, FORM)
    await agent.call("expand", { ref_id: view.find("combobox", "Color").ref_id })
    // The open menu is a window of its own: the agent looks at what opened.
    await strategy.opened(agent, view, "fixture")
    await agent.call("click", { ref_id: view.find("menuitem", COLORS[run]!).ref_id })
    await strategy.after(agent, view, FORM)
  },
  check: async (context) => (await fixture(context, { op: "state", id: "combo" })).text === COLORS[context.run]
}

const PAGE = { app: "Chromium" }

/** The page writes every event it sees into its title: libatspi reads the window's name. */
const pageTitle = (env: NodeJS.ProcessEnv): string => String(atspi(env, ["windows", "Chromium"])?.["windows"]?.[0]?.["name"] ?? "")

const fillForm: Task = {
  name: "fill a form (Chromium, the form page: name, quantity, a check box, a radio button)",
  reset: async ({ agent, strategy, view }) => {
    await strategy.first(agent, view, PAGE)
    await agent.call("toggle", { ref_id: view.find("checkbox", "Subscribe").ref_id, state: "unchecked" })
    await agent.call("click", { ref_id: view.find("radiobutton", "Small").ref_id })
  },
  script: async ({ agent, strategy, view, run }) => {
    await strategy.first(agent, view, PAGE)
    // A page's text field takes text through key events only: the servers run --headed.
    await agent.call("type", { ref_id: view.find("textfield", "Name").ref_id, text: ` Ada${run}` })
    await strategy.after(agent, view, PAGE)
    await agent.call("set_value", { ref_id: view.find("incrementor", "Quantity").ref_id, value: String(3 + run) })
    await strategy.after(agent, view, PAGE)
    await agent.call("toggle", { ref_id: view.find("checkbox", "Subscribe").ref_id, state: "checked" })
    await strategy.after(agent, view, PAGE)
    await agent.call("click", { ref_id: view.find("radiobutton", "Medium").ref_id })
    await strategy.after(agent, view, PAGE)
  },
  check: async ({ env, run }) =>
    String(atspi(env, ["read", "Chromium", "entry", "Name"])?.["text"] ?? "").endsWith(` Ada${run}`) &&
    atspi(env, ["read", "Chromium", "spin button", "Quantity"])?.["text"] === String(3 + run) &&
    (atspi(env, ["read", "Chromium", "check box", "Subscribe"])?.["states"] ?? []).includes("checked") &&
    (atspi(env, ["read", "Chromium", "radio button", "Medium"])?.["states"] ?? []).includes("checked")
}

const chooseFromMenu: Task = {
  name: "open a menu and choose an item (Chromium, the page's Color select)",
  script: async ({ agent, strategy, view, run }) => {
    await strategy.locate(agent, view, PAGE, "combobox", "Color")
    await agent.call("click", { ref_id: view.find("combobox", "Color").ref_id })
    await strategy.opened(agent, view, "Chromium")
    await agent.call("click", { ref_id: view.find("menuitem", COLORS[run]!).ref_id })
    await strategy.after(agent, view, PAGE)
  },
  check: async ({ env, run }) => pageTitle(env).includes(`change color=${COLORS[run]}`)
}

const ROWS = { app: "rows" }

const clickRow: Task = {
  name: "find and click a row in a 2,000-row table (GTK 3 rows:2000)",
  script: async ({ agent, strategy, view, run }) => {
    const name = `check ${1234 + run}`
    await strategy.locate(agent, view, ROWS, "checkbox", name)
    await agent.call("toggle", { ref_id: view.find("checkbox", name).ref_id, state: "checked" })
    await strategy.after(agent, view, ROWS)
  },
  check: async (context) => (atspi(context.env, ["read-wide", "rows", "check box", `check ${1234 + context.run}`])?.["states"] ?? []).includes("checked")
}

const DIALOGS = { app: "standarddialogs" }

const GET_TEXT = "QInputDialog::getText()"

const dialogSetting: Task = {
  name: "change a setting in a dialog (Qt 5 QInputDialog::getText)",
  reset: async ({ agent }) => {
    // A dialog an earlier run left open is cancelled.
    const windows = (await agent.call("list", { what: "windows", app: "standarddialogs" })).data as ReadonlyArray<{ id: string; title: string }>
    for (const window of windows.filter((candidate) => candidate.title === GET_TEXT)) {
      const open = await agent.call("snapshot", { window_id: window.id })
      const cancel = JSON.stringify(open.data).match(/"ref_id":"(@[^"]+)","role":"button","name":"Cancel"/)
      if (cancel) await agent.call("click", { ref_id: cancel[1] })
    }
  },
  script: async ({ agent, strategy, view, run }) => {
    await strategy.locate(agent, view, DIALOGS, "button", GET_TEXT)
    await agent.call("click", { ref_id: view.find("button", GET_TEXT).ref_id })
    // The dialog comes up after the click has returned: every strategy waits for it the same way.
    await agent.call("wait", { window: GET_TEXT, app: "standarddialogs", timeout: 10_000 })
    const dialog = await strategy.opened(agent, view, "standarddialogs")
    await agent.call("set_value", { ref_id: view.find("textfield", "User name:").ref_id, value: `bench ${run}` })
    await strategy.after(agent, view, dialog === undefined ? DIALOGS : { window_id: dialog })
    await agent.call("click", { ref_id: view.find("button", "OK").ref_id })
    await strategy.after(agent, view, DIALOGS)
  },
  check: async (context) => atspi(context.env, ["read", "standarddialogs", "label", `bench ${context.run}`]) !== undefined
}

const CALC = { app: "calculator" }
const SUMS = [["7", "8", "15"], ["6", "9", "15"], ["9", "4", "13"]] as const

const readValue: Task = {
  name: "read a value after an action (Qt 5 calculator: a + b =)",
  reset: async ({ agent, strategy, view }) => {
    await strategy.first(agent, view, CALC)
    await agent.call("click", { ref_id: view.find("button", "Clear All").ref_id })
  },
  script: async ({ agent, strategy, view, run }) => {
    const [a, b, sum] = SUMS[run]!
    await strategy.first(agent, view, CALC)
    for (const key of [a, "+", b]) {
      await agent.call("click", { ref_id: view.find("button", key).ref_id })
      await strategy.after(agent, view, CALC)
    }
    await agent.call("click", { ref_id: view.find("button", "=").ref_id })
    await strategy.settled(agent, view, CALC)
    const shown = view.find("textfield", () => true).value
    if (shown !== sum) throw new Error(`the agent read ${String(shown)}, not ${sum}`)
  },
  check: async (context) => atspi(context.env, ["read", "calculator", "text", ""])?.["text"] === SUMS[context.run]![2]
}

/** The five tasks, then the first two on a tiny window (where the first look is most of the bill). */
export const TASKS: ReadonlyArray<Task> = [fillForm, chooseFromMenu, clickRow, dialogSetting, readValue, fillTinyForm, chooseFromTinyMenu]
