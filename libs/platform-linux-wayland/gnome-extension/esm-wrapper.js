// GNOME Shell 45 and later: the ES-module extension format (a default-exported Extension subclass).
import Gio from 'gi://Gio';
import Meta from 'gi://Meta';
import Shell from 'gi://Shell';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';

//@WINDOW_SERVICE@

export default class AgentDesktopWindows extends Extension {
  enable() {
    this._windows = new AgentDesktopWindowsExtension();
    this._windows.enable();
  }

  disable() {
    this._windows?.disable();
    this._windows = null;
  }
}
