#!/usr/bin/python3
"""pyatspi peer: dumps an app's window tree as JSON (for cross-checks) and times warm walks (benchmark peer).

  atspi_peer.py dump APP [--window TITLE]     -> {"app":..,"windows":[tree, ...]}
  atspi_peer.py bench APP [--warm N]          -> {"app":..,"nodes":N,"cold_ms":..,"warm_ms":[..]}
  atspi_peer.py find APP ROLE NAME            -> {"found":bool,"visited":N,"ms":..}: depth-first walk of the app's
                                                 windows to the first node with this AT-SPI role name and exact
                                                 name (what a pyatspi script does to find one row's button)

Each node: role (AT-SPI role number), name, description, states (numbers), interfaces, bounds [x,y,w,h] (screen),
text (Text interface, whole), value (Value.CurrentValue), actions (names), child_count, children.
The walk reads the same fields the JS adapter reads, so the timings compare like with like.
"""
import json
import warnings
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

warnings.simplefilter("ignore", DeprecationWarning)


MAX_MANAGED = 256


def optional(read):
    try:
        return read()
    except Exception:  # noqa: BLE001 - a detail a toolkit cannot give is left out, as the JS reader does
        return None


def find_app(name):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() == name:
            return app
    raise SystemExit("app not found: " + name)


def node(acc, depth=0):
    ifaces = acc.get_interfaces()
    out = {
        "role": int(acc.get_role()),
        "name": acc.get_name() or "",
        "description": acc.get_description() or "",
        "states": sorted(int(s) for s in acc.get_state_set().get_states()),
        "interfaces": sorted(ifaces),
    }
    # Each detail on its own: GTK 4.8 lists an action count whose names then fail ("No action with index 0"),
    # which must cost that field, not the whole walk.
    if "Component" in ifaces:
        r = optional(lambda: acc.get_extents(Atspi.CoordType.SCREEN))
        if r is not None:
            out["bounds"] = [r.x, r.y, r.width, r.height]
    if "Action" in ifaces:
        names = []
        for i in range(optional(acc.get_n_actions) or 0):
            name = optional(lambda: acc.get_action_name(i))
            if name is not None:
                names.append(name)
        out["actions"] = names
    if "Text" in ifaces:
        text = optional(lambda: acc.get_text(0, -1))
        if text is not None:
            out["text"] = text
    if "Value" in ifaces:
        value = optional(acc.get_current_value)
        if value is not None:
            out["value"] = value
    count = acc.get_child_count()
    out["child_count"] = count
    children = []
    # Like the JS reader: a container that manages its descendants (a LibreOffice sheet: 2^31 cells) is not walked.
    if count > MAX_MANAGED and acc.get_state_set().contains(Atspi.StateType.MANAGES_DESCENDANTS):
        count = 0
    for i in range(count):
        child = acc.get_child_at_index(i)
        if child is not None:
            children.append(node(child, depth + 1))
    out["children"] = children
    return out


def count(tree):
    return 1 + sum(count(c) for c in tree["children"])


def windows(app, title=None):
    out = []
    for i in range(app.get_child_count()):
        win = app.get_child_at_index(i)
        if win is not None and (title is None or win.get_name() == title):
            out.append(win)
    return out


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    mode, name = argv[0], argv[1]
    title = argv[argv.index("--window") + 1] if "--window" in argv else None
    app = find_app(name)
    if mode == "dump":
        print(json.dumps({"app": name, "windows": [node(w) for w in windows(app, title)]}))
    elif mode == "bench":
        warm = int(argv[argv.index("--warm") + 1]) if "--warm" in argv else 10
        target = windows(app, title)[0]
        t0 = time.perf_counter()
        tree = node(target)
        cold = (time.perf_counter() - t0) * 1000
        times = []
        for _ in range(warm):
            t0 = time.perf_counter()
            node(target)
            times.append((time.perf_counter() - t0) * 1000)
        print(json.dumps({"app": name, "nodes": count(tree), "cold_ms": cold, "warm_ms": times}))
    elif mode == "find":
        role, wanted = argv[2], argv[3]
        t0 = time.perf_counter()
        visited = 0
        found = False
        stack = list(reversed(windows(app)))
        while stack and not found:
            acc = stack.pop()
            if acc is None:
                continue
            visited += 1
            if optional(acc.get_role_name) == role and (optional(acc.get_name) or "") == wanted:
                found = True
                break
            n = optional(acc.get_child_count) or 0
            stack.extend(reversed([optional(lambda i=i: acc.get_child_at_index(i)) for i in range(n)]))
        print(json.dumps({"app": name, "found": found, "visited": visited, "ms": (time.perf_counter() - t0) * 1000}))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
