// GNOME Shell 42-44: the legacy extension format (imports.gi, init() returning the extension).
'use strict';
const { Gio, Meta, Shell } = imports.gi;
const Main = imports.ui.main;

//@WINDOW_SERVICE@

function init() {
  return new AgentDesktopWindowsExtension();
}
