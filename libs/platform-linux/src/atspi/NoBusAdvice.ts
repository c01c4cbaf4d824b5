/**
 * What to do when no accessibility bus answers, from what the environment names. The contract's generic advice for
 * PERM_DENIED (grant a permission with `permissions --request`) is macOS's; on Linux nothing is granted: either the
 * process is outside any desktop session (no display and no session bus named at all) or the session runs no
 * AT-SPI bus.
 */
const SESSION_VARIABLES = ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"] as const

export const noBusAdvice = (env: Readonly<Record<string, string | undefined>>): string => {
  const missing = SESSION_VARIABLES.filter((name) => !env[name])
  if (missing.length === SESSION_VARIABLES.length) {
    return `No desktop session in this environment: ${missing.join(", ")} are all unset. Run inside the user's graphical ` +
      "session (or export its DISPLAY or WAYLAND_DISPLAY and DBUS_SESSION_BUS_ADDRESS), or start a virtual desktop; `status` shows what is reachable."
  }
  return "Start the AT-SPI bus in this session (at-spi2-core's at-spi-bus-launcher, or turn accessibility on in the " +
    `desktop's settings)${missing.length > 0 ? `; unset here: ${missing.join(", ")}` : ""}. \`status\` shows which part is missing.`
}
