/**
 * Which backend holds the store: `AGENT_DESKTOP_STORE` (or the `store` option) unset or `sqlite` — the embedded
 * file under the state root, the default; a `postgres://` or `postgresql://` URL — a PostgreSQL database shared by
 * many machines. Screenshots and exports stay files under the state root either way.
 */
import { redactUrl } from "./postgres/openPostgres.js"
import { InvalidHome } from "./StoreErrors.js"

export const STORE_ENV = "AGENT_DESKTOP_STORE"

export type StoreLocation =
  | { readonly kind: "sqlite" }
  | { readonly kind: "postgres"; readonly url: string; readonly label: string }

export interface StoreLocationOptions {
  readonly store?: string
  readonly env?: Readonly<Record<string, string | undefined>>
}

export const resolveStoreLocation = (options: StoreLocationOptions = {}): StoreLocation => {
  const value = options.store ?? (options.env ?? process.env)[STORE_ENV]
  if (value === undefined || value === "" || value === "sqlite") return { kind: "sqlite" }
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: "postgres", url: value, label: redactUrl(value) }
  throw new InvalidHome({
    // Only the scheme: the rest may hold a password.
    message: `${STORE_ENV} must be "sqlite" or a postgres:// URL, not a '${/^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0] ?? "plain"}' value`,
    path: STORE_ENV
  })
}
