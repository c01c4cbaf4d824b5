// agent-desktop's window service inside GNOME Shell. This file has no imports or exports: install.sh places it in
// the extension.js of the shell's format (legacy-wrapper.js for GNOME 42-44, esm-wrapper.js for 45 and later),
// which bind Gio, Meta, Shell and the shell's Main module; `global` is the shell's own.

const AGENT_DESKTOP_BUS_NAME = 'org.agentdesktop.Windows';
const AGENT_DESKTOP_OBJECT_PATH = '/org/agentdesktop/Windows';
// Version 1 of the interface: what the package's GnomeWindows client expects (it checks Version first).
const AGENT_DESKTOP_INTERFACE = `<node>
  <interface name="org.agentdesktop.Windows1">
    <property name="Version" type="u" access="read"/>
    <method name="List"><arg name="state" type="s" direction="out"/></method>
    <method name="Activate"><arg name="id" type="t" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Move"><arg name="id" type="t" direction="in"/><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Resize"><arg name="id" type="t" direction="in"/><arg name="width" type="i" direction="in"/><arg name="height" type="i" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Minimize"><arg name="id" type="t" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Unminimize"><arg name="id" type="t" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Maximize"><arg name="id" type="t" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Unmaximize"><arg name="id" type="t" direction="in"/><arg name="found" type="b" direction="out"/></method>
    <method name="Close"><arg name="id" type="t" direction="in"/><arg name="found" type="b" direction="out"/></method>
  </interface>
</node>`;

const agentDesktopRect = (r) => ({ x: r.x, y: r.y, width: r.width, height: r.height });

const AGENT_DESKTOP_NORMAL_TYPES = [Meta.WindowType.NORMAL, Meta.WindowType.DIALOG, Meta.WindowType.MODAL_DIALOG, Meta.WindowType.UTILITY];

class AgentDesktopWindowService {
  get Version() {
    return 1;
  }

  _windows() {
    const windows = global.get_window_actors().map((actor) => actor.get_meta_window()).filter((w) => w !== null && !w.is_override_redirect());
    // Bottom of the stack first.
    return global.display.sort_windows_by_stacking(windows);
  }

  _find(id) {
    return this._windows().find((w) => w.get_id() === id) ?? null;
  }

  _time() {
    return global.display.get_current_time_roundtrip();
  }

  List() {
    const tracker = Shell.WindowTracker.get_default();
    const focus = global.display.get_focus_window();
    const windows = this._windows().map((w, stacking) => {
      const workspace = w.get_workspace();
      const app = tracker.get_window_app(w);
      return {
        id: w.get_id(),
        pid: w.get_pid(),
        title: w.get_title() ?? '',
        wmClass: w.get_wm_class() ?? '',
        appId: w.get_gtk_application_id() ?? w.get_sandboxed_app_id() ?? (app ? app.get_id() : ''),
        frame: agentDesktopRect(w.get_frame_rect()),
        buffer: agentDesktopRect(w.get_buffer_rect()),
        focused: focus === w,
        minimized: w.minimized,
        maximized: w.get_maximized() === Meta.MaximizeFlags.BOTH,
        fullscreen: w.is_fullscreen(),
        workspace: w.is_on_all_workspaces() || workspace === null ? -1 : workspace.index(),
        client: w.get_client_type() === Meta.WindowClientType.X11 ? 'x11' : 'wayland',
        normal: AGENT_DESKTOP_NORMAL_TYPES.includes(w.get_window_type()) && !w.is_skip_taskbar(),
        hidden: w.is_hidden(),
        stacking
      };
    });
    // While the overview shows, it takes the pointer and keys: no window is under the pointer.
    return JSON.stringify({ overview: Main.overview.visible, windows });
  }

  _on(id, f) {
    const w = this._find(id);
    if (w === null) return false;
    f(w);
    return true;
  }

  // A maximized or full-screen window keeps its place: it is restored first, as a person's drag does.
  _loosen(w) {
    if (w.is_fullscreen()) w.unmake_fullscreen();
    if (w.get_maximized() !== 0) w.unmaximize(Meta.MaximizeFlags.BOTH);
  }

  // As the shell's own window switching does: its workspace shown, the overview left, the window raised and focused.
  // Leaving the overview focuses the window it chooses once its animation ends, so the window is activated again then.
  Activate(id) {
    return this._on(id, (w) => {
      if (Main.overview.visible) {
        const handler = Main.overview.connect('hidden', () => {
          Main.overview.disconnect(handler);
          if (!w.unmanaging) w.activate(this._time());
        });
      }
      Main.activateWindow(w, this._time());
    });
  }

  Move(id, x, y) {
    return this._on(id, (w) => {
      this._loosen(w);
      w.move_frame(true, x, y);
    });
  }

  Resize(id, width, height) {
    return this._on(id, (w) => {
      this._loosen(w);
      const frame = w.get_frame_rect();
      w.move_resize_frame(true, frame.x, frame.y, width, height);
    });
  }

  Minimize(id) {
    return this._on(id, (w) => w.minimize());
  }

  Unminimize(id) {
    return this._on(id, (w) => w.unminimize());
  }

  Maximize(id) {
    return this._on(id, (w) => w.maximize(Meta.MaximizeFlags.BOTH));
  }

  Unmaximize(id) {
    return this._on(id, (w) => {
      if (w.minimized) w.unminimize();
      this._loosen(w);
    });
  }

  Close(id) {
    return this._on(id, (w) => w.delete(this._time()));
  }
}

// Exported on enable, withdrawn on disable (the shell disables extensions on the lock screen).
class AgentDesktopWindowsExtension {
  enable() {
    this._service = new AgentDesktopWindowService();
    this._exported = Gio.DBusExportedObject.wrapJSObject(AGENT_DESKTOP_INTERFACE, this._service);
    this._exported.export(Gio.DBus.session, AGENT_DESKTOP_OBJECT_PATH);
    this._nameId = Gio.bus_own_name_on_connection(Gio.DBus.session, AGENT_DESKTOP_BUS_NAME, Gio.BusNameOwnerFlags.NONE, null, null);
  }

  disable() {
    if (this._nameId) Gio.bus_unown_name(this._nameId);
    this._nameId = 0;
    this._exported?.unexport();
    this._exported = null;
    this._service = null;
  }
}
