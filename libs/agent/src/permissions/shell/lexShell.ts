// The tokens of a POSIX shell command line (with the bash forms an agent writes: `&>`, `|&`, `<<<`, `$'…'`,
// process substitution), as far as a permission check needs them: words after quote removal, control operators,
// redirections with their descriptor, here-document bodies. Command substitutions (`$(…)`, backticks, `<(…)`,
// inside double quotes, `${…}`, `$((…))` and unquoted here-documents too) are handed to the sink as scripts of their
// own, so the commands they run are judged like any other part of the line.
import type { Word } from "./ShellScript.js"

export type Token =
  | { readonly kind: "word"; readonly word: Word; readonly raw: string; readonly start: number; readonly end: number }
  | { readonly kind: "op"; readonly op: string }
  | { readonly kind: "redirect"; readonly op: string; readonly fd: string | undefined; body?: string }

/** Where the lexer puts what it finds inside words. */
export interface LexSink {
  /** The tokens of a `$(…)` / `<(…)` substitution. */
  readonly tokens: (tokens: ReadonlyArray<Token>) => void
  /** The text of a backtick substitution, to be read as a script of its own. */
  readonly script: (text: string) => void
  readonly opaque: (reason: string) => void
}

const CONTROL = [";;&", ";;", ";&", "&&", "||", "|&", "|", "&", ";", "(", ")"]
const REDIRECTS = ["&>>", "&>", "<<<", "<<-", "<<", "<&", "<>", "<", ">>", ">|", ">&", ">"]
const BREAK = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")", "<", ">"])

interface PendingHeredoc {
  readonly token: Token & { kind: "redirect" }
  readonly delimiter: string
  readonly quoted: boolean
  readonly stripTabs: boolean
}

export class Lexer {
  private i: number
  private readonly heredocs: Array<PendingHeredoc> = []

  constructor(private readonly src: string, start: number, private readonly sink: LexSink) {
    this.i = start
  }

  get position(): number {
    return this.i
  }

  /** Tokens up to the end, or (untilParen) up to the `)` closing a substitution, which is left unread. */
  lex(untilParen: boolean): Array<Token> {
    const tokens: Array<Token> = []
    let depth = 0
    let awaitingDelimiter: { token: Token & { kind: "redirect" }; stripTabs: boolean } | undefined
    const src = this.src
    while (this.i < src.length) {
      const c = src[this.i]!
      if (c === " " || c === "\t") {
        this.i++
        continue
      }
      if (c === "\\" && src[this.i + 1] === "\n") {
        this.i += 2
        continue
      }
      if (c === "#") {
        while (this.i < src.length && src[this.i] !== "\n") this.i++
        continue
      }
      if (c === "\n") {
        tokens.push({ kind: "op", op: "\n" })
        this.i++
        this.readHeredocBodies()
        continue
      }
      if ((c === "<" || c === ">") && src[this.i + 1] !== "(") {
        const op = REDIRECTS.find((candidate) => src.startsWith(candidate, this.i))!
        const previous = tokens[tokens.length - 1]
        let fd: string | undefined
        if (previous?.kind === "word" && previous.end === this.i && /^(\d+|\{[A-Za-z_]\w*\})$/.test(previous.raw)) {
          tokens.pop()
          fd = previous.raw
        }
        const token: Token & { kind: "redirect" } = { kind: "redirect", op, fd }
        tokens.push(token)
        this.i += op.length
        if (op === "<<" || op === "<<-") awaitingDelimiter = { token, stripTabs: op === "<<-" }
        continue
      }
      if (c === "&" && src[this.i + 1] === ">") {
        const op = src.startsWith("&>>", this.i) ? "&>>" : "&>"
        tokens.push({ kind: "redirect", op, fd: undefined })
        this.i += op.length
        continue
      }
      if (BREAK.has(c) && !(c === "<" || c === ">")) {
        const op = CONTROL.find((candidate) => src.startsWith(candidate, this.i))!
        if (op === ")" && untilParen && depth === 0) return tokens
        if (op === "(") depth++
        if (op === ")") depth--
        tokens.push({ kind: "op", op })
        this.i += op.length
        continue
      }
      const word = this.word()
      tokens.push(word)
      if (awaitingDelimiter !== undefined) {
        this.heredocs.push({
          token: awaitingDelimiter.token,
          delimiter: word.word.value,
          quoted: /['"\\]/.test(word.raw),
          stripTabs: awaitingDelimiter.stripTabs
        })
        awaitingDelimiter = undefined
      }
    }
    if (untilParen) this.sink.opaque("a substitution is not closed")
    if (this.heredocs.length > 0) this.readHeredocBodies()
    return tokens
  }

  /** After a newline: the bodies of the here-documents opened on that line, in order. */
  private readHeredocBodies(): void {
    for (const heredoc of this.heredocs.splice(0)) {
      const lines: Array<string> = []
      let closed = false
      while (this.i < this.src.length) {
        const end = this.src.indexOf("\n", this.i)
        const line = this.src.slice(this.i, end === -1 ? this.src.length : end)
        this.i = end === -1 ? this.src.length : end + 1
        if ((heredoc.stripTabs ? line.replace(/^\t+/, "") : line) === heredoc.delimiter) {
          closed = true
          break
        }
        lines.push(line)
      }
      if (!closed && this.src.length > 0) this.sink.opaque(`the here-document ${heredoc.delimiter} is not closed`)
      const body = lines.join("\n")
      heredoc.token.body = body
      // An unquoted delimiter expands the body: its substitutions run.
      if (!heredoc.quoted) new Lexer(body, 0, this.sink).expansions(undefined)
    }
  }

  private word(): Token & { kind: "word" } {
    const src = this.src
    const start = this.i
    let value = ""
    let literal = true
    let braces = false
    while (this.i < src.length) {
      const c = src[this.i]!
      if ((c === "<" || c === ">") && src[this.i + 1] === "(") {
        // Process substitution: a command whose output (or input) is a file name.
        const from = this.i
        this.i += 2
        this.substitution()
        value += src.slice(from, this.i)
        literal = false
        continue
      }
      if (BREAK.has(c)) break
      if (c === "\\") {
        if (src[this.i + 1] === "\n") this.i += 2
        else {
          value += src[this.i + 1] ?? ""
          this.i += 2
        }
        continue
      }
      if (c === "'") {
        const close = src.indexOf("'", this.i + 1)
        if (close === -1) {
          this.sink.opaque("a quote is not closed")
          value += src.slice(this.i + 1)
          this.i = src.length
          break
        }
        value += src.slice(this.i + 1, close)
        this.i = close + 1
        continue
      }
      if (c === '"') {
        this.i++
        const from = this.i
        const expanded = this.expansions('"')
        value += src.slice(from, this.i - 1)
        if (expanded) literal = false
        continue
      }
      if (c === "`" || c === "$") {
        const from = this.i
        if (this.dollarOrBacktick()) {
          value += src.slice(from, this.i)
          literal = false
        } else {
          value += c
          this.i++
        }
        continue
      }
      if (c === "*" || c === "?" || c === "[") literal = false
      if (c === "{") braces = true
      if (braces && (c === "," || src.startsWith("..", this.i))) literal = false
      value += c
      this.i++
    }
    return { kind: "word", word: { value, literal }, raw: src.slice(start, this.i), start, end: this.i }
  }

  /**
   * Reads double-quoted text up to `close` (after it), or to the end when `close` is undefined (a here-document body),
   * handing its substitutions to the sink; answers whether anything in it expands.
   */
  expansions(close: string | undefined): boolean {
    const src = this.src
    let expanded = false
    while (this.i < src.length) {
      const c = src[this.i]!
      if (c === close) {
        this.i++
        return expanded
      }
      if (c === "\\") {
        this.i += 2
        continue
      }
      if ((c === "$" || c === "`") && this.dollarOrBacktick()) {
        expanded = true
        continue
      }
      this.i++
    }
    if (close !== undefined) this.sink.opaque("a quote is not closed")
    return expanded
  }

  /** At `$` or a backtick: reads an expansion and answers true, or answers false for a plain `$`. */
  private dollarOrBacktick(): boolean {
    const src = this.src
    const c = src[this.i]!
    if (c === "`") {
      let text = ""
      let j = this.i + 1
      for (; j < src.length && src[j] !== "`"; j++) {
        if (src[j] === "\\" && (src[j + 1] === "`" || src[j + 1] === "\\" || src[j + 1] === "$")) text += src[++j]
        else text += src[j]
      }
      if (j >= src.length) this.sink.opaque("a backtick substitution is not closed")
      this.i = j + 1
      this.sink.script(text)
      return true
    }
    const next = src[this.i + 1]
    if (next === "(" && src[this.i + 2] === "(") {
      this.i += 3
      this.balanced("(", ")", 2)
      return true
    }
    if (next === "(") {
      this.i += 2
      this.substitution()
      return true
    }
    if (next === "{") {
      this.i += 2
      this.balanced("{", "}", 1)
      return true
    }
    if (next === "'") {
      // $'…' (ANSI-C quoting): escapes decide its value, so it is never taken as literal.
      let j = this.i + 2
      for (; j < src.length && src[j] !== "'"; j++) if (src[j] === "\\") j++
      if (j >= src.length) this.sink.opaque("a quote is not closed")
      this.i = j + 1
      return true
    }
    if (next === '"') {
      this.i += 2
      this.expansions('"')
      return true
    }
    if (next !== undefined && /[A-Za-z_0-9@*#?$!-]/.test(next)) {
      this.i += 2
      if (/[A-Za-z_]/.test(next)) while (this.i < src.length && /\w/.test(src[this.i]!)) this.i++
      return true
    }
    return false
  }

  /** After `$(` or `<(`: the inner command line, handed to the sink, then the closing `)`. */
  private substitution(): void {
    const inner = new Lexer(this.src, this.i, this.sink)
    this.sink.tokens(inner.lex(true))
    this.i = inner.position + 1
  }

  /** Inside `${…}` or `$((…))`: up to the matching close, quotes honoured, substitutions handed to the sink. */
  private balanced(open: string, close: string, closeCount: number): void {
    const src = this.src
    let depth = 0
    while (this.i < src.length) {
      const c = src[this.i]!
      if (c === "\\") {
        this.i += 2
      } else if (c === "'") {
        const end = src.indexOf("'", this.i + 1)
        this.i = end === -1 ? src.length : end + 1
      } else if (c === '"') {
        this.i++
        this.expansions('"')
      } else if ((c === "$" || c === "`") && this.dollarOrBacktick()) {
        continue
      } else if (c === open) {
        depth++
        this.i++
      } else if (c === close) {
        if (depth === 0 && src.startsWith(close.repeat(closeCount), this.i)) {
          this.i += closeCount
          return
        }
        depth--
        this.i++
      } else {
        this.i++
      }
    }
    this.sink.opaque(`an expansion is not closed (${close.repeat(closeCount)})`)
  }
}
