#!/usr/bin/python3
"""Geometry and focus through libatspi, for the Wayland tests (independent of our own AT-SPI client).

  atspi_geometry.py extents APP ROLE NAME -> {"node": {"screen": [x, y, w, h], "window": [...]},
                                              "window": {"name":.., "screen": [...], "window": [...]}}
                                             for the first match and the top-level window holding it
  atspi_geometry.py focus APP ROLE NAME   -> {"focused": true|false}   (Component.grab_focus)
  atspi_geometry.py text APP ROLE NAME    -> {"text": ..}
  atspi_geometry.py toolkit APP           -> {"name": .., "version": ..} (the application's ToolkitName, version)

ROLE is an AT-SPI role name as libatspi spells it ("push button", "text", "check box"); NAME an exact name or "".
"""
import json
import sys
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

warnings.simplefilter("ignore", DeprecationWarning)


def find_app(name):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() == name:
            return app
    return None


def walk(acc, role, name, depth=0):
    if acc is None or depth > 60:
        return None
    try:
        if acc.get_role_name() == role and (name == "" or (acc.get_name() or "").strip() == name):
            return acc
        if acc.get_state_set().contains(Atspi.StateType.MANAGES_DESCENDANTS) or acc.get_child_count() > 500:
            return None
        for i in range(acc.get_child_count()):
            found = walk(acc.get_child_at_index(i), role, name, depth + 1)
            if found is not None:
                return found
    except Exception:  # noqa: BLE001 - a vanished node is not a match
        return None
    return None


def rect(acc, coord):
    e = acc.get_extents(coord)
    return [e.x, e.y, e.width, e.height]


def top_level(acc):
    node = acc
    while node is not None:
        parent = node.get_parent()
        if parent is None or parent.get_role() == Atspi.Role.APPLICATION:
            return node
        node = parent
    return acc


def main(argv):
    app = find_app(argv[2])
    if app is None:
        print(json.dumps({"error": "app not found"}))
        return 1
    if argv[1] == "toolkit":
        print(json.dumps({"name": app.get_toolkit_name(), "version": app.get_toolkit_version()}))
        return 0
    node = walk(app, argv[3], argv[4] if len(argv) > 4 else "")
    if node is None:
        print(json.dumps({"error": "node not found"}))
        return 1
    if argv[1] == "extents":
        window = top_level(node)
        print(json.dumps({
            "node": {"screen": rect(node, Atspi.CoordType.SCREEN), "window": rect(node, Atspi.CoordType.WINDOW)},
            "window": {"name": window.get_name(), "screen": rect(window, Atspi.CoordType.SCREEN),
                       "window": rect(window, Atspi.CoordType.WINDOW)},
        }))
        return 0
    if argv[1] == "focus":
        print(json.dumps({"focused": bool(node.get_component_iface().grab_focus())}))
        return 0
    if argv[1] == "text":
        text = node.get_text_iface()
        print(json.dumps({"text": text.get_text(0, text.get_character_count()) if text else None}))
        return 0
    print(json.dumps({"error": "unknown command"}))
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
