// Every spelling of what one simple command runs: its words as written, then the command inside each wrapper
// (`timeout 5 touch x` → `touch x`), and the command lines it hands to a shell (`sh -c`, `eval`, `su -c`, `watch`,
// a here-document fed to `sh`) as scripts of their own. A deny rule is matched against all of them.
import { programName, SHELL_VALUED, SHELLS, SOURCING, STDIN_FILES, type Wrapper, WRAPPERS } from "./commandRunners.js"
import { parseShell } from "./parseShell.js"
import type { Redirect, ShellScript, Word } from "./ShellScript.js"
import { wordsText } from "./ShellScript.js"

export interface CommandViews {
  /** The words as written (assignments excluded), then each unwrapped command. */
  readonly views: ReadonlyArray<ReadonlyArray<Word>>
  /** Command lines this command runs through a shell. */
  readonly scripts: ReadonlyArray<ShellScript>
  /** Why what it runs is only known at run time (an expanded command word, `eval "$x"`, a shell reading stdin). */
  readonly unknowable: string | undefined
}

interface Options {
  /** Index of the first argument after the options. */
  readonly rest: number
  /** The value of a script option (`-c CMD`), when one was given. */
  readonly script: Word | undefined
  readonly inert: boolean
}

/** Reads `words[from…]` as options of a program: which take values, which hold a script, where they end. */
const readOptions = (words: ReadonlyArray<Word>, from: number, wrapper: Wrapper): Options => {
  let index = from
  let script: Word | undefined
  let inert = false
  const valued = new Set(wrapper.valued ?? [])
  const scripts = new Set(wrapper.script ?? [])
  const inerts = new Set(wrapper.inert ?? [])
  while (index < words.length) {
    const arg = words[index]!.value
    if (arg === "--") return { rest: index + 1, script, inert }
    if (!arg.startsWith("-") || arg === "-" || /^-\d+$/.test(arg)) {
      if (/^-\d+$/.test(arg)) {
        index++
        continue
      }
      return { rest: index, script, inert }
    }
    index++
    if (arg.startsWith("--")) {
      const name = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg
      if (inerts.has(name)) inert = true
      if (arg.includes("=")) {
        if (scripts.has(name)) script = { value: arg.slice(arg.indexOf("=") + 1), literal: words[index - 1]!.literal }
        continue
      }
      if (scripts.has(name)) script = words[index++]
      else if (valued.has(name)) index++
      continue
    }
    // A cluster of short options: the first that takes a value takes the rest of the cluster or the next word.
    for (let k = 1; k < arg.length; k++) {
      const option = `-${arg[k]}`
      if (inerts.has(option)) inert = true
      if (scripts.has(option) || valued.has(option)) {
        const attached = arg.slice(k + 1)
        const value = attached.length > 0 ? { value: attached, literal: words[index - 1]!.literal } : words[index++]
        if (scripts.has(option)) script = value
        break
      }
    }
  }
  return { rest: index, script, inert }
}

/** A shell's command line: `-c SCRIPT` (in any option cluster), else a here-document or here-string on stdin. */
const shellScript = (words: ReadonlyArray<Word>, redirects: ReadonlyArray<Redirect>): { script?: Word; stdin?: boolean; file?: Word } => {
  let hasC = false
  let index = 1
  while (index < words.length) {
    const arg = words[index]!.value
    if (arg === "--" || arg === "-") {
      index++
      break
    }
    if (!/^[-+]/.test(arg)) break
    index++
    if (SHELL_VALUED.has(arg)) index++
    else if (/^-[A-Za-z]*c[A-Za-z]*$/.test(arg)) hasC = true
  }
  if (hasC) return words[index] === undefined ? {} : { script: words[index]! }
  if (index < words.length && !words.slice(1).some((word) => word.value === "-s")) return { file: words[index]! }
  const fed = redirects.find((redirect) => redirect.op === "<<" || redirect.op === "<<-" || redirect.op === "<<<")
  if (fed !== undefined) {
    return fed.op === "<<<"
      ? (fed.target === undefined ? { stdin: true } : { script: fed.target })
      : { script: { value: fed.body ?? "", literal: true } }
  }
  return { stdin: true }
}

/** `find … -exec CMD … ;` (and -execdir, -ok, -okdir): each command it runs. */
const findCommands = (words: ReadonlyArray<Word>): Array<ReadonlyArray<Word>> => {
  const found: Array<ReadonlyArray<Word>> = []
  for (let index = 1; index < words.length; index++) {
    if (!["-exec", "-execdir", "-ok", "-okdir"].includes(words[index]!.value)) continue
    const start = index + 1
    let end = start
    while (end < words.length && words[end]!.value !== ";" && words[end]!.value !== "+") end++
    found.push(words.slice(start, end))
    index = end
  }
  return found
}

export const commandViews = (words: ReadonlyArray<Word>, redirects: ReadonlyArray<Redirect> = []): CommandViews => {
  const views: Array<ReadonlyArray<Word>> = []
  const scripts: Array<ShellScript> = []
  let unknowable: string | undefined
  const scriptOf = (word: Word | undefined, what: string) => {
    if (word === undefined) return
    if (!word.literal) unknowable ??= `${what} is only known when it runs`
    scripts.push(parseShell(word.value))
  }
  const queue: Array<{ words: ReadonlyArray<Word>; redirects: ReadonlyArray<Redirect> }> = [{ words, redirects }]
  while (queue.length > 0 && views.length < 32) {
    const current = queue.shift()!
    const command = current.words
    if (command.length === 0) continue
    views.push(command)
    const first = command[0]!
    if (!first.literal) {
      unknowable ??= `its command word (${first.value}) is only known when it runs`
      continue
    }
    const name = programName(first.value)
    if (SHELLS.has(name) || SOURCING.has(name)) {
      const { script, stdin, file } = SOURCING.has(name) ? { file: command[1] } : shellScript(command, current.redirects)
      if (stdin === true || (file !== undefined && STDIN_FILES.test(file.value))) unknowable ??= `${name} reads its commands from stdin`
      if (file !== undefined && !file.literal) unknowable ??= `the file ${name} reads its commands from (${file.value}) is only known when it runs`
      scriptOf(script, `the script given to ${name}`)
      continue
    }
    if (name === "alias" && command.slice(1).some((word) => word.value.includes("="))) {
      // A later command word may be this alias (dash expands aliases in scripts too).
      unknowable ??= "it defines an alias, so a later command word may stand for another command"
      continue
    }
    if (name === "eval") {
      const args = command.slice(1)
      scriptOf({ value: wordsText(args), literal: args.every((word) => word.literal) }, "the command line given to eval")
      continue
    }
    if (name === "find") {
      for (const inner of findCommands(command)) queue.push({ words: inner, redirects: [] })
      continue
    }
    const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name]! : undefined
    if (wrapper === undefined) continue
    const options = readOptions(command, 1, wrapper)
    if (options.inert) continue
    scriptOf(options.script, `the command line given to ${name}`)
    if (wrapper.scriptOnly === true) {
      // `su root -c CMD`: the script option may follow the positional arguments.
      if (options.script === undefined) {
        for (let index = options.rest; index < command.length; index++) {
          const later = readOptions(command, index, wrapper)
          if (later.script !== undefined) {
            scriptOf(later.script, `the command line given to ${name}`)
            break
          }
        }
      }
      continue
    }
    let rest = options.rest + (wrapper.fixed ?? 0)
    if (wrapper.assignments === true) while (rest < command.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(command[rest]!.value)) rest++
    const inner = command.slice(rest)
    if (wrapper.joined === true) {
      const line = wrapper.firstOnly === true ? inner.slice(0, 1) : inner
      if (line.length > 0) scriptOf({ value: wordsText(line), literal: line.every((word) => word.literal) }, `the command line given to ${name}`)
      continue
    }
    queue.push({ words: inner, redirects: current.redirects })
  }
  return { views, scripts, unknowable }
}
