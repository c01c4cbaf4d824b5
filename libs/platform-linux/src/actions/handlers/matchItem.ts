/** The item to select: the first whose name equals the value (trimmed, any case), else the first that contains it; -1 if none. */
export const matchItem = (names: ReadonlyArray<string>, value: string): number => {
  const wanted = value.trim().toLowerCase()
  const index = names.findIndex((name) => name.trim().toLowerCase() === wanted)
  return index >= 0 ? index : names.findIndex((name) => name.trim().toLowerCase().includes(wanted))
}
