// `--system-prompt-file` / `--append-system-prompt-file`: read relative to the working directory before the run, so
// a missing file is an argument error (D4), not a silent empty prompt.
import * as fs from "node:fs"
import * as path from "node:path"

export const readPromptFile = (file: string, cwd: string, flag: string): { text: string } | { error: string } => {
  try {
    return { text: fs.readFileSync(path.resolve(cwd, file), "utf8") }
  } catch (error) {
    return { error: `${flag} ${file}: ${(error as Error).message}` }
  }
}
