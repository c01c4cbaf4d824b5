// The shell blocks of the repository's READMEs work when pasted: every fenced `sh`/`bash`/`shell`/`console` block
// of every tracked Markdown file runs here (bash -e, from the repository root, with a private HOME and state root),
// unless its info string says why it cannot:
//   ```bash desktop             needs a running desktop with the apps it names (a transcript of a real session)
//   ```bash network             needs a server or service this machine does not have (PostgreSQL, a model API)
//   ```bash needs:PROGRAM       needs PROGRAM on PATH (e.g. Claude Code); runs where it is installed
//   ```bash covered-by:PATH     another test (PATH, which must exist) runs these very commands
//   ```bash serves              the last command is a server: it must print a first line, then is stopped
// An unknown word fails, so a typo never skips a block silently.
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const SHELLS = new Set(["sh", "bash", "shell", "console"])

interface Block {
  readonly file: string
  readonly line: number
  readonly words: ReadonlyArray<string>
  readonly text: string
}

const markdownFiles = (): Array<string> =>
  execFileSync("git", ["ls-files", "-z", "*.md"], { cwd: REPO, encoding: "utf8" }).split("\0").filter((file) => file !== "")

const blocksOf = (file: string): Array<Block> => {
  const lines = fs.readFileSync(path.join(REPO, file), "utf8").split("\n")
  const blocks: Array<Block> = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*```(\S+)\s*(.*)$/.exec(lines[i]!)
    if (open === null) continue
    const start = i
    const body: Array<string> = []
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!)
    if (SHELLS.has(open[1]!)) blocks.push({ file, line: start + 1, words: open[2]!.split(/\s+/).filter(Boolean), text: body.join("\n") })
  }
  return blocks
}

type Plan = { readonly run: false; readonly why: string } | { readonly run: true; readonly serves: boolean }

const onPath = (program: string): boolean =>
  (process.env["PATH"] ?? "").split(":").some((dir) => dir !== "" && fs.existsSync(path.join(dir, program)))

const planOf = (block: Block): Plan => {
  let serves = false
  for (const word of block.words) {
    if (word === "desktop" || word === "network") return { run: false, why: word }
    if (word === "serves") serves = true
    else if (word.startsWith("needs:")) {
      if (!onPath(word.slice(6))) return { run: false, why: `${word.slice(6)} is not installed` }
    } else if (word.startsWith("covered-by:")) {
      const covering = word.slice("covered-by:".length)
      if (!fs.existsSync(path.join(REPO, covering))) throw new Error(`${block.file}:${block.line}: covered-by names a file that does not exist: ${covering}`)
      return { run: false, why: `run by ${covering}` }
    } else throw new Error(`${block.file}:${block.line}: unknown word in the info string: ${word}`)
  }
  return { run: true, serves }
}

/** A private HOME, state root and pack folder, and no warm host: a block leaves nothing behind outside them. */
const environment = (scratch: string): NodeJS.ProcessEnv => ({
  ...process.env,
  HOME: scratch,
  AGENT_DESKTOP_HOME: path.join(scratch, "state"),
  AGENT_DESKTOP_HOST: "off",
  PACKS: path.join(scratch, "packs"),
  npm_config_cache: process.env["npm_config_cache"] ?? path.join(os.homedir(), ".npm")
})

/** Desktops a block started with `--state DIR` are stopped whatever happened, by the tool's own `stop` (by PID). */
const stopDesktops = (block: Block, env: NodeJS.ProcessEnv): void => {
  for (const found of block.text.matchAll(/main\.js start --state (\S+)/g)) {
    const state = path.resolve(REPO, found[1]!)
    if (fs.existsSync(state)) {
      execFileSync(process.execPath, ["tools/desktop/dist/main.js", "stop", "--state", state], { cwd: REPO, env, stdio: "ignore" })
      fs.rmSync(state, { recursive: true, force: true })
    }
  }
}

const runBlock = (block: Block, serves: boolean, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn("bash", ["-e", "-o", "pipefail", "-c", block.text], { cwd: REPO, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let stopped = false
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      if (serves && !stopped && stdout.includes("\n")) {
        stopped = true
        process.kill(-child.pid!, "SIGTERM")
      }
    })
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("close", (code) => resolve({ code: serves && stopped ? 0 : code, stdout, stderr }))
  })

const blocks = markdownFiles().flatMap(blocksOf)

describe("the READMEs' shell blocks", () => {
  it("are found, and every one says whether it runs here", () => {
    expect(blocks.length).toBeGreaterThan(8)
    for (const block of blocks) planOf(block)
  })

  for (const block of blocks) {
    const plan = planOf(block)
    const name = `${block.file}:${block.line}`
    if (!plan.run) {
      it.skip(`${name} (${plan.why})`, () => {})
      continue
    }
    it(name, async () => {
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "readme-block-"))
      const env = environment(scratch)
      fs.mkdirSync(env["PACKS"]!)
      try {
        const result = await runBlock(block, plan.serves, env)
        expect(result.code, `${name}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`).toBe(0)
        if (plan.serves) expect(result.stdout.split("\n")[0]).not.toBe("")
      } finally {
        stopDesktops(block, env)
        fs.rmSync(scratch, { recursive: true, force: true })
      }
    }, 300_000)
  }
})
