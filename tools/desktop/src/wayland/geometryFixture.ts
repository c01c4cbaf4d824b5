import { fixturePath, systemPython, type AppSpec } from "../AppSpec.js"

/**
 * The coordinate fixture (`fixtures/geometry.py`) on GTK 3 or GTK 4: widgets away from the window's edges, so tests
 * can find their true global edges by clicking around them. Registers as `geometry3` / `geometry4`.
 */
export const geometryFixture = (gtk: 3 | 4): AppSpec => ({
  name: `geometry${gtk}`,
  argv: [systemPython, fixturePath("geometry.py"), "--gtk", String(gtk)]
})
