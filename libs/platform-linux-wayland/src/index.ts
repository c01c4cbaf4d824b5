export {
  addonErrorCode,
  loadAddon,
  loadFrom,
  type AddonLoad,
  type ConnectionInfo,
  type ProtocolVersions,
  type RawCapture,
  type RawOutput,
  type RawToplevel,
  type ToplevelAction,
  type WaylandAddon
} from "./Addon.js"
export { keymapWithExtras, SpareKeyAllocator, type ExtraBinding, type SpareKey } from "./Keymap.js"
export { keysymOfChar, keysymOfKey, MODIFIER_KEYSYM_NAMES, type Modifier } from "./KeyNames.js"
export { decodeFrames, encodeFrame, SwayIpc, SwayIpcError, SwayMessage, swayWindows, type SwayNode, type SwayRect, type SwayWindow } from "./SwayIpc.js"
export { UnknownKey, VirtualKeyboard, type LayoutNames } from "./VirtualKeyboard.js"
export { WaylandSession, type Button, type Capture, type Display, type Rect } from "./WaylandSession.js"
export { closeWayland } from "./backend/openWayland.js"
export { matchWindow, placementOfWindow, topmostAt } from "./backend/SwayDesktop.js"
export { wlrootsBackend, wlrootsDisplayServer } from "./backend/WlrootsDisplayServer.js"
export { gnomeBackend, gnomeDisplayServer } from "./backend/GnomeDisplayServer.js"
export { originFrom } from "./Coordinates.js"
export { MutterRemoteDesktop, type DbusCall, type DbusMessage } from "./MutterRemoteDesktop.js"
export { CLIPBOARD_PROTOCOL, CLIPBOARD_STEP, clipboardCapability, clipboardCapabilityHere, dataControlClipboard } from "./backend/dataControlClipboard.js"
export { authorizationSuggestion, closeKwinHelper, FAKE_INPUT, kwinBackend, kwinDisplayServer, kwinSetupScript } from "./backend/KwinDisplayServer.js"
export { fakeOp, KWIN_HELPER_NAME, KwinHelper, KwinHelperError, kwinHelperPath, type FakeInputDevice } from "./KwinHelper.js"
export { KwinFakeInput } from "./KwinFakeInput.js"
export {
  AUTHORIZATION_NAME,
  authorizationText,
  inspectAuthorization,
  installAuthorization,
  userAuthorizationPath,
  type AuthorizationState,
  type InstallResult
} from "./kde/KwinAuthorization.js"
export { matchKwinWindow, placementOfKwinWindow, topmostKwinWindowAt } from "./backend/KwinDesktop.js"
export { KwinScripting, KwinScriptError, type IncomingCall, type KwinBus } from "./KwinScripting.js"
export { KwinWindows, type KwinOperation, type KwinRect, type KwinWindow } from "./KwinWindows.js"
export { EXTENSION_UUID, GnomeWindows, WINDOWS_BUS_NAME, type GnomeOperation, type GnomeRect, type GnomeWindow } from "./GnomeWindows.js"
export { matchGnomeWindow, placementOfGnomeWindow, topmostGnomeWindowAt } from "./backend/GnomeDesktop.js"
