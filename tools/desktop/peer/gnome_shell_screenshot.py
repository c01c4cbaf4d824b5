#!/usr/bin/python3
"""Independent read-back for the GNOME tests: GNOME Shell's own screenshot of the whole screen, never our client.

  gnome_shell_screenshot.py FILE   -> writes FILE (PNG), prints {"file": FILE}; exit 1 with {"error": ..} otherwise

org.gnome.Shell.Screenshot answers only callers owning one of the names the Shell allows (the screenshot tool's,
the portal backends'); this peer takes the screenshot tool's name, org.gnome.Screenshot, on the test session's
private bus. The Shell checks a name, not a program: any process of the user may do the same, so on a real desktop
this is no boundary against the user's own code, and agent-desktop itself never does it (it reads ScreenCast).
"""
import json
import sys

from gi.repository import Gio, GLib

bus = Gio.bus_get_sync(Gio.BusType.SESSION)
try:
    bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                  GLib.Variant("(su)", ("org.gnome.Screenshot", 4)), None, 0, 5000, None)
    reply = bus.call_sync("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot",
                          "Screenshot", GLib.Variant("(bbs)", (False, False, sys.argv[1])), None, 0, 10000, None)
    ok, written = reply.unpack()
    print(json.dumps({"file": written} if ok else {"error": "the Shell refused"}))
    sys.exit(0 if ok else 1)
except GLib.Error as error:
    print(json.dumps({"error": error.message}))
    sys.exit(1)
