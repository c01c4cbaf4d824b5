/** The value after `--name` on this process's command line, if given: the benchmarks' whole option parsing. */
export const argValue = (name: string): string | undefined => {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}
