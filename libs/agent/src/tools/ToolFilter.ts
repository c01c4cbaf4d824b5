// --allowed-tools / --disallowed-tools: names separated by commas or spaces; disallowed wins.

export const parseToolList = (raw: string | undefined): ReadonlyArray<string> | undefined =>
  raw === undefined ? undefined : raw.split(/[\s,]+/).map((name) => name.trim()).filter((name) => name.length > 0)

export const filterTools = <T extends { readonly name: string }>(
  tools: ReadonlyArray<T>,
  options: { readonly allowed?: ReadonlyArray<string> | undefined; readonly disallowed?: ReadonlyArray<string> | undefined }
): Array<T> =>
  tools.filter((tool) =>
    (options.allowed === undefined || options.allowed.includes(tool.name)) &&
    !(options.disallowed ?? []).includes(tool.name)
  )
