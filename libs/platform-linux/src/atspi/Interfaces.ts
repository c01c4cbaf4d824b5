/** D-Bus names of the AT-SPI interfaces and well-known objects this adapter calls. */
export const Iface = {
  accessible: "org.a11y.atspi.Accessible",
  action: "org.a11y.atspi.Action",
  application: "org.a11y.atspi.Application",
  cache: "org.a11y.atspi.Cache",
  component: "org.a11y.atspi.Component",
  editableText: "org.a11y.atspi.EditableText",
  registry: "org.a11y.atspi.Registry",
  dec: "org.a11y.atspi.DeviceEventController",
  document: "org.a11y.atspi.Document",
  selection: "org.a11y.atspi.Selection",
  text: "org.a11y.atspi.Text",
  value: "org.a11y.atspi.Value",
  properties: "org.freedesktop.DBus.Properties",
  dbus: "org.freedesktop.DBus"
} as const

export const Paths = {
  root: "/org/a11y/atspi/accessible/root",
  cache: "/org/a11y/atspi/cache",
  registry: "/org/a11y/atspi/registry",
  dec: "/org/a11y/atspi/registry/deviceeventcontroller",
  null: "/org/a11y/atspi/null"
} as const

export const registryName = "org.a11y.atspi.Registry"

/** Short interface names as GetInterfaces reports them ("org.a11y.atspi.Text" -> "Text"). */
const prefix = "org.a11y.atspi."

/** `org.a11y.atspi.Text` -> `Text` (a slice, not a regex: a 5,000-node cache lists ~25,000 interface names). */
export const shortInterface = (name: string): string => name.startsWith(prefix) ? name.slice(prefix.length) : name
