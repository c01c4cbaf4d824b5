/** What one `batch` may hold and print (also what `trace export --as batch` may write). */
export const BATCH_LIMITS = { max_entries: 64, max_input_bytes: 1024 * 1024, max_output_bytes: 4 * 1024 * 1024 } as const
