// Validates wave's structured output against the generated JSON Schemas (ajv, draft 2020-12), the same files a
// consumer would use.
import { createRequire } from "node:module"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import type { ErrorObject } from "ajv"
import { expect } from "vitest"

const require = createRequire(import.meta.url)
const Ajv2020 = require("ajv/dist/2020.js") as new (options: object) => {
  compile: (schema: object) => ((data: unknown) => boolean) & { errors?: Array<ErrorObject> | null }
}
const schemaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../contracts/schemas/wave")
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(schemaDir, `${name}.schema.json`), "utf8"))

const ajv = new Ajv2020({ strict: true, allErrors: true })
const eventValidator = ajv.compile(load("stream-event"))
const resultValidator = ajv.compile(load("result"))

export const expectValidEvent = (line: unknown): void => {
  const ok = eventValidator(line)
  expect(ok, `invalid stream event ${JSON.stringify(line)}: ${JSON.stringify(eventValidator.errors?.slice(0, 3))}`).toBe(true)
}

export const expectValidResult = (result: unknown): void => {
  const ok = resultValidator(result)
  expect(ok, `invalid result ${JSON.stringify(result)}: ${JSON.stringify(resultValidator.errors?.slice(0, 3))}`).toBe(true)
}

/** Every line validates; line numbers (seq) run 1..n; the last line is the result. */
export const expectValidStream = (lines: ReadonlyArray<Record<string, any>>): void => {
  lines.forEach((line, index) => {
    expectValidEvent(line)
    expect(line["seq"]).toBe(index + 1)
  })
  expect(lines[lines.length - 1]?.["type"]).toBe("result")
  expectValidResult(lines[lines.length - 1])
}
