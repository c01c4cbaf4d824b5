/**
 * GNOME's input channel without a portal: mutter's `org.gnome.Mutter.RemoteDesktop` on the session bus. Any client of
 * the session bus may create a session (no dialog, no permission; that is why the RemoteDesktop portal exists to ask
 * the user in front of it), then send keysyms, keycodes, buttons, wheel steps and relative motion. Absolute pointer
 * motion needs a ScreenCast stream of the same session (`MutterScreenCast.ts`: one stream per monitor, recorded before
 * the session starts); mutter then takes stream-relative coordinates. The streams need a PipeWire daemon: without one
 * the session's Start fails ("Couldn't connect pipewire context"), so the session is made again without streams and
 * the pointer refuses with that reason while keys still work. Keysyms outside the session's layout are dropped by
 * mutter with only a log line ("No keycode found for keyval e9 in current group"), so text is checked against the
 * seat's keymap first and refused whole.
 *
 * mutter creates the session's virtual keyboard lazily, on its first key event; on a seat without another keyboard
 * (headless) clients bind their wl_keyboard only then, and that first key is lost. `wakeKeyboard` taps Shift_L for
 * that; the caller then waits as for any new keyboard (`SeatSettle.ts`). Keys reach the focused window only, and an
 * unprivileged client cannot focus a window on GNOME (Introspect and Eval refuse it): a headless session focuses
 * its topmost window when the overview closes (`OverviewActive` set true, then false, on org.gnome.Shell).
 *
 * D-Bus goes through a caller-supplied function (the adapter's own connection in production, the test desktop's
 * client in tests), so this file holds only the protocol.
 */

import type { DbusCall } from "./DbusCall.js"
import { MutterScreenCast, type MonitorStream } from "./MutterScreenCast.js"
import { OutsideLayout } from "./OutsideLayout.js"

export type { DbusCall, DbusMessage } from "./DbusCall.js"

const SERVICE = "org.gnome.Mutter.RemoteDesktop"
const SESSION = "org.gnome.Mutter.RemoteDesktop.Session"

export { OutsideLayout }

/** Absolute motion refused, before anything is sent: no ScreenCast stream, or a point on no monitor. */
export class NoScreenCast extends Error {}

export class MutterRemoteDesktop {
  private constructor(
    private readonly call: DbusCall,
    readonly sessionPath: string,
    /** The session's ScreenCast (absolute pointer, frames), or why it has none. */
    readonly screenCast: MutterScreenCast | { readonly unavailable: string }
  ) {}

  private static async create(call: DbusCall): Promise<string> {
    const [path] = await call({ destination: SERVICE, path: "/org/gnome/Mutter/RemoteDesktop", interface: SERVICE, member: "CreateSession" })
    if (typeof path !== "string") throw new Error("RemoteDesktop.CreateSession returned no session path")
    return path
  }

  /**
   * Creates and starts a remote-desktop session (its virtual keyboard and pointer exist from here on). With
   * `screenCast` (the default) every monitor is recorded first, for absolute motion; when that fails (no PipeWire),
   * a session without streams is started instead and `screenCast` says why.
   */
  static async start(call: DbusCall, options: { readonly screenCast?: boolean } = {}): Promise<MutterRemoteDesktop> {
    const plain = async (unavailable: string) => {
      const session = new MutterRemoteDesktop(call, await MutterRemoteDesktop.create(call), { unavailable })
      await session.invoke("Start")
      return session
    }
    if (options.screenCast === false) return plain("no ScreenCast stream was asked for")
    const path = await MutterRemoteDesktop.create(call)
    let screenCast: MutterScreenCast
    try {
      screenCast = await MutterScreenCast.record(call, path)
    } catch (error) {
      await call({ destination: SERVICE, path, interface: SESSION, member: "Stop" }).catch(() => undefined)
      return plain(`mutter's ScreenCast could not record the monitors: ${(error as Error).message}`)
    }
    const session = new MutterRemoteDesktop(call, path, screenCast)
    try {
      await session.invoke("Start")
    } catch (error) {
      await session.invoke("Stop").catch(() => undefined)
      await screenCast.awaitNodes(0)
      return plain(`mutter's ScreenCast stream did not start (is a PipeWire daemon running in this session?): ${(error as Error).message}`)
    }
    await screenCast.awaitNodes()
    return session
  }

  private invoke(member: string, signature?: string, body?: ReadonlyArray<unknown>): Promise<ReadonlyArray<unknown>> {
    return this.call({
      destination: SERVICE,
      path: this.sessionPath,
      interface: SESSION,
      member,
      ...(signature === undefined ? {} : { signature }),
      ...(body === undefined ? {} : { body })
    })
  }

  /** Taps Shift_L: makes mutter create the session's virtual keyboard (see above). */
  wakeKeyboard(): Promise<void> {
    return this.chord([0xffe1])
  }

  keysym(keysym: number, down: boolean): Promise<unknown> {
    return this.invoke("NotifyKeyboardKeysym", "ub", [keysym, down])
  }

  /** An evdev key code (xkb keycode − 8). */
  keycode(code: number, down: boolean): Promise<unknown> {
    return this.invoke("NotifyKeyboardKeycode", "ub", [code, down])
  }

  /** Presses keysyms in order and releases them in reverse, whatever happens (ctrl+a as Control_L, a). */
  async chord(keysyms: ReadonlyArray<number>): Promise<void> {
    const held: Array<number> = []
    try {
      for (const keysym of keysyms) {
        await this.keysym(keysym, true)
        held.push(keysym)
      }
    } finally {
      for (const keysym of held.reverse()) await this.keysym(keysym, false)
    }
  }

  /**
   * Types keysyms; `inLayout` says whether the session's layout has one (the seat keymap's lookup). Any outside it
   * refuses the whole text before a key is sent. mutter picks the key and its shift level itself.
   */
  async type(text: string, keysymOf: (char: string) => number | undefined, inLayout: (keysym: number) => boolean): Promise<void> {
    const chars = [...text]
    const keysyms = chars.map(keysymOf)
    const missing = chars.filter((char, i) => keysyms[i] === undefined || !inLayout(keysyms[i]!))
    if (missing.length > 0) throw new OutsideLayout([...new Set(missing)])
    for (const keysym of keysyms) await this.chord([keysym!])
  }

  /** Moves the pointer to a global point through the stream of the monitor holding it. */
  pointerAbsolute(x: number, y: number): Promise<unknown> {
    const stream = this.streamAt(x, y)
    return this.invoke("NotifyPointerMotionAbsolute", "sdd", [stream.path, x - stream.bounds.x, y - stream.bounds.y])
  }

  /** The monitor stream holding a global point; refuses (nothing sent) without streams or off every monitor. */
  streamAt(x: number, y: number): MonitorStream {
    if (!(this.screenCast instanceof MutterScreenCast)) throw new NoScreenCast(this.screenCast.unavailable)
    const stream = this.screenCast.streams.find(({ bounds: b }) => x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height)
    if (stream === undefined) throw new RangeError(`(${x}, ${y}) is on no monitor`)
    return stream
  }

  pointerRelative(dx: number, dy: number): Promise<unknown> {
    return this.invoke("NotifyPointerMotionRelative", "dd", [dx, dy])
  }

  /** A Linux input button code (BTN_LEFT 0x110 ...). */
  button(code: number, down: boolean): Promise<unknown> {
    return this.invoke("NotifyPointerButton", "ib", [code, down])
  }

  /** Wheel steps: axis 0 vertical (positive = down), 1 horizontal. */
  wheel(axis: 0 | 1, steps: number): Promise<unknown> {
    return this.invoke("NotifyPointerAxisDiscrete", "ui", [axis, steps])
  }

  stop(): Promise<unknown> {
    return this.invoke("Stop")
  }
}
