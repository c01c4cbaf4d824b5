/** Physical input through the registry's DeviceEventController (XTEST): each returns the send of one step. */
import type { AtspiSession } from "../atspi/AtspiSession.js"
import { Iface, Paths, registryName } from "../atspi/Interfaces.js"
import { timeoutFor } from "./Deadline.js"

/** `GenerateKeyboardEvent(keycode, keystring, synth)`: a keysym, a string, or a modifier lock/unlock. */
export const keyboardEvent = (session: AtspiSession, keycode: number, keystring: string, synth: number, deadline: number) =>
  (): Promise<boolean> =>
    session.bus.call({
      destination: registryName, path: Paths.dec, interface: Iface.dec, member: "GenerateKeyboardEvent",
      signature: "isu", body: [keycode, keystring, synth]
    }, timeoutFor(deadline)).then(() => true)

/** `GenerateMouseEvent(x, y, "b1c")`: a left click at a screen point ("b1d": a double click). */
export const mouseClick = (session: AtspiSession, x: number, y: number, deadline: number, event: "b1c" | "b1d" = "b1c") =>
  (): Promise<boolean> =>
    session.bus.call({
      destination: registryName, path: Paths.dec, interface: Iface.dec, member: "GenerateMouseEvent",
      signature: "iis", body: [x, y, event]
    }, timeoutFor(deadline)).then(() => true)
