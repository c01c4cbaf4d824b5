import { fixtureSuite } from "../fixtureSuite.js"

// The GTK fixture suite once more, the fixture a native Wayland client of headless sway, every call through a warm
// host: AT-SPI works the same on Wayland, keys go through the wlroots backend's virtual keyboard.
fixtureSuite(true, "sway")
