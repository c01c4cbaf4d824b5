export { fixtureControlPath, fixturePath, peerPath, probePath, qtApp, qtExample, resolveApp, systemPython, type AppSpec } from "./AppSpec.js"
export { formatEnv, parseEnv, type DesktopEnv } from "./DesktopEnv.js"
export { controlFixture, type FixtureReply, type FixtureRequest } from "./FixtureControl.js"
export { desktopPackages, ensurePackages, type EnsureReport } from "./ensurePackages.js"
export { processStartTicks, readLedger, type PidEntry } from "./PidLedger.js"
export { readSavedEnv, startDesktop, type RunningApp, type RunningDesktop, type StartOptions } from "./startDesktop.js"
export { stopDesktop, type StopReport } from "./stopDesktop.js"
export { installInto, isolatedTempDir, pack, REPO, sqlitePrebuilds, workspaceDependencies, type Packed } from "./packInstall.js"
export { COMPOSITOR_USER, compositorUser, type CompositorUser } from "./wayland/CompositorUser.js"
export {
  startWaylandSession,
  type Compositor,
  type CompositorName,
  type RunningWaylandDesktop,
  type WaylandDesktopEnv,
  type WaylandStartOptions
} from "./wayland/startWaylandSession.js"
export { startSway, sway, swayConfig } from "./wayland/startSway.js"
export { gnomeShell, privateSystemBusConfig, startGnomeShell, type BeforeShell } from "./wayland/startGnomeShell.js"
export { kwin, kwinDesktopFile, kwinWith, runnableKwin, startKwin, type KwinAuthorization } from "./wayland/startKwin.js"
export { socketClientPids } from "./wayland/SocketPeers.js"
export { geometryFixture, xwaylandGeometryFixture } from "./wayland/geometryFixture.js"
export { DbusClient, variantValue, type CallSpec } from "./DbusClient.js"
export { ocrWindowApp, startOcrWindow, stopOcrWindow, type OcrTruth, type OcrTruthWord, type OcrWindowOptions } from "./OcrWindow.js"
export { adoptPid, atkWrapperJar, gtk2App, javaHome, jconsoleApp, qt5App, spawnWindowed, type WindowedApp } from "./zooApps.js"
