#!/usr/bin/python3
"""KWin's own window list, through KWin scripting over D-Bus (test read-back; no authorization needed).

  kwin_windows.py SCRIPT_PATH KWIN_LOG [ACTIVATE_CAPTION]
      -> [{"caption", "pid", "resourceClass", "frame": [x, y, w, h], "buffer": [...], "active"}]
         (with ACTIVATE_CAPTION, that window is made the active one first: workspace.activeClient)

Loads a script (org.kde.kwin.Scripting.loadScript, then run on /<id>, KWin 5.27's object path) that prints the list
with a marker to KWin's log, waits for that line, unloads the script.
"""
import json
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

SCRIPT = """
var list = workspace.clientList();
for (var j = 0; j < list.length; j++) {
  if (list[j].caption === ACTIVATE) workspace.activeClient = list[j];
}
var out = [];
var r = function (g) { return g ? [g.x, g.y, g.width, g.height] : null; };
for (var i = 0; i < list.length; i++) {
  var c = list[i];
  out.push({caption: c.caption, pid: c.pid, resourceClass: String(c.resourceClass), frame: r(c.frameGeometry),
            buffer: r(c.bufferGeometry), active: workspace.activeClient === c});
}
print("MARKER " + JSON.stringify(out));
"""


def main(argv):
    marker = "AGENT-DESKTOP-WINDOWS-%d" % int(time.monotonic() * 1000)
    with open(argv[1], "w") as f:
        activate = json.dumps(argv[3]) if len(argv) > 3 else "null"
        f.write(SCRIPT.replace("MARKER", marker).replace("ACTIVATE", activate))
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    plugin = "agent-desktop-" + marker
    (sid,) = bus.call_sync("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript",
                           GLib.Variant("(ss)", (argv[1], plugin)), None, Gio.DBusCallFlags.NONE, 5000, None).unpack()
    bus.call_sync("org.kde.KWin", "/%d" % sid, "org.kde.kwin.Script", "run", None, None, Gio.DBusCallFlags.NONE, 5000, None)
    deadline = time.monotonic() + 5
    found = None
    while found is None and time.monotonic() < deadline:
        with open(argv[2], encoding="utf8", errors="replace") as log:
            for line in log:
                if marker + " " in line:
                    found = line.split(marker + " ", 1)[1].strip()
        time.sleep(0.05)
    bus.call_sync("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", GLib.Variant("(s)", (plugin,)),
                  None, Gio.DBusCallFlags.NONE, 5000, None)
    if found is None:
        print(json.dumps({"error": "no window list in KWin's log"}))
        return 1
    print(found)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
