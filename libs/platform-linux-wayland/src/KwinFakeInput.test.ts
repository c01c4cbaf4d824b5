import { assert, describe, it } from "@effect/vitest"
import type { WaylandAddon } from "./Addon.js"
import { KwinFakeInput } from "./KwinFakeInput.js"
import type { FakeInputDevice } from "./KwinHelper.js"
import { OutsideLayout } from "./OutsideLayout.js"

/**
 * A US-like keymap (xkb keycodes = evdev + 8): lowercase letters at level 1, uppercase at Shift's level. Only the
 * lookups KwinFakeInput makes; what the batches look like is this module's own logic.
 */
const KEYSYMS: Readonly<Record<string, number>> = { Shift_L: 0xffe1, Control_L: 0xffe3, Alt_L: 0xffe9, Super_L: 0xffeb, ISO_Level3_Shift: 0xfe03, Return: 0xff0d }
const KEYS = new Map<number, { keycode: number; mask: number }>([
  [0xffe1, { keycode: 50, mask: 0 }],
  [0xffe3, { keycode: 37, mask: 0 }],
  [0x68, { keycode: 43, mask: 0 }], // h
  [0x48, { keycode: 43, mask: 1 }], // H: Shift
  [0x69, { keycode: 31, mask: 0 }], // i
  [0x61, { keycode: 38, mask: 0 }], // a
  [0xff0d, { keycode: 36, mask: 0 }]
])
const addon = {
  keysymFromName: (name: string) => KEYSYMS[name] ?? (name.length === 1 ? name.codePointAt(0)! : 0),
  keysymFromChar: (code: number) => code,
  seatKeymapLookup: (keysym: number) => KEYS.get(keysym) ?? null
} as unknown as WaylandAddon

const recording = () => {
  const batches: Array<ReadonlyArray<string>> = []
  const device: FakeInputDevice = { send: async (ops) => void batches.push(ops) }
  return { batches, input: new KwinFakeInput(addon, device) }
}

describe("KwinFakeInput: one batch of ops per action", () => {
  it("types a level-2 character by holding Shift around its key, all in one batch", async () => {
    const { batches, input } = recording()
    await input.type("Hi")
    assert.deepStrictEqual(batches, [["k42,1", "k35,1", "k35,0", "k42,0", "k23,1", "k23,0"]])
  })

  it("a chord holds the modifiers around the key and releases them in reverse", async () => {
    const { batches, input } = recording()
    await input.pressKey("a", ["ctrl", "shift"])
    assert.deepStrictEqual(batches, [["k29,1", "k42,1", "k30,1", "k30,0", "k42,0", "k29,0"]])
  })

  it("text with a character outside the layout is refused whole, before anything is sent", () => {
    const { batches, input } = recording()
    const refused = (() => { try { void input.type("hé"); return undefined } catch (e) { return e } })()
    assert.instanceOf(refused, OutsideLayout)
    assert.deepStrictEqual((refused as OutsideLayout).characters, ["é"])
    assert.deepStrictEqual(batches, [])
  })

  it("a double click arrives beside the point then on it, with the helper keeping the press timings", async () => {
    const { batches, input } = recording()
    await input.click(100, 50, "left", 2)
    assert.deepStrictEqual(batches, [["m99,50", "m100,50", "b272,1", "w8", "b272,0", "w40", "b272,1", "w8", "b272,0"]])
  })

  it("a drag presses, moves in steps with its pauses, waits the drop delay and releases last", async () => {
    const { batches, input } = recording()
    await input.drag({ x: 0, y: 0 }, { x: 100, y: 20 }, 100, 50)
    const ops = batches[0]!
    assert.deepStrictEqual(ops.slice(0, 4), ["m1,0", "m0,0", "w8", "b272,1"])
    assert.deepStrictEqual(ops.filter((op) => op.startsWith("m")).slice(2), Array.from({ length: 10 }, (_, i) => `m${(i + 1) * 10},${(i + 1) * 2}`))
    assert.deepStrictEqual(ops.slice(-2), ["w50", "b272,0"])
  })

  it("wheel notches in the contract's signs (dy > 0 = up = negative axis steps)", async () => {
    const { batches, input } = recording()
    await input.wheel(10, 10, 0, 3)
    assert.deepStrictEqual(batches, [["m9,10", "m10,10", "a0,-3"]])
  })
})
