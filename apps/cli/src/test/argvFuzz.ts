import fc from "fast-check"
import { COMMAND_NAMES, COMMANDS, GLOBAL_FLAGS } from "../parser/CommandTable.js"

const flagsOf = (command: string) => Object.keys(COMMANDS[command]!.flags).map((flag) => `--${flag}`)
const globalFlags = Object.keys(GLOBAL_FLAGS).map((flag) => `--${flag}`)

/** Tokens an agent (or a typo) might produce: refs, numbers, selectors, garbage. Never --help/--version. */
const value = fc.oneof(
  fc.constantFrom("@e1", "@s0abc:e1", "@s8f3k2p9:e99", "@", ":e1", "s0abc", "-1", "0", "42", "1.5", "x,y", "10,20", "=", "", "button:OK", "2.1", "9.9", "start", "list", "end", "gc", "show", "export", "get", "path", "ctrl+q", "shift+a", "--", "-", "-i", "-w", "-v"),
  fc.string({ maxLength: 12 }).filter((s) => !/^-(-help|-version|h|V)$/.test(s))
)

/** Something the parser or the command must reject, inserted into every vector. */
const corruption = fc.oneof(
  fc.constantFrom("--no-such-flag", "--max-depth=deep", "--timeout-ms=-5", "--contract=0.9", "-Z", "--wait-timeout=1"),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => `--zz-${s.replace(/[=\s]/g, "")}`)
)

/** A command-shaped vector (command, flags of that command or global ones, values) with one corruption in it. */
export const argvArbitrary: fc.Arbitrary<Array<string>> = fc
  .constantFrom(...COMMAND_NAMES, "frobnicate", "")
  .chain((command) => {
    const flag = command in COMMANDS ? fc.constantFrom(...flagsOf(command), ...globalFlags) : fc.constantFrom(...globalFlags)
    const token = fc.oneof(flag, value)
    return fc.tuple(fc.array(token, { maxLength: 6 }), corruption, fc.nat()).map(([tokens, bad, at]) => {
      const vector = command === "" ? [...tokens] : [command, ...tokens]
      vector.splice(at % (vector.length + 1), 0, bad)
      return vector
    })
  })
