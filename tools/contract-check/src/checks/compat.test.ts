import { describe, expect, it } from "vitest"
import { OPERATION_REPORT_COMMANDS } from "@agent-desktop/contracts"
import { checkCompatibility, committedCompatInput, compareVersions, type CompatInput, describeDifference } from "./compat.js"
import { dataSchemas } from "./schemaViews.js"

describe("compatibility gate", () => {
  it("orders versions numerically", () => {
    expect(["2.10", "2.6", "2.9", "3.0", "2.1"].sort(compareVersions)).toEqual(["2.1", "2.6", "2.9", "2.10", "3.0"])
  })

  it("finds only declared breaking differences between consecutive committed versions", () => {
    const report = checkCompatibility()
    expect(report.undeclared).toEqual([])
    const at = (to: string) =>
      report.breaking.filter((difference) => difference.to === to).map((difference) => difference.part.kind === "data" && difference.part.command)
    expect(at("2.5").sort()).toEqual([...Object.keys(OPERATION_REPORT_COMMANDS), "find"].sort())
    expect(at("2.3")).toEqual(["launch"])
    expect([...at("2.2"), ...at("2.4"), ...at("2.6")]).toEqual([])
  })

  // Make 2.6's `version` data drop its required `os`: a 2.5 consumer can no longer read it.
  const withUndeclaredBreak = (declare: boolean): CompatInput => {
    const committed = committedCompatInput()
    const schema = structuredClone(committed.schemas["2.6"])
    const version = dataSchemas(schema).get("version") as { required: Array<string>; properties: Record<string, unknown> }
    version.required = version.required.filter((name) => name !== "os")
    version.properties["os"] = { type: "integer" }
    const changes = declare
      ? [...committed.changes["2.6"], { id: "version-os", description: "os is now a number", breaking: true, commands: ["version"] }]
      : committed.changes["2.6"]
    return {
      schemas: { ...committed.schemas, "2.6": schema },
      changes: { ...committed.changes, "2.6": changes },
      versions: ["2.6", "2.5"]
    }
  }

  it("fails on a breaking difference that the version's change list does not declare", () => {
    const report = checkCompatibility(withUndeclaredBreak(false))
    expect(report.undeclared).toEqual([
      {
        from: "2.5",
        to: "2.6",
        part: { kind: "data", command: "version" },
        declaredBy: undefined,
        reasons: [
          "/os: required -> optional breaks consumers reading it",
          "/os: type string -> integer breaks consumers that parse it as string"
        ]
      }
    ])
    expect(describeDifference(report.undeclared[0]!)).toBe(
      "2.6 version data (from 2.5): /os: required -> optional breaks consumers reading it; /os: type string -> integer breaks consumers that parse it as string"
    )
  })

  it("passes the same difference once a breaking change declares it", () => {
    const report = checkCompatibility(withUndeclaredBreak(true))
    expect(report.undeclared).toEqual([])
    expect(report.breaking.map(({ reasons: _reasons, ...rest }) => rest)).toEqual([
      { from: "2.5", to: "2.6", part: { kind: "data", command: "version" }, declaredBy: "version-os" }
    ])
  })
})
