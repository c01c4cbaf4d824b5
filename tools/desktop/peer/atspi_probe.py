#!/usr/bin/python3
"""Independent read-back for the real-app tests, through libatspi (pyatspi's library), never through our client.

  atspi_probe.py alive APP                  -> {"app":..,"window":..,"children":N,"ms":..}   (exit 1: not found)
  atspi_probe.py read APP ROLE NAME [DESC]  -> {"name":..,"text":..,"value":..,"states":[..]} of the first match
                                               (with that exact description, when given)
  atspi_probe.py read-wide APP ROLE NAME    -> the same, entering containers of up to 20,000 children (a GtkGrid of
                                               1,000 widgets)
  atspi_probe.py cell APP ROW COLUMN        -> the same for one cell of the first table (Table.GetAccessibleAt)
  atspi_probe.py descendants APP ROLE NAME  -> the same for the first match, with "descendants": the non-empty names
                                               below it, depth first, at most 8 levels and 40 names (what a GTK 4
                                               drop-down shows is a label inside its button)
  atspi_probe.py selected APP ROLE          -> the same for the first match in state SELECTED, with "children":
                                               its children's names (a GTK 4 tab's label is its child)
  atspi_probe.py item APP CONTAINER ROLE NAME -> the same for a direct child (ROLE, exact NAME) of the first CONTAINER
                                               (role name), read even where it manages its descendants (Qt item views)
  atspi_probe.py children APP ROLE NAME     -> {"children":[names]} of the first match's direct children
  atspi_probe.py within APP ROLE NAME INNER -> the same for the first INNER-role node inside the first ROLE NAME
                                               match (a tool bar box's unnamed entry: within panel "Font Size" text)
  atspi_probe.py cellattrs APP ROW COLUMN   -> {"name":..,"text":..,"attributes":{..}}: one cell's text attributes
                                               at offset 0 with defaults (weight, size, family-name, justification)
  atspi_probe.py windows APP                -> {"windows":[{"role":..,"name":..,"states":[..]}]}: the app's top levels
  atspi_probe.py extents APP ROLE NAME      -> {"node":{"screen":[x,y,w,h],"window":[..]},"window":{"name":..,"screen":..,
                                               "window":..}}: the first match's extents and its top level's, in both
                                               coordinate types (on Wayland both are window-relative)

ROLE is an AT-SPI role name as libatspi spells it ("push button", "text", "check box"); NAME an exact name, or
"" for any. The search never lists the children of a container that manages its descendants or has more than 500
children (20,000 for read-wide; what a careful client does; a LibreOffice sheet has 2^31 cells).
"""
import json
import sys
import time
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


def walk(acc, role, name, depth=0, selected=False, description=None, widest=500):
    if acc is None or depth > 60:
        return None
    try:
        if acc.get_role_name() == role and (name == "" or (acc.get_name() or "").strip() == name) and (
            not selected or acc.get_state_set().contains(Atspi.StateType.SELECTED)
        ) and (description is None or (acc.get_description() or "") == description):
            return acc
        states = acc.get_state_set()
        count = acc.get_child_count()
        if states.contains(Atspi.StateType.MANAGES_DESCENDANTS) or count > widest:
            return None
        for i in range(count):
            found = walk(acc.get_child_at_index(i), role, name, depth + 1, selected, description, widest)
            if found is not None:
                return found
    except Exception:  # noqa: BLE001 - a vanished node is simply not a match
        return None
    return None


def describe(acc):
    out = {"name": acc.get_name() or "", "states": sorted(s.value_nick for s in acc.get_state_set().get_states())}
    text = acc.get_text_iface()
    if text is not None:
        out["text"] = text.get_text(0, text.get_character_count())
    value = acc.get_value_iface()
    if value is not None:
        out["value"] = value.get_current_value()
    return out


def main(argv):
    started = time.monotonic()
    app = find_app(argv[2])
    if app is None:
        print(json.dumps({"error": "app not found"}))
        return 1
    if argv[1] == "alive":
        window = app.get_child_at_index(0)
        print(json.dumps({
            "app": app.get_name(),
            "window": window.get_name() if window is not None else None,
            "children": window.get_child_count() if window is not None else 0,
            "ms": round((time.monotonic() - started) * 1000, 1),
        }))
        return 0
    if argv[1] in ("read", "read-wide"):
        # read-wide also enters containers of up to 20,000 children (a GtkGrid of 1,000 widgets); read stops at 500.
        widest = 20000 if argv[1] == "read-wide" else 500
        found = walk(app, argv[3], argv[4] if len(argv) > 4 else "", description=argv[5] if len(argv) > 5 else None, widest=widest)
        if found is None:
            print(json.dumps({"error": "no match"}))
            return 1
        print(json.dumps(describe(found)))
        return 0
    if argv[1] == "selected":
        found = walk(app, argv[3], "", selected=True)
        if found is None:
            print(json.dumps({"error": "nothing selected"}))
            return 1
        out = describe(found)
        out["children"] = [(found.get_child_at_index(i).get_name() or "") for i in range(min(found.get_child_count(), 20))]
        print(json.dumps(out))
        return 0
    if argv[1] in ("item", "children"):
        container = walk(app, argv[3], argv[4] if argv[1] == "children" else "")
        count = container.get_child_count() if container is not None else 0
        kids = [container.get_child_at_index(i) for i in range(min(count, 500))]
        if argv[1] == "children":
            if container is None:
                print(json.dumps({"error": "no match"}))
                return 1
            print(json.dumps({"children": [(kid.get_name() or "") if kid is not None else "" for kid in kids]}))
            return 0
        found = next((kid for kid in kids if kid is not None and kid.get_role_name() == argv[4] and (kid.get_name() or "").strip() == argv[5]), None)
        if found is None:
            print(json.dumps({"error": "no match"}))
            return 1
        print(json.dumps(describe(found)))
        return 0
    if argv[1] == "within":
        outer = walk(app, argv[3], argv[4])
        found = walk(outer, argv[5], "") if outer is not None else None
        if found is None:
            print(json.dumps({"error": "no match"}))
            return 1
        print(json.dumps(describe(found)))
        return 0
    if argv[1] == "windows":
        windows = [app.get_child_at_index(i) for i in range(app.get_child_count())]
        print(json.dumps({"windows": [
            {"role": w.get_role_name(), "name": w.get_name() or "", "states": sorted(s.value_nick for s in w.get_state_set().get_states())}
            for w in windows if w is not None
        ]}))
        return 0
    if argv[1] == "cellattrs":
        table = walk(app, "table", "")
        cell = table.get_table_iface().get_accessible_at(int(argv[3]), int(argv[4])) if table is not None else None
        text = cell.get_text_iface() if cell is not None else None
        if text is None:
            print(json.dumps({"error": "no such cell"}))
            return 1
        attributes, _start, _end = text.get_attribute_run(0, True)
        print(json.dumps({"name": cell.get_name() or "", "text": text.get_text(0, text.get_character_count()), "attributes": dict(attributes)}))
        return 0
    if argv[1] == "descendants":
        found = walk(app, argv[3], argv[4] if len(argv) > 4 else "")
        if found is None:
            print(json.dumps({"error": "no match"}))
            return 1
        names = []

        def collect(acc, depth):
            for i in range(acc.get_child_count()):
                child = acc.get_child_at_index(i)
                if child is None or len(names) >= 40:
                    continue
                if child.get_name():
                    names.append(child.get_name())
                if depth < 8:
                    collect(child, depth + 1)

        collect(found, 1)
        out = describe(found)
        out["descendants"] = names
        print(json.dumps(out))
        return 0
    if argv[1] == "extents":
        found = walk(app, argv[3], argv[4] if len(argv) > 4 else "")
        if found is None:
            print(json.dumps({"error": "no match"}))
            return 1
        window = found
        while window.get_parent() is not None and window.get_parent().get_role() != Atspi.Role.APPLICATION:
            window = window.get_parent()

        def box(acc, coord):
            e = acc.get_extents(coord)
            return [e.x, e.y, e.width, e.height]

        print(json.dumps({
            "node": {"screen": box(found, Atspi.CoordType.SCREEN), "window": box(found, Atspi.CoordType.WINDOW)},
            "window": {"name": window.get_name() or "", "screen": box(window, Atspi.CoordType.SCREEN), "window": box(window, Atspi.CoordType.WINDOW)},
        }))
        return 0
    if argv[1] == "cell":
        table = walk(app, "table", "")
        cell = table.get_table_iface().get_accessible_at(int(argv[3]), int(argv[4])) if table is not None else None
        if cell is None:
            print(json.dumps({"error": "no such cell"}))
            return 1
        print(json.dumps(describe(cell)))
        return 0
    print(json.dumps({"error": "usage"}))
    return 2


if __name__ == "__main__":
    Atspi.set_timeout(2000, 2000)
    sys.exit(main(sys.argv))
