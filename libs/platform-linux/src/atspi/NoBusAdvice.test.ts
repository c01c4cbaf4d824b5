import { describe, expect, it } from "@effect/vitest"
import { noBusAdvice } from "./NoBusAdvice.js"

describe("noBusAdvice", () => {
  it("with no session variables at all, says which are missing and never gives macOS's permission advice", () => {
    const advice = noBusAdvice({ PATH: "/usr/bin", HOME: "/root" })
    expect(advice).toMatch(/DISPLAY, WAYLAND_DISPLAY, DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS are all unset/)
    expect(advice).not.toMatch(/permissions --request/)
  })

  it("inside a session without an accessibility bus, points at at-spi2-core and names what is unset", () => {
    const advice = noBusAdvice({ DISPLAY: ":1", DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/0/bus" })
    expect(advice).toMatch(/at-spi-bus-launcher/)
    expect(advice).toMatch(/unset here: WAYLAND_DISPLAY, AT_SPI_BUS_ADDRESS/)
    expect(advice).not.toMatch(/permissions --request/)
  })
})
