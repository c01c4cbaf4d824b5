#!/usr/bin/python3
"""Times each AT-SPI route to a big table's rows, raw D-Bus calls on the accessibility bus (Gio), one table at a time.

    table_routes.py APP [TIMEOUT_S]

For every table of APP's first window (largest last), one line of JSON per route: rows, seconds, what it returned.
Routes: Accessible.GetChildren of the table (one call), GetChildAtIndex for every row (pipelined in batches of 512),
Collection.GetMatches of every push button below the table (one call), GetMatchesFrom continuing from the last match
50 at a time (INORDER, first 20 calls timed), Table.GetAccessibleAt(row, 1) for every row (batched), and
Cache.GetItems of the app. A route that misses TIMEOUT_S is reported as such.
"""
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

APP = sys.argv[1]
TIMEOUT_MS = int(float(sys.argv[2] if len(sys.argv) > 2 else 120) * 1000)
PUSH_BUTTON = int(Atspi.Role.PUSH_BUTTON)


def bus():
    address = GLib.getenv("AT_SPI_BUS_ADDRESS")
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


CONN = bus()


def call(name, path, iface, member, args, reply):
    out = CONN.call_sync(name, path, iface, member, args, GLib.VariantType(reply), Gio.DBusCallFlags.NONE, TIMEOUT_MS, None)
    return out.unpack()[0]


def pipelined(name, calls, reply, batch=512):
    """Sends `calls` (path, iface, member, args) `batch` at a time, waiting for each batch's replies."""
    loop = GLib.MainLoop()
    results = [None] * len(calls)
    for start in range(0, len(calls), batch):
        pending = [0]

        def done(conn, res, i):
            try:
                results[i] = conn.call_finish(res).unpack()[0]
            except GLib.Error as error:
                results[i] = error
            pending[0] -= 1
            if pending[0] == 0:
                loop.quit()
        for i in range(start, min(len(calls), start + batch)):
            path, iface, member, args = calls[i]
            pending[0] += 1
            CONN.call(name, path, iface, member, args, GLib.VariantType(reply), Gio.DBusCallFlags.NONE, TIMEOUT_MS, None, done, i)
        loop.run()
    return results


def rule(roles):
    words = [0, 0, 0, 0]
    for r in roles:
        words[r >> 5] |= 1 << (r & 31)
    words = [w - (1 << 32) if w >= 1 << 31 else w for w in words]
    return GLib.Variant("(aiia{ss}iaiiasib)", ([0, 0], 1, {}, 1, words, 2, [], 1, False))


ONLY = GLib.getenv("ROUTES")


def timed(label, rows, f):
    if ONLY and not any(word in label for word in ONLY.split(",")):
        return
    start = time.monotonic()
    try:
        note = f()
    except GLib.Error as error:
        note = "failed: %s" % error.message
    print(json.dumps({"route": label, "rows": rows, "seconds": round(time.monotonic() - start, 3), "note": note}), flush=True)


def tables():
    import pyatspi
    desktop = pyatspi.Registry.getDesktop(0)
    app = next(a for a in desktop if a is not None and a.name == APP)
    window = app[0]
    # The page's document by Collection from the window (the first match ends the walk); the tables are its children.
    col = window.queryCollection()
    match = col.createMatchRule(pyatspi.StateSet(), col.MATCH_ALL, {}, col.MATCH_ALL, [pyatspi.ROLE_DOCUMENT_WEB], col.MATCH_ANY, [], col.MATCH_ALL, False)
    document = col.getMatches(match, col.SORT_ORDER_CANONICAL, 1, True)[0]
    found = [(table.childCount, table) for table in document if table is not None and table.getRole() == pyatspi.ROLE_TABLE]
    return sorted(found, key=lambda t: t[0])


def main():
    for rows, table in tables():
        name, path = table.app.bus_name, table.path

        def children():
            return "%d children" % len(call(name, path, "org.a11y.atspi.Accessible", "GetChildren", None, "(a(so))"))
        timed("Accessible.GetChildren", rows, children)

        def by_index():
            out = pipelined(name, [(path, "org.a11y.atspi.Accessible", "GetChildAtIndex", GLib.Variant("(i)", (i,))) for i in range(rows)], "((so))")
            return "%d rows" % sum(1 for r in out if not isinstance(r, GLib.Error))
        timed("GetChildAtIndex x rows", rows, by_index)

        def matches():
            out = call(name, path, "org.a11y.atspi.Collection", "GetMatches", GLib.Variant("((aiia{ss}iaiiasib)uib)", (rule([PUSH_BUTTON]).unpack(), 1, 0, True)), "(a(so))")
            return "%d buttons" % len(out)
        timed("Collection.GetMatches", rows, matches)

        def matches_from():
            first = call(name, path, "org.a11y.atspi.Collection", "GetMatches", GLib.Variant("((aiia{ss}iaiiasib)uib)", (rule([PUSH_BUTTON]).unpack(), 1, 1, True)), "(a(so))")
            current = first[0][1]
            times = []
            got = 1
            for _ in range(20):
                t = time.monotonic()
                out = call(name, path, "org.a11y.atspi.Collection", "GetMatchesFrom",
                           GLib.Variant("(o(aiia{ss}iaiiasib)uuib)", (current, rule([PUSH_BUTTON]).unpack(), 1, 2, 50, True)), "(a(so))")
                times.append(round(time.monotonic() - t, 3))
                if not out:
                    break
                got += len(out)
                current = out[-1][1]
            return "%d buttons in %d calls; per call %s" % (got, len(times), times[:5] + ["..."] + times[-3:])
        timed("Collection.GetMatchesFrom x20 (50 each)", rows, matches_from)

        def matches_from_all():
            first = call(name, path, "org.a11y.atspi.Collection", "GetMatches", GLib.Variant("((aiia{ss}iaiiasib)uib)", (rule([PUSH_BUTTON]).unpack(), 1, 1, True)), "(a(so))")
            current = first[0][1]
            times = []
            got = 1
            while True:
                t = time.monotonic()
                out = call(name, path, "org.a11y.atspi.Collection", "GetMatchesFrom",
                           GLib.Variant("(o(aiia{ss}iaiiasib)uuib)", (current, rule([PUSH_BUTTON]).unpack(), 1, 2, 500, True)), "(a(so))")
                times.append(round(time.monotonic() - t, 3))
                if not out:
                    break
                got += len(out)
                current = out[-1][1]
            return "%d buttons in %d calls of 500; per call %s" % (got, len(times), times[:3] + ["..."] + times[-3:])
        timed("Collection.GetMatchesFrom to the end (500 each)", rows, matches_from_all)

        def cells():
            out = pipelined(name, [(path, "org.a11y.atspi.Table", "GetAccessibleAt", GLib.Variant("(ii)", (i, 1))) for i in range(rows)], "((so))")
            return "%d cells" % sum(1 for r in out if not isinstance(r, GLib.Error))
        timed("Table.GetAccessibleAt x rows", rows, cells)

    name = tables()[0][1].app.bus_name

    def cache():
        return "%d items" % len(call(name, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems", None, "(a((so)(so)(so)iiassusau))"))
    timed("Cache.GetItems (whole app)", 0, cache)


main()
