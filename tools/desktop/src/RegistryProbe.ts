/**
 * Asks the AT-SPI registry which apps are registered (by Name), as start-up's readiness check, and the bus daemon
 * who owns a name (without activating it).
 */
import { DbusClient, variantValue } from "./DbusClient.js"

const registryRoot = { destination: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root" }

export const registeredAppNames = async (a11y: DbusClient): Promise<ReadonlyArray<string>> => {
  const [children] = await a11y.call({ ...registryRoot, interface: "org.a11y.atspi.Accessible", member: "GetChildren" })
  const refs = (children ?? []) as ReadonlyArray<[string, string]>
  const names = await Promise.all(
    refs.map(async ([busName, path]) => {
      try {
        const [name] = await a11y.call({
          destination: busName,
          path,
          interface: "org.freedesktop.DBus.Properties",
          member: "Get",
          signature: "ss",
          body: ["org.a11y.atspi.Accessible", "Name"]
        }, 1000)
        return String(variantValue(name) ?? "")
      } catch {
        return ""
      }
    })
  )
  return names.filter((name) => name.length > 0)
}

export const connectionPid = async (bus: DbusClient, name: string): Promise<number | undefined> => {
  try {
    const [pid] = await bus.call({
      destination: "org.freedesktop.DBus",
      path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus",
      member: "GetConnectionUnixProcessID",
      signature: "s",
      body: [name]
    }, 1000)
    return typeof pid === "number" ? pid : undefined
  } catch {
    return undefined
  }
}

/** NameHasOwner never activates a service, unlike a call to the name itself. */
export const nameHasOwner = async (bus: DbusClient, name: string): Promise<boolean> => {
  const [owned] = await bus.call({
    destination: "org.freedesktop.DBus",
    path: "/org/freedesktop/DBus",
    interface: "org.freedesktop.DBus",
    member: "NameHasOwner",
    signature: "s",
    body: [name]
  }, 1000)
  return owned === true
}
