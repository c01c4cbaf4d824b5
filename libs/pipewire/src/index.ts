export { addonErrorCode, DEBIAN_PACKAGES, loadFrom, loadPipewireAddon, type AddonLoad, type PipewireAddon, type RawFrame } from "./Addon.js"
export { encodePng } from "./Png.js"
