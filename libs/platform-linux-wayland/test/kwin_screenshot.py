#!/usr/bin/python3
"""KWin's own screenshot of a global region, through Gio (test read-back, independent of agent-desktop's addon).

  kwin_screenshot.py X Y WIDTH HEIGHT OUT.bgra
      -> {"width", "height", "stride", "format"} and the pixels in OUT.bgra (rows of stride bytes, QImage ARGB32:
         B, G, R, A in memory)

org.kde.KWin.ScreenShot2.CaptureArea writes the image to a pipe passed as a Unix fd; KWin answers only an executable
a .desktop file authorizes (X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2), so the test session
authorizes this Python too.
"""
import json
import os
import sys
import threading

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402


def main(argv):
    x, y, width, height = (int(v) for v in argv[1:5])
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    read_end, write_end = os.pipe()
    fds = Gio.UnixFDList.new()
    index = fds.append(write_end)
    os.close(write_end)
    chunks = []

    def drain():
        with os.fdopen(read_end, "rb") as pipe:
            while True:
                chunk = pipe.read(1 << 20)
                if not chunk:
                    return
                chunks.append(chunk)

    # A daemon thread: when KWin refuses, the pipe never closes (Gio's descriptor list holds the write end).
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    reply, _ = bus.call_with_unix_fd_list_sync(
        "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureArea",
        GLib.Variant("(iiuua{sv}h)", (x, y, width, height, {}, index)), None, Gio.DBusCallFlags.NONE, 10000, fds, None)
    fds = None
    reader.join(10)
    meta = reply.unpack()[0]
    with open(argv[5], "wb") as out:
        out.write(b"".join(chunks))
    print(json.dumps({k: meta[k] for k in ("width", "height", "stride", "format") if k in meta}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
