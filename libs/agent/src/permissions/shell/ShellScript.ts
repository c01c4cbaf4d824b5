// What the permission gate knows about a shell command line: the simple commands it runs (every part of a list,
// pipeline, subshell, `if`/`while` body, and every command substitution inside a word or a here-document), each with
// its words after quote removal, its leading assignments and its redirections.

/** One word after quote removal. */
export interface Word {
  /** The text the command receives when `literal`; otherwise the text as written (`$HOME`, `$(id)`, `*.txt`). */
  readonly value: string
  /** False when the shell changes the word when it runs: parameter, command or arithmetic expansion, globs, braces. */
  readonly literal: boolean
}

export interface Redirect {
  /** `>`, `>>`, `>|`, `<`, `<>`, `<&`, `>&`, `&>`, `&>>`, `<<`, `<<-`, `<<<`. */
  readonly op: string
  /** The descriptor written before the operator (`2` in `2>`), when there is one. */
  readonly fd: string | undefined
  /** The file, descriptor or delimiter after the operator. */
  readonly target: Word | undefined
  /** A here-document's body. */
  readonly body?: string
}

export interface SimpleCommand {
  /** `NAME=value` words before the command word. */
  readonly assignments: ReadonlyArray<Word>
  /** The command word and its arguments (reserved words such as `if`, `then`, `!` are not part of it). */
  readonly words: ReadonlyArray<Word>
  readonly redirects: ReadonlyArray<Redirect>
}

export interface ShellScript {
  /** Every simple command the line can run, command substitutions' included, in no particular order. */
  readonly commands: ReadonlyArray<SimpleCommand>
  /** Why the line could not be read completely (unterminated quote, `case`, unbalanced parentheses), if so. */
  readonly opaque: string | undefined
}

export const literalWord = (value: string): Word => ({ value, literal: true })

export const wordsText = (words: ReadonlyArray<Word>): string => words.map((word) => word.value).join(" ")
