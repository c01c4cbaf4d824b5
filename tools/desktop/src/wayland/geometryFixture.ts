import { fixturePath, systemPython, type AppSpec } from "../AppSpec.js"

/**
 * The coordinate fixture (`fixtures/geometry.py`) on GTK 3 or GTK 4: widgets away from the window's edges, so tests
 * can find their true global edges by clicking around them. Registers as `geometry3` / `geometry4`. `fullscreen`: the
 * window covers the monitor, so its origin is known where the compositor does not say (GNOME Shell).
 */
export const geometryFixture = (gtk: 3 | 4, options: { readonly fullscreen?: boolean } = {}): AppSpec => ({
  name: `geometry${gtk}`,
  argv: [systemPython, fixturePath("geometry.py"), "--gtk", String(gtk), ...(options.fullscreen === true ? ["--fullscreen"] : [])]
})

/**
 * The same fixture as an X11 client inside a Wayland session (XWayland: `startSway({ xwayland: true })`), registered
 * as `geometry3-x11` / `geometry4-x11` so it can run beside the native one.
 */
export const xwaylandGeometryFixture = (gtk: 3 | 4): AppSpec => ({
  name: `geometry${gtk}-x11`,
  argv: [systemPython, fixturePath("geometry.py"), "--gtk", String(gtk), "--name", `geometry${gtk}-x11`],
  env: { GDK_BACKEND: "x11" }
})
