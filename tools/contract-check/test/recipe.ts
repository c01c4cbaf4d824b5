// The fenced blocks of contracts/README.md that its consumer recipe consists of, each after a
// `<!-- recipe: NAME -->` line, so the tests run the README's own commands. The fence's info string may say more
// after `bash` (the docs test reads `covered-by:` there and leaves these blocks to this test).
import * as fs from "node:fs"
import * as path from "node:path"
import { contractsRoot } from "@agent-desktop/contracts"

export const recipeBlock = (name: string, readme = fs.readFileSync(path.join(contractsRoot(), "README.md"), "utf8")): string => {
  const match = new RegExp(`<!-- recipe: ${name} -->\\n\`\`\`bash(?: [^\\n]*)?\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(readme)
  if (match === null) throw new Error(`contracts/README.md has no recipe block ${name}`)
  return match[1]!
}

/** The contract version the consumer recipe pins (`export AGENT_DESKTOP_CONTRACT=...`). */
export const recipePinnedVersion = (): string => {
  const match = /^export AGENT_DESKTOP_CONTRACT=(\S+)$/m.exec(recipeBlock("consumer"))
  if (match === null) throw new Error("the consumer recipe pins no contract version")
  return match[1]!
}
