/**
 * Where the accessibility bus is, and how we learned it: AT_SPI_BUS_ADDRESS, else org.a11y.Bus.GetAddress on the
 * session bus, else the AT_SPI_BUS property on the X root window (only when the first two fail).
 */
import { execFile } from "node:child_process"
import { parseBusAddress } from "../dbus/BusAddress.js"
import { DbusConnection } from "../dbus/DbusConnection.js"

export type A11yBusSource = "AT_SPI_BUS_ADDRESS" | "org.a11y.Bus.GetAddress" | "x11_root_property"

export interface A11yBusLocation {
  readonly address: string
  readonly source: A11yBusSource
}

export interface LocateAttempt {
  readonly source: A11yBusSource
  readonly error: string
}

export class A11yBusNotFound extends Error {
  constructor(readonly attempts: ReadonlyArray<LocateAttempt>) {
    super(`accessibility bus not found (${attempts.map((a) => `${a.source}: ${a.error}`).join("; ")})`)
  }
}

export const askSessionBus = async (timeoutMs: number): Promise<string> => {
  const sessionAddress = process.env.DBUS_SESSION_BUS_ADDRESS
  if (!sessionAddress) throw new Error("DBUS_SESSION_BUS_ADDRESS is not set")
  const session = DbusConnection.open(sessionAddress)
  try {
    const [address] = await session.call(
      { destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress" },
      timeoutMs
    )
    if (typeof address !== "string" || address.length === 0) throw new Error("org.a11y.Bus returned no address")
    return address
  } finally {
    session.close()
  }
}

export const readRootProperty = (timeoutMs: number): Promise<string> =>
  new Promise((resolve, reject) => {
    if (!process.env.DISPLAY) return reject(new Error("DISPLAY is not set"))
    execFile("xprop", ["-root", "AT_SPI_BUS"], { timeout: timeoutMs }, (error, stdout) => {
      if (error) return reject(new Error(`xprop: ${error.message}`))
      const match = /=\s*"(.*)"/.exec(stdout)
      if (!match?.[1]) return reject(new Error("no AT_SPI_BUS property on the root window"))
      resolve(match[1])
    })
  })

/**
 * Candidate addresses in order of preference; a failed lookup is recorded in `attempts` and the next one tried.
 * The caller proves each candidate answers (an AT_SPI_BUS_ADDRESS left over from a dead session must not win).
 */
export async function* a11yBusCandidates(timeoutMs: number, attempts: Array<LocateAttempt>): AsyncGenerator<A11yBusLocation> {
  const fromEnv = process.env.AT_SPI_BUS_ADDRESS
  if (fromEnv) yield* usable({ address: fromEnv, source: "AT_SPI_BUS_ADDRESS" }, attempts)
  else attempts.push({ source: "AT_SPI_BUS_ADDRESS", error: "not set" })
  let fromSession: string | undefined
  try {
    fromSession = await askSessionBus(timeoutMs)
  } catch (error) {
    attempts.push({ source: "org.a11y.Bus.GetAddress", error: (error as Error).message })
  }
  if (fromSession !== undefined) yield* usable({ address: fromSession, source: "org.a11y.Bus.GetAddress" }, attempts)
  let fromRoot: string | undefined
  try {
    fromRoot = await readRootProperty(timeoutMs)
  } catch (error) {
    attempts.push({ source: "x11_root_property", error: (error as Error).message })
  }
  // Any X client can set this property: what it names is checked like every other address, never executed.
  if (fromRoot !== undefined) yield* usable({ address: fromRoot, source: "x11_root_property" }, attempts)
}

/** The candidate, unless its transport is refused (then the reason joins the attempts). */
function* usable(location: A11yBusLocation, attempts: Array<LocateAttempt>): Generator<A11yBusLocation> {
  try {
    parseBusAddress(location.address)
  } catch (error) {
    attempts.push({ source: location.source, error: (error as Error).message })
    return
  }
  yield location
}
