export interface Case {
  readonly name: string
  /** Arguments of `executable` (default: this Node). */
  readonly argv: ReadonlyArray<string>
  readonly executable?: string
  readonly expectExit: number
}

export const median = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** A plain-text table: case, median ms, ratio against the baseline case. */
export const ratioTable = (rows: ReadonlyArray<{ readonly name: string; readonly ms: number }>, baseline: string): string => {
  const base = rows.find((row) => row.name === baseline)?.ms ?? Number.NaN
  const width = Math.max(...rows.map((row) => row.name.length), 4)
  const lines = [
    `${"case".padEnd(width)}  median ms  ratio`,
    ...rows.map((row) => `${row.name.padEnd(width)}  ${row.ms.toFixed(1).padStart(9)}  ${(row.ms / base).toFixed(2)}x`)
  ]
  return lines.join("\n")
}
