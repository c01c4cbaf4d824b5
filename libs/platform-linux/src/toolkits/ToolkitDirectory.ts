/**
 * Which toolkit each app (bus name) runs, asked once per app and session: `Application.ToolkitName` and `Version`
 * plus the app's registry name, each with its own `Properties.Get` (GTK3 fails GetAll on Application, and
 * GetAll on Qt objects is exactly what must never be sent).
 */
import { Iface, Paths } from "../atspi/Interfaces.js"
import { variantValue } from "../dbus/DbusConnection.js"
import type { Caller } from "./Caller.js"
import { detectToolkit } from "./detectToolkit.js"
import { genericProfile } from "./generic/profile.js"
import type { ToolkitProfile } from "./ToolkitProfile.js"

export class ToolkitDirectory {
  private readonly known = new Map<string, Promise<ToolkitProfile>>()
  private readonly settled = new Map<string, ToolkitProfile>()

  constructor(private readonly session: Caller) {}

  private get(busName: string, iface: string, name: string, timeoutMs: number): Promise<string> {
    // Through the bus: whether the app's own socket may be opened depends on the answer (peerToPeerUnsafe).
    return this.session
      .callViaBus({ busName, path: Paths.root }, { interface: Iface.properties, member: "Get", signature: "ss", body: [iface, name] }, timeoutMs)
      .then(([value]) => String(variantValue(value) ?? ""), () => "")
  }

  /** The app's profile; an app that does not say falls back to the generic (most careful) profile. */
  profileOf(busName: string, timeoutMs = 1500): Promise<ToolkitProfile> {
    const existing = this.known.get(busName)
    if (existing) return existing
    const asking = Promise.all([
      this.get(busName, Iface.application, "ToolkitName", timeoutMs),
      this.get(busName, Iface.application, "Version", timeoutMs),
      this.get(busName, Iface.accessible, "Name", timeoutMs)
    ]).then(([toolkit, version, app]) => detectToolkit(toolkit, version, app), () => genericProfile)
    this.known.set(busName, asking)
    void asking.then((profile) => this.settled.set(busName, profile))
    return asking
  }

  /** The profile if it is already known, else the generic one (which never sends anything unsafe). */
  profileNow(busName: string): ToolkitProfile {
    return this.settled.get(busName) ?? genericProfile
  }

  /** Used when the toolkit is already known (tests, an adapter that just listed apps). */
  remember(busName: string, profile: ToolkitProfile): void {
    this.known.set(busName, Promise.resolve(profile))
    this.settled.set(busName, profile)
  }
}
