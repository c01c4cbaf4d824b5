// A shell command line as the simple commands it can run (ShellScript.ts). Lists (`;`, `&`, `&&`, `||`,
// newlines), pipelines (`|`, `|&`), subshells and `{ …; }` groups, `if`/`while`/`until`/`for` bodies, function bodies
// and every command substitution are read into their parts; reserved words are dropped; `case` (whose patterns
// use `)`) and unbalanced parentheses make the line opaque: the gate then treats it as unreadable.
import { Lexer, type Token } from "./lexShell.js"
import type { Redirect, ShellScript, SimpleCommand, Word } from "./ShellScript.js"

/** Reserved words that open or continue a compound command; the command proper starts after them. */
const LEADING = new Set(["if", "then", "elif", "else", "do", "while", "until", "!", "{", "time"])
/** Reserved words that close one; what follows them (redirections) belongs to no command of its own. */
const CLOSING = new Set(["fi", "done", "}", "esac"])
const SEPARATORS = new Set([";", "&", "&&", "||", "|", "|&", "\n", ";;", ";&", ";;&"])
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/

interface Collected {
  readonly commands: Array<SimpleCommand>
  opaque: string | undefined
}

class Builder {
  private assignments: Array<Word> = []
  private words: Array<Word> = []
  private redirects: Array<Redirect> = []
  /** After `for NAME` / `select NAME`: the loop's header words run nothing. */
  private header = false
  /** After `function`: the next word is the function's name. */
  private functionName = false

  constructor(private readonly out: Collected) {}

  word(token: Token & { kind: "word" }): void {
    const word = token.word
    if (this.header) return
    if (this.functionName) {
      this.functionName = false
      return
    }
    const atStart = this.words.length === 0 && this.assignments.length === 0
    if (atStart && word.literal && token.raw === word.value) {
      if (LEADING.has(word.value)) return
      if (CLOSING.has(word.value)) return
      if (word.value === "for" || word.value === "select") {
        this.header = true
        return
      }
      if (word.value === "function") {
        this.functionName = true
        return
      }
      if (word.value === "case") this.out.opaque ??= "it uses `case`, which this reader does not follow"
    }
    if (this.words.length === 0 && ASSIGNMENT.test(token.raw)) this.assignments.push(word)
    else this.words.push(word)
  }

  redirect(redirect: Redirect): void {
    this.redirects.push(redirect)
  }

  /** `name()`: a function definition; its body follows as ordinary commands. */
  dropFunctionName(): void {
    this.words = []
    this.assignments = []
  }

  get hasWords(): boolean {
    return this.words.length > 0
  }

  end(): void {
    this.header = false
    if (this.words.length > 0 || this.assignments.length > 0 || this.redirects.length > 0) {
      this.out.commands.push({ assignments: this.assignments, words: this.words, redirects: this.redirects })
    }
    this.assignments = []
    this.words = []
    this.redirects = []
  }
}

const readTokens = (tokens: ReadonlyArray<Token>, out: Collected): void => {
  const builder = new Builder(out)
  let depth = 0
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!
    if (token.kind === "word") builder.word(token)
    else if (token.kind === "redirect") {
      const next = tokens[index + 1]
      if (next?.kind !== "word") {
        out.opaque ??= `a redirection (${token.op}) has no target`
        continue
      }
      index++
      builder.redirect({ op: token.op, fd: token.fd, target: next.word, ...(token.body === undefined ? {} : { body: token.body }) })
    } else if (token.op === "(") {
      if (builder.hasWords && tokens[index + 1]?.kind === "op" && (tokens[index + 1] as { op: string }).op === ")") {
        builder.dropFunctionName()
        index++
        continue
      }
      if (builder.hasWords) out.opaque ??= "a parenthesis follows a word"
      builder.end()
      depth++
    } else if (token.op === ")") {
      builder.end()
      depth--
      if (depth < 0) out.opaque ??= "a parenthesis is not opened"
    } else if (SEPARATORS.has(token.op)) builder.end()
  }
  builder.end()
  if (depth > 0) out.opaque ??= "a parenthesis is not closed"
}

const collect = (src: string, out: Collected): void => {
  const sink = {
    tokens: (tokens: ReadonlyArray<Token>) => readTokens(tokens, out),
    script: (text: string) => collect(text, out),
    opaque: (reason: string) => {
      out.opaque ??= reason
    }
  }
  readTokens(new Lexer(src, 0, sink).lex(false), out)
}

/** The simple commands `src` can run, command substitutions included; `opaque` says why it could not be read fully. */
export const parseShell = (src: string): ShellScript => {
  const out: Collected = { commands: [], opaque: undefined }
  collect(src, out)
  return { commands: out.commands, opaque: out.opaque }
}
