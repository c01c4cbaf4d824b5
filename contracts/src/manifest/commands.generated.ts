// GENERATED from src/commands/ by `npm run generate` (contracts). Do not edit: change the command spec.
// Import-free on purpose: the CLI parser and wave read it without loading TypeBox. The value is parsed from JSON
// (faster to load than an object literal of this size); CommandManifest is its exact type. Marked pure, so a
// bundle that imports the vocabulary without using the manifest (the CLI's warm-host client) leaves it out.
export type CommandManifest = {
  readonly "globalFlags": {
    readonly "verbose": {
      readonly "short": "v"
      readonly "syntax": "switch"
      readonly "schema": {
        readonly "type": "boolean"
        readonly "description": "Debug log on stderr"
      }
    }
    readonly "headed": {
      readonly "syntax": "switch"
      readonly "schema": {
        readonly "type": "boolean"
        readonly "description": "Permit physical input and focus/cursor side effects (default: strictly headless)"
      }
    }
    readonly "session": {
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "string"
        readonly "maxLength": 256
        readonly "pattern": "^[A-Za-z0-9_-]{1,64}$"
        readonly "description": "Session id (snapshot namespace, trace); overrides AGENT_DESKTOP_SESSION"
      }
    }
    readonly "agent-id": {
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "string"
        readonly "maxLength": 256
        readonly "pattern": "^[A-Za-z0-9_-]{1,64}$"
        readonly "description": "Sub-agent id within --session; overrides AGENT_DESKTOP_AGENT_ID"
      }
    }
    readonly "trace": {
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "string"
        readonly "maxLength": 4096
        readonly "description": "Append trace JSONL to this file"
      }
    }
    readonly "trace-strict": {
      readonly "syntax": "switch"
      readonly "schema": {
        readonly "type": "boolean"
        readonly "description": "Fail when the trace cannot be written before the action"
      }
    }
    readonly "auto-recover": {
      readonly "syntax": "switch"
      readonly "schema": {
        readonly "type": "boolean"
        readonly "description": "On a failure whose retry is safe, run its recovery once (fresh snapshot, re-find the element, retry)"
      }
    }
    readonly "wait-for": {
      readonly "short": "w"
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "string"
        readonly "maxLength": 1024
        readonly "description": "After the action, poll until role:text is present; returns a snapshot"
      }
    }
    readonly "wait-for-gone": {
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "string"
        readonly "maxLength": 1024
        readonly "description": "After the action, poll until role:text is absent"
      }
    }
    readonly "wait-timeout": {
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "integer"
        readonly "minimum": 0
        readonly "maximum": 2147483647
        readonly "default": 30000
        readonly "description": "Budget of --wait-for / --wait-for-gone in ms"
      }
    }
    readonly "contract": {
      readonly "syntax": "value"
      readonly "schema": {
        readonly "type": "string"
        readonly "maxLength": 16
        readonly "default": "2.7"
        readonly "description": "Contract version of the envelope (2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7); overrides AGENT_DESKTOP_CONTRACT"
      }
    }
  }
  readonly "agentGroups": {
    readonly "click": {
      readonly "key": "variant"
      readonly "use": "Activate an element by ref: a button, link, menu item, tab, check box. Other variants click physically (the server needs --headed)."
    }
    readonly "toggle": {
      readonly "key": "state"
      readonly "use": "Flip a check box, switch or toggle button; with state, make it checked or unchecked whatever it was (idempotent)."
    }
    readonly "expand": {
      readonly "key": "action"
      readonly "use": "Open or close a tree node, combo box or disclosure by ref."
    }
    readonly "mouse": {
      readonly "key": "action"
      readonly "use": "Pointer input where no ref fits: move, click or wheel at screen coordinates, or hover a ref (physical: the server needs --headed)."
    }
    readonly "clipboard": {
      readonly "key": "action"
      readonly "use": "Read, write or clear the clipboard (text, a PNG or file URLs)."
    }
    readonly "list": {
      readonly "key": "what"
      readonly "use": "See what runs: apps (the names app arguments take), windows (ids for window_id, focus, bounds), an app's surfaces (dialogs, menus) or the displays."
    }
    readonly "window": {
      readonly "key": "action"
      readonly "use": "Bring a window to the front or change its geometry or state; target it by app or window_id."
    }
    readonly "notifications": {
      readonly "key": "operation"
      readonly "use": "Read desktop notifications, dismiss them or press one of their actions."
    }
    readonly "status": {
      readonly "key": "show"
      readonly "use": "Diagnose the setup: the platform and accessibility state (default), the binary's version, or missing permissions."
    }
  }
  readonly "commands": {
    readonly "snapshot": {
      readonly "summary": "Read a window's accessibility tree and save its refs"
      readonly "description": "Read an app's accessibility tree. Interactive elements get refs (@<snapshot_id>:e<N>) that the action commands take. Take a fresh snapshot after the UI changes; read data.complete before treating the tree as whole."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "interactive-only": {
          readonly "short": "i"
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Only elements that can get a ref, and their ancestors"
          }
          readonly "agentDefault": true
        }
        readonly "compact": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Collapse unnamed single-child group wrappers"
          }
          readonly "agentDefault": true
        }
        readonly "skeleton": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "The window's outline: about 40 nodes breadth first; a cut container has children_count and a ref for --root"
          }
        }
        readonly "root": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Ref of a subtree to observe (drill-down)"
          }
        }
        readonly "surface": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "window",
              "focused",
              "menu",
              "menubar",
              "sheet",
              "popover",
              "alert",
              "desktop",
              "taskbar",
              "system-tray",
              "system-tray-overflow",
              "quick-settings",
              "notification-center",
              "toolbar",
              "dock",
              "spotlight",
              "menu-bar-extras",
              "start-menu",
              "action-center"
            ]
            readonly "description": "Surface to observe"
          }
        }
        readonly "max-depth": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 64
            readonly "description": "Depth of the printed tree; deeper containers carry children_count"
          }
        }
        readonly "max-children": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "Children printed per container (default 50 with -i, else all; 0 = all); a cut container gets a ref and a hint with the next page's command"
          }
        }
        readonly "children-from": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "With --root: the root's children from this index (its next page)"
          }
        }
        readonly "include-bounds": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Emit each node's bounds"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 3000
            readonly "description": "Budget in ms; when spent, a partial snapshot"
          }
        }
        readonly "ocr": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "auto",
              "always",
              "never"
            ]
            readonly "description": "Screen text (OCR) as ocr statictext nodes: auto = where the tree cannot explain the pixels (no usable tree, a canvas), always = the whole window too, never"
            readonly "default": "auto"
          }
        }
        readonly "diff": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Only what changed since the window's last snapshot (or --since): added, removed, changed elements; unchanged refs stay valid"
          }
        }
        readonly "since": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "With --diff: the snapshot to compare with (default: the window's last)"
          }
        }
        readonly "force-electron-a11y": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Turn on renderer accessibility in Electron/Chromium apps first (Linux: chosen when the app starts, so this changes nothing; a window without it answers ACTION_NOT_SUPPORTED accessibility_inactive, saying how to restart the app)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Read a window before acting and whenever you need refs: its elements with refs, roles, names, values, states and actions."
      readonly "savesSnapshot": true
      readonly "readOnly": true
      readonly "replay": {
        readonly "as": "check"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "root"
          ]
          readonly "reason": "a --root drill-down pages a container of an earlier snapshot"
        }
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.6",
        "2.7"
      ]
    }
    readonly "find": {
      readonly "summary": "Find elements by role, name, value, text or state"
      readonly "description": "Search the live tree for elements by role and/or text; returns matches with refs. With --text, text the tree does not have is looked for on the screen (OCR; --ocr)."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "role": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Role, canonical or alias (button, textbox, ...)"
          }
        }
        readonly "name": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Accessible name (substring unless --exact)"
          }
        }
        readonly "value": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Value (substring unless --exact)"
          }
        }
        readonly "description": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Accessible description (substring unless --exact)"
          }
        }
        readonly "native-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Toolkit id (GTK widget name, AutomationId, ...)"
          }
          readonly "agentHidden": true
        }
        readonly "text": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Text contained in name, value, title or description of the subtree"
          }
        }
        readonly "exact": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Exact match (case-insensitive)"
          }
        }
        readonly "ocr": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "auto",
              "always",
              "never"
            ]
            readonly "description": "With --text, search the screen too (OCR): auto = when no tree node has the text, always, never. Acting on an ocr match needs --headed"
            readonly "default": "auto"
          }
        }
        readonly "state": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "State TOKEN[=true|false|1|0]; repeatable"
          }
        }
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "root": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Ref of a subtree to observe (drill-down)"
          }
        }
        readonly "surface": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "window",
              "focused",
              "menu",
              "menubar",
              "sheet",
              "popover",
              "alert",
              "desktop",
              "taskbar",
              "system-tray",
              "system-tray-overflow",
              "quick-settings",
              "notification-center",
              "toolbar",
              "dock",
              "spotlight",
              "menu-bar-extras",
              "start-menu",
              "action-center"
            ]
            readonly "description": "Surface to observe"
          }
        }
        readonly "count": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Only count the matches"
          }
        }
        readonly "first": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Only the first match"
          }
        }
        readonly "last": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Only the last match"
          }
        }
        readonly "nth": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "Only the match at this 0-based index"
          }
        }
        readonly "limit": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 50
            readonly "description": "At most this many matches (0 = all)"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 3000
            readonly "description": "Traversal budget in ms"
          }
        }
      }
      readonly "agentTool": true
      readonly "use": "Locate elements by role, name, value, text or state without reading the whole window (a row of a big table, a button by its label)."
      readonly "savesSnapshot": true
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1",
        "2.5",
        "2.7"
      ]
    }
    readonly "get": {
      readonly "summary": "Read one property of a ref"
      readonly "description": "Read one property of an element."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "property": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "text",
              "value",
              "title",
              "bounds",
              "role",
              "states"
            ]
            readonly "description": "Property to read"
            readonly "default": "text"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "agentTool": true
      readonly "use": "Read one property of an element (text, value, title, bounds, role, states), e.g. a result after an action."
      readonly "readOnly": true
      readonly "replay": {
        readonly "as": "check"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "is": {
      readonly "summary": "Test one state of a ref"
      readonly "description": "Check one state of an element."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "property": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "visible",
              "enabled",
              "checked",
              "focused",
              "expanded"
            ]
            readonly "description": "State to test"
            readonly "default": "visible"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "agentTool": true
      readonly "use": "Check one state of an element (visible, enabled, checked, focused, expanded) before or after acting."
      readonly "readOnly": true
      readonly "replay": {
        readonly "as": "check"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "screenshot": {
      readonly "summary": "Capture a window or screen"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): a PNG of the whole screen, one display (--screen, a list-displays id) or a window's on-screen rectangle (decorations and whatever covers it included), written 0600 to PATH or returned as base64."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "path"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 4096
            readonly "description": "PNG file to write (base64 in data when omitted)"
          }
        }
      ]
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "screen": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "Display index from list-displays (0 = primary)"
          }
        }
      }
      readonly "use": "See what the accessibility tree cannot show (images, canvas, layout): a PNG of a window, display or the screen."
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "list-surfaces": {
      readonly "summary": "List an app's surfaces"
      readonly "description": "On Linux: the app's showing top-level accessible surfaces (the focused window's app without --app), each a window, dialog, alert, menu (a popup menu, with item_count) or tooltip; ids are window ids for snapshot --window-id."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
      }
      readonly "use": "an app's windows, dialogs, menus and tooltips, ids for snapshot's window_id"
      readonly "agentGroup": {
        readonly "tool": "list"
        readonly "value": "surfaces"
      }
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "list-displays": {
      readonly "summary": "List displays"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): the XRandR monitors, primary first; each id is what screenshot --screen takes; scale is 1."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {}
      readonly "use": "displays, ids for screenshot's screen"
      readonly "agentGroup": {
        readonly "tool": "list"
        readonly "value": "displays"
      }
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "open-system-surface": {
      readonly "summary": "Open an OS shell surface"
      readonly "description": "On Linux: not supported (PLATFORM_NOT_SUPPORTED, nothing sent). Shell surfaces (notification center, quick settings, app grid) belong to each desktop shell, with no common API across GNOME, KDE, Xfce or a bare window manager; open them like any app (launch, press, click) and observe them with snapshot."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "not_applicable"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "refusal": {
        readonly "linux": "open-system-surface has no Linux counterpart: shell surfaces (notification center, quick settings, app grid) belong to each desktop shell, with no common API across GNOME, KDE, Xfce or a bare window manager"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "surface"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Shell surface kind (notification-center, quick-settings, ...)"
          }
        }
      ]
      readonly "flags": {}
      readonly "use": "Open a desktop shell surface (notification center, quick settings)."
      readonly "unconfirmed": true
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "watch": {
      readonly "summary": "Stream what happens in a window or app"
      readonly "description": "Watches a window (--window-id) or an app (--app: its windows, and those that open while it runs) and prints one envelope per event, one JSON line each, as it happens: a window, dialog, menu or other surface opening (with its kind and its snapshot, refs usable at once) or closing, focus moving, the app ending, and `changed`: the window's diff against the watch's last look (added, removed and changed elements with refs, the unchanged count; the whole snapshot when too much changed). The first event is what changed since the window's last snapshot. Event storms are coalesced (the window is read once the app is quiet, at most every 600 ms); where a toolkit may change things without an event the window is also read every --poll-ms. Ends after --timeout, after --count events, or when the window (app) is gone, with a last envelope that says why and, where nothing printed the events (an MCP call, a batch), carries them."
      readonly "category": "observation"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "event": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Only these kinds (window-opened, window-closed, surface-appeared, surface-dismissed, focus-changed, app-terminated, changed); repeatable"
          }
        }
        readonly "count": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 2147483647
            readonly "description": "Stop after this many events"
          }
        }
        readonly "timeout": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 60000
            readonly "description": "How long to watch, in ms"
          }
          readonly "agentDefault": 10000
        }
        readonly "poll-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 100
            readonly "maximum": 2147483647
            readonly "default": 1000
            readonly "description": "Where changes may come without an event, read the window this often (ms)"
          }
          readonly "agentHidden": true
        }
        readonly "interactive-only": {
          readonly "short": "i"
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Diffs and snapshots print elements with refs only (and their ancestors)"
          }
          readonly "agentDefault": true
        }
        readonly "compact": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Collapse unnamed single-child group wrappers"
          }
          readonly "agentDefault": true
        }
      }
      readonly "use": "Follow a window or app for a while: dialogs and windows opening (with refs), focus, and the window's changes as diffs with refs, instead of snapshotting again and again."
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.7"
      ]
    }
    readonly "click": {
      readonly "summary": "Click (activate) an element"
      readonly "description": "Click (activate) an element."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "accessible activation (default)"
      readonly "agentGroup": {
        readonly "tool": "click"
        readonly "value": "click"
        readonly "default": true
      }
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "double-click": {
      readonly "summary": "Double-click an element (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent."
      readonly "category": "ref-action"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "use": "double-click, physical"
      readonly "agentGroup": {
        readonly "tool": "click"
        readonly "value": "double"
      }
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "triple-click": {
      readonly "summary": "Triple-click an element (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent."
      readonly "category": "ref-action"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "use": "triple-click, physical"
      readonly "agentGroup": {
        readonly "tool": "click"
        readonly "value": "triple"
      }
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "right-click": {
      readonly "summary": "Right-click an element (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent."
      readonly "category": "ref-action"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "use": "right-click, physical"
      readonly "agentGroup": {
        readonly "tool": "click"
        readonly "value": "right"
      }
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "type": {
      readonly "summary": "Type text into an element"
      readonly "description": "Type text into an element."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        },
        {
          readonly "key": "text"
          readonly "required": true
          readonly "allowDash": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 65536
            readonly "description": "Text to type (may start with '-'; use -- before a text starting with --)"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Enter text into a text field as typing would."
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "set-value": {
      readonly "summary": "Set an element's value directly (text fields, sliders, spin buttons)"
      readonly "description": "Set an element's value directly (text fields, sliders, spin buttons)."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        },
        {
          readonly "key": "value"
          readonly "required": true
          readonly "allowDash": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 65536
            readonly "description": "New value"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Set a text field's, slider's or spin button's value in one step."
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "clear": {
      readonly "summary": "Clear a text field"
      readonly "description": "Clear a text field."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Empty a text field."
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "focus": {
      readonly "summary": "Move keyboard focus to an element"
      readonly "description": "Move keyboard focus to an element."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Give an element the keyboard focus, e.g. before press."
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "select": {
      readonly "summary": "Select an option of a list or combo box by its text"
      readonly "description": "Select an option of a list or combo box by its text."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        },
        {
          readonly "key": "value"
          readonly "required": true
          readonly "allowDash": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 65536
            readonly "description": "Option text"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Choose an option of a list or combo box by its text."
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "toggle": {
      readonly "summary": "Toggle a check box, switch or toggle button"
      readonly "description": "Toggle a check box, switch or toggle button."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "flip (default)"
      readonly "agentGroup": {
        readonly "tool": "toggle"
        readonly "value": "toggle"
        readonly "default": true
      }
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "check": {
      readonly "summary": "Make sure a check box is checked (idempotent)"
      readonly "description": "Make sure a check box is checked (idempotent)."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "make it checked"
      readonly "agentGroup": {
        readonly "tool": "toggle"
        readonly "value": "checked"
      }
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "uncheck": {
      readonly "summary": "Make sure a check box is unchecked (idempotent)"
      readonly "description": "Make sure a check box is unchecked (idempotent)."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "make it unchecked"
      readonly "agentGroup": {
        readonly "tool": "toggle"
        readonly "value": "unchecked"
      }
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "expand": {
      readonly "summary": "Expand a tree node, combo box or disclosure"
      readonly "description": "Expand a tree node, combo box or disclosure."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "open (default)"
      readonly "agentGroup": {
        readonly "tool": "expand"
        readonly "value": "expand"
        readonly "default": true
      }
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "collapse": {
      readonly "summary": "Collapse a tree node, combo box or disclosure"
      readonly "description": "Collapse a tree node, combo box or disclosure."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "close"
      readonly "agentGroup": {
        readonly "tool": "expand"
        readonly "value": "collapse"
      }
      readonly "stateful": true
      readonly "needsEnabled": true
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "scroll": {
      readonly "summary": "Scroll an element"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): AT-SPI has no scroll action, so scroll needs --headed: wheel notches over the element's centre after the identity, focus and pointer actionability checks (POLICY_DENIED without it)."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
        readonly "direction": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "up",
              "down",
              "left",
              "right"
            ]
            readonly "description": "Direction"
            readonly "default": "down"
          }
        }
        readonly "amount": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 100
            readonly "default": 3
            readonly "description": "Steps"
          }
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Scroll a container by wheel steps (physical: the server needs --headed)."
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "scroll-to": {
      readonly "summary": "Scroll an element into view"
      readonly "description": "Scroll an element into view."
      readonly "category": "ref-action"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Bring an element that is offscreen into view."
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.4",
        "2.6",
        "2.7"
      ]
    }
    readonly "press": {
      readonly "summary": "Press a key combination"
      readonly "description": "Press a key combination, e.g. ctrl+s or return, or type --text through the keyboard. The key is one of return, enter, escape, esc, tab, space, backspace, delete, up, down, left, right, home, end, pageup, pagedown, f1-f35, any single character (-, /, >, é, €; after -- when it starts with -), or any X keysym name (minus, slash, greater, ampersand, KP_Enter, XF86AudioMute; as X spells them, or differing only in case when that names one key); the layout's keys type it, and a character the layout lacks is bound to a spare key. --text types each character as its key (newline is Return, tab is Tab) into whatever holds the keyboard focus: the way into what takes no text through accessibility (terminals, Tk apps, canvases); the envelope and the trace never echo it. Dangerous combinations (ctrl+q, alt+f4, ctrl+alt+delete, ...) need --force. Keys go to the active window: with --app/--window-id, --headed makes that window the active one first (verified through the window manager); without --headed, while another app's window holds the keyboard focus, it is refused (POLICY_DENIED window_not_active), nothing sent."
      readonly "category": "keyboard"
      readonly "headed": "optional"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "combo"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return, minus, ctrl+-; omit with --text"
          }
        }
      ]
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "text": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 65536
            readonly "description": "Text to type through the keyboard instead of a combo (newline = Return, tab = Tab)"
          }
        }
        readonly "force": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Send even a dangerous combination"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "agentTool": true
      readonly "use": "Press keys and shortcuts (ctrl+s, return, tab, escape) in the focused or given window."
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.4"
      ]
    }
    readonly "key-down": {
      readonly "summary": "Hold a key (fails closed)"
      readonly "description": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release."
      readonly "category": "keyboard"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "fail_closed"
        readonly "macos": "fail_closed"
        readonly "windows": "fail_closed"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "combo"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return"
          }
        }
      ]
      readonly "flags": {
        readonly "force": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Send even a dangerous combination"
          }
        }
      }
      readonly "use": "Hold a key."
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "held keys always fail closed"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "key-up": {
      readonly "summary": "Release a key (fails closed)"
      readonly "description": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release."
      readonly "category": "keyboard"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "fail_closed"
        readonly "macos": "fail_closed"
        readonly "windows": "fail_closed"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "combo"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return"
          }
        }
      ]
      readonly "flags": {
        readonly "force": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Send even a dangerous combination"
          }
        }
      }
      readonly "use": "Release a held key."
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "held keys always fail closed"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "hover": {
      readonly "summary": "Move the pointer over an element or point (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): moves the pointer to --xy, or to a ref's centre after its identity is proven, its window focused and the pointer actionability checks pass; verified by reading the pointer back."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ref_id"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Element ref from a snapshot, e.g. @s8f3k2p9:e7"
          }
        }
      ]
      readonly "flags": {
        readonly "xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Screen point (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
        readonly "duration": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "Hold time in ms; only 0 is accepted (a positive duration is refused)"
          }
          readonly "agentHidden": true
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "use": "move the pointer over a ref or xy"
      readonly "agentGroup": {
        readonly "tool": "mouse"
        readonly "value": "hover"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "absent": readonly [
            "ref_id"
          ]
          readonly "reason": "it hovers a screen point, not an element"
        }
      }
      readonly "operationReport": {
        readonly "target": "pointer"
        readonly "flags": readonly [
          "hovered"
        ]
        readonly "echoed": readonly [
          "x",
          "y"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.5",
        "2.6",
        "2.7"
      ]
    }
    readonly "drag": {
      readonly "summary": "Drag between refs or points (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): left button down at the source, moved in steps over --duration, held over the target for --drop-delay, then released (always). Ref endpoints pass the identity, focus and actionability checks; points on no display are INVALID_ARGS."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "from": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Ref to drag from"
          }
        }
        readonly "from-xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Point to drag from (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
        readonly "to": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Ref to drop on"
          }
        }
        readonly "to-xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Point to drop on (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
        readonly "duration": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 10000
            readonly "default": 300
            readonly "description": "Movement time in ms"
          }
        }
        readonly "drop-delay": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 10000
            readonly "default": 500
            readonly "description": "Pause before releasing, in ms"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "Actionability + resolution budget in ms (0 = single shot)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "waitFor": true
      readonly "use": "Drag and drop between refs or screen points (physical: the server needs --headed)."
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "absent": readonly [
            "from",
            "to"
          ]
          readonly "reason": "it drags from or to a screen point, not between elements"
        }
      }
      readonly "operationReport": {
        readonly "target": "drag"
        readonly "flags": readonly [
          "dragged"
        ]
        readonly "echoed": readonly [
          "from",
          "to"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.2",
        "2.5",
        "2.6",
        "2.7"
      ]
    }
    readonly "mouse-move": {
      readonly "summary": "Move the pointer (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): XTEST motion to a global screen point, verified by reading the pointer back. A point on no display is INVALID_ARGS, nothing sent."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Screen point (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
      }
      readonly "use": "move the pointer to xy"
      readonly "agentGroup": {
        readonly "tool": "mouse"
        readonly "value": "move"
      }
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "it acts on a screen point, not an element"
      }
      readonly "operationReport": {
        readonly "target": "pointer"
        readonly "flags": readonly [
          "moved"
        ]
        readonly "echoed": readonly [
          "x",
          "y"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "mouse-click": {
      readonly "summary": "Click at a point (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): XTEST button presses at a global screen point, modifiers held throughout and always released. Focuses nothing and cannot prove which app got the click (delivered_unverified). A point on no display is INVALID_ARGS, nothing sent."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Screen point (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
        readonly "button": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "left",
              "right",
              "middle"
            ]
            readonly "description": "Mouse button"
            readonly "default": "left"
          }
        }
        readonly "count": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 3
            readonly "default": 1
            readonly "description": "Clicks: 2 = double, 3 = triple"
          }
        }
        readonly "modifiers": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Modifier held (ctrl, alt, shift, cmd); repeatable"
          }
        }
      }
      readonly "use": "click at xy (button, count, modifiers)"
      readonly "agentGroup": {
        readonly "tool": "mouse"
        readonly "value": "click"
      }
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "it acts on a screen point, not an element"
      }
      readonly "operationReport": {
        readonly "target": "pointer"
        readonly "flags": readonly [
          "clicked"
        ]
        readonly "echoed": readonly [
          "x",
          "y",
          "count"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "mouse-down": {
      readonly "summary": "Hold a mouse button (fails closed)"
      readonly "description": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "fail_closed"
        readonly "macos": "fail_closed"
        readonly "windows": "fail_closed"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Screen point (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
        readonly "button": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "left",
              "right",
              "middle"
            ]
            readonly "description": "Mouse button"
            readonly "default": "left"
          }
        }
        readonly "modifiers": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Modifier held (ctrl, alt, shift, cmd); repeatable"
          }
        }
      }
      readonly "use": "Hold a mouse button."
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "it acts on a screen point, not an element"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "mouse-up": {
      readonly "summary": "Release a mouse button (fails closed)"
      readonly "description": "Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "fail_closed"
        readonly "macos": "fail_closed"
        readonly "windows": "fail_closed"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "xy": {
          readonly "syntax": "xy"
          readonly "schema": {
            readonly "type": "object"
            readonly "required": readonly [
              "x",
              "y"
            ]
            readonly "properties": {
              readonly "x": {
                readonly "type": "number"
              }
              readonly "y": {
                readonly "type": "number"
              }
            }
            readonly "description": "Screen point (X,Y; '=' before negatives: --xy=-10,5)"
          }
        }
        readonly "button": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "left",
              "right",
              "middle"
            ]
            readonly "description": "Mouse button"
            readonly "default": "left"
          }
        }
        readonly "modifiers": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Modifier held (ctrl, alt, shift, cmd); repeatable"
          }
        }
      }
      readonly "use": "Release a held mouse button."
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "it acts on a screen point, not an element"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "mouse-wheel": {
      readonly "summary": "Scroll the wheel at a point (headed only)"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): wheel notches (X buttons 4-7) at the point; dy > 0 scrolls up, dx > 0 left. A point on no display is INVALID_ARGS."
      readonly "category": "mouse"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "x": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": -2147483647
            readonly "maximum": 2147483647
            readonly "description": "Screen x (required)"
          }
        }
        readonly "y": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": -2147483647
            readonly "maximum": 2147483647
            readonly "description": "Screen y (required)"
          }
        }
        readonly "dy": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": -100
            readonly "maximum": 100
            readonly "default": -3
            readonly "description": "Vertical steps, positive = up"
          }
        }
        readonly "dx": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": -100
            readonly "maximum": 100
            readonly "default": 0
            readonly "description": "Horizontal steps, positive = left"
          }
        }
        readonly "modifiers": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Modifier held (ctrl, alt, shift, cmd); repeatable"
          }
        }
      }
      readonly "use": "wheel steps dy/dx at x,y"
      readonly "agentGroup": {
        readonly "tool": "mouse"
        readonly "value": "wheel"
      }
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "it acts on a screen point, not an element"
      }
      readonly "operationReport": {
        readonly "target": "pointer"
        readonly "flags": readonly [
          "scrolled"
        ]
        readonly "echoed": readonly [
          "dy",
          "dx"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "clipboard-get": {
      readonly "summary": "Read the clipboard"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): reads the CLIPBOARD selection (incremental transfers included): text, image/png written to --out (default a 0600 file under the state root's tmp folder), or file URIs from text/uri-list."
      readonly "category": "clipboard"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "format": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "text",
              "auto",
              "image",
              "file-urls"
            ]
            readonly "description": "What to read"
            readonly "default": "text"
          }
        }
        readonly "out": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 4096
            readonly "description": "PNG file for an image (default: a private file in the session or state root)"
          }
        }
      }
      readonly "use": "read (format)"
      readonly "agentGroup": {
        readonly "tool": "clipboard"
        readonly "value": "get"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "clipboard-set": {
      readonly "summary": "Write the clipboard"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): a small detached owner process takes the CLIPBOARD selection and serves the text, PNG or file URIs (INCR for large content) until anything else is copied, then exits; the content is read back through the X server."
      readonly "category": "clipboard"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "text"
          readonly "required": false
          readonly "allowDash": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 65536
            readonly "description": "Text to put on the clipboard"
          }
        }
      ]
      readonly "flags": {
        readonly "image": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 4096
            readonly "description": "PNG file to put on the clipboard (beats TEXT)"
          }
        }
        readonly "file-url": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Existing file to put on the clipboard as a URL; repeatable (beats TEXT)"
          }
        }
      }
      readonly "use": "write text, an image or file_url"
      readonly "agentGroup": {
        readonly "tool": "clipboard"
        readonly "value": "set"
      }
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "operationReport": {
        readonly "target": "clipboard"
        readonly "flags": readonly [
          "ok"
        ]
        readonly "echoed": readonly [
          "type"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "clipboard-clear": {
      readonly "summary": "Clear the clipboard"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): the CLIPBOARD selection gets no owner (its owner, ours or an app's, lets go; our owner process exits); read back."
      readonly "category": "clipboard"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {}
      readonly "use": "empty it"
      readonly "agentGroup": {
        readonly "tool": "clipboard"
        readonly "value": "clear"
      }
      readonly "replay": {
        readonly "as": "action"
      }
      readonly "operationReport": {
        readonly "target": "clipboard"
        readonly "flags": readonly [
          "cleared"
        ]
        readonly "echoed": readonly []
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "launch": {
      readonly "summary": "Launch an application"
      readonly "description": "Launch an application and wait for its window. On Linux: APP is an executable path, a command on PATH or a desktop id (its Exec line); a running app of that name is attached to (ACTION_FAILED with --no-attach). The process starts in its own session; the command waits until it is on the accessibility registry with a window (exits first: APP_UNRESPONSIVE; shows no window: TIMEOUT). A process whose window is mapped but which stays off the registry for 2 s has no accessible tree: launch answers then, without a window, with a suggestion naming its toolkit's way to turn accessibility on (GTK 2 GTK_MODULES, Qt QT_LINUX_ACCESSIBILITY_ALWAYS_ON, Java's ATK wrapper, Chromium's --force-renderer-accessibility) and the pixel route (screenshot, --headed mouse-click --xy, press). --activate focuses the window through the window manager. --cdp [PORT] starts a Chromium-based app (Chromium, Chrome, Electron) with a DevTools endpoint on 127.0.0.1, or a Gecko app (Firefox) with its WebDriver BiDi endpoint, and reports it as `cdp` (with its protocol: devtools or webdriver-bidi) once it answers (a running app cannot gain one: ACTION_FAILED cdp_requires_fresh_launch; a port in use or an --arg with remote-debugging switches: INVALID_ARGS; no answer: ACTION_FAILED cdp_endpoint_unavailable). Through it, text goes into the browser's fields on AT-SPI refs without --headed. The endpoint has no authentication: any local process can drive the browser, its cookies and files through it while it runs, so give it a throwaway profile (--arg=--user-data-dir=DIR, Firefox --arg=--profile --arg=DIR; Google Chrome 136+ refuses the switch on its default profile)."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "app"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name or desktop id"
          }
        }
      ]
      readonly "flags": {
        readonly "timeout": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 30000
            readonly "description": "How long to wait for the app, in ms"
          }
        }
        readonly "arg": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Argument for the app (--arg=-x for a dash); repeatable"
          }
        }
        readonly "env": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "Environment entry K=V; repeatable"
          }
        }
        readonly "cwd": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 4096
            readonly "description": "Working directory"
          }
        }
        readonly "no-attach": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Refuse to attach to a running instance"
          }
        }
        readonly "activate": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Bring the window to the front"
          }
        }
        readonly "cdp": {
          readonly "syntax": "optional-value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 65535
            readonly "description": "DevTools or Firefox BiDi port (0/none: a free one)"
          }
        }
      }
      readonly "agentTool": true
      readonly "use": "Start an app (or attach to it when it runs) and wait for its window."
      readonly "replay": {
        readonly "as": "lifecycle"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.3",
        "2.7"
      ]
    }
    readonly "close-app": {
      readonly "summary": "Close an application"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): graceful asks the window manager to close each of the app's windows (_NET_CLOSE_WINDOW, as their close buttons would); --force sends SIGTERM, then SIGKILL. An app without an accessibility tree is found by its process name and its window. Success once the process is gone, or once every window of it is gone while the process keeps running (a background service; details.process_running); a window left after 5 s (e.g. a save dialog): ACTION_FAILED. --force succeeds only once the process is gone. The session's shell, window manager, display server, buses and agent-desktop itself are never closed (INVALID_ARGS)."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "app"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name"
          }
        }
      ]
      readonly "flags": {
        readonly "force": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "SIGTERM, then SIGKILL, instead of a graceful close"
          }
        }
      }
      readonly "agentTool": true
      readonly "use": "Quit an app as its windows' close buttons would (force: kill it)."
      readonly "replay": {
        readonly "as": "lifecycle"
      }
      readonly "operationReport": {
        readonly "target": "app"
        readonly "flags": readonly [
          "requested",
          "closed"
        ]
        readonly "echoed": readonly [
          "app",
          "method"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "list-apps": {
      readonly "summary": "List running accessible applications"
      readonly "description": "List running accessible applications."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Only names containing this text"
          }
        }
      }
      readonly "agentTool": true
      readonly "use": "running accessible apps (default; app filters by name)"
      readonly "agentGroup": {
        readonly "tool": "list"
        readonly "value": "apps"
        readonly "default": true
      }
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1",
        "2.7"
      ]
    }
    readonly "list-windows": {
      readonly "summary": "List windows"
      readonly "description": "List windows."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Only this application (list-apps name)"
          }
        }
      }
      readonly "agentTool": true
      readonly "use": "open windows (app: only its)"
      readonly "agentGroup": {
        readonly "tool": "list"
        readonly "value": "windows"
      }
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1",
        "2.7"
      ]
    }
    readonly "focus-window": {
      readonly "summary": "Focus a window"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "title": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window title (substring)"
          }
        }
      }
      readonly "use": "bring to the front"
      readonly "agentGroup": {
        readonly "tool": "window"
        readonly "value": "focus"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "resize-window": {
      readonly "summary": "Resize a window"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "width": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 32767
            readonly "description": "New width"
          }
        }
        readonly "height": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 32767
            readonly "description": "New height"
          }
        }
      }
      readonly "use": "set width and height"
      readonly "agentGroup": {
        readonly "tool": "window"
        readonly "value": "resize"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "operationReport": {
        readonly "target": "window"
        readonly "flags": readonly [
          "resized"
        ]
        readonly "echoed": readonly [
          "width",
          "height"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "move-window": {
      readonly "summary": "Move a window"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
        readonly "x": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": -32767
            readonly "maximum": 32767
            readonly "description": "New x"
          }
        }
        readonly "y": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": -32767
            readonly "maximum": 32767
            readonly "description": "New y"
          }
        }
      }
      readonly "use": "set x and y"
      readonly "agentGroup": {
        readonly "tool": "window"
        readonly "value": "move"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "operationReport": {
        readonly "target": "window"
        readonly "flags": readonly [
          "moved"
        ]
        readonly "echoed": readonly [
          "x",
          "y"
        ]
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "minimize": {
      readonly "summary": "Minimize a window"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
      }
      readonly "use": "minimize"
      readonly "agentGroup": {
        readonly "tool": "window"
        readonly "value": "minimize"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "operationReport": {
        readonly "target": "window"
        readonly "flags": readonly [
          "minimized"
        ]
        readonly "echoed": readonly []
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "maximize": {
      readonly "summary": "Maximize a window"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
      }
      readonly "use": "maximize"
      readonly "agentGroup": {
        readonly "tool": "window"
        readonly "value": "maximize"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "operationReport": {
        readonly "target": "window"
        readonly "flags": readonly [
          "maximized"
        ]
        readonly "echoed": readonly []
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "restore": {
      readonly "summary": "Restore a window"
      readonly "description": "On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed."
      readonly "category": "app-window"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Application name as list-apps prints it"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window id from list-windows"
          }
        }
      }
      readonly "use": "restore from minimized or maximized"
      readonly "agentGroup": {
        readonly "tool": "window"
        readonly "value": "restore"
      }
      readonly "replay": {
        readonly "as": "action"
        readonly "refusedWhen": {
          readonly "present": readonly [
            "window_id"
          ]
          readonly "absent": readonly [
            "app"
          ]
          readonly "reason": "it names a window by id, and window ids die with their window (name the app instead)"
        }
      }
      readonly "operationReport": {
        readonly "target": "window"
        readonly "flags": readonly [
          "restored"
        ]
        readonly "echoed": readonly []
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.5"
      ]
    }
    readonly "list-notifications": {
      readonly "summary": "List notifications"
      readonly "description": "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses)."
      readonly "category": "notification"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Only this application (list-apps name)"
          }
        }
        readonly "text": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Only notifications containing this text"
          }
        }
        readonly "limit": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "At most this many"
          }
        }
      }
      readonly "use": "list them (default)"
      readonly "agentGroup": {
        readonly "tool": "notifications"
        readonly "value": "list"
        readonly "default": true
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "dismiss-notification": {
      readonly "summary": "Dismiss one notification"
      readonly "description": "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). Dismiss clicks the popup (headed) after the fingerprint matched, and reads it back gone."
      readonly "category": "notification"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "index"
          readonly "required": true
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 2147483647
            readonly "description": "1-based index from list-notifications"
          }
        }
      ]
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Filter by app before indexing"
          }
        }
        readonly "expected-app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Fingerprint: the notification's app must be this"
          }
        }
        readonly "expected-title": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Fingerprint: the notification's title must be this"
          }
        }
      }
      readonly "use": "dismiss one by index"
      readonly "agentGroup": {
        readonly "tool": "notifications"
        readonly "value": "dismiss"
      }
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "notification indexes do not outlive their notifications"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "dismiss-all-notifications": {
      readonly "summary": "Dismiss all notifications"
      readonly "description": "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). Each popup is clicked closed (headed) and read back gone."
      readonly "category": "notification"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Only this application (list-apps name)"
          }
        }
      }
      readonly "use": "dismiss all"
      readonly "agentGroup": {
        readonly "tool": "notifications"
        readonly "value": "dismiss-all"
      }
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "the notifications it dismissed do not outlive the recording"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "notification-action": {
      readonly "summary": "Press a notification's action"
      readonly "description": "On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \"\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). The action's button is pressed through AT-SPI after the fingerprint (if given) matched."
      readonly "category": "notification"
      readonly "headed": "required"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "index"
          readonly "required": true
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 2147483647
            readonly "description": "1-based index from list-notifications"
          }
        },
        {
          readonly "key": "action"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Action name as list-notifications prints it"
          }
        }
      ]
      readonly "flags": {
        readonly "expected-app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Fingerprint: the notification's app must be this"
          }
        }
        readonly "expected-title": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Fingerprint: the notification's title must be this"
          }
        }
      }
      readonly "use": "press an action of one by index"
      readonly "agentGroup": {
        readonly "tool": "notifications"
        readonly "value": "press"
      }
      readonly "replay": {
        readonly "as": "refused"
        readonly "reason": "notification indexes do not outlive their notifications"
      }
      readonly "dataVersions": readonly [
        "2.1",
        "2.4"
      ]
    }
    readonly "status": {
      readonly "summary": "Platform, permissions and state"
      readonly "description": "Platform, permissions and state."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {}
      readonly "use": "platform and accessibility state (default)"
      readonly "agentGroup": {
        readonly "tool": "status"
        readonly "value": "status"
        readonly "default": true
      }
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1",
        "2.6"
      ]
    }
    readonly "permissions": {
      readonly "summary": "Permission states"
      readonly "description": "Permission states."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {
        readonly "request": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Ask for missing permissions (isolated, time-bounded)"
          }
        }
        readonly "guide": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Open the settings that grant them (macOS)"
          }
        }
      }
      readonly "use": "permission states; request asks for missing ones"
      readonly "agentGroup": {
        readonly "tool": "status"
        readonly "value": "permissions"
      }
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "version": {
      readonly "summary": "Binary version and the contract versions it speaks"
      readonly "description": "Binary version and the contract versions it speaks."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly []
      readonly "flags": {}
      readonly "use": "binary and contract versions"
      readonly "agentGroup": {
        readonly "tool": "status"
        readonly "value": "version"
      }
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1",
        "2.6"
      ]
    }
    readonly "skills": {
      readonly "summary": "Embedded guides for agents (list, get NAME [REF], path)"
      readonly "description": "Embedded guides for agents (list, get NAME [REF], path)."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "action"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "default": "list"
            readonly "description": "list, get or path"
          }
        },
        {
          readonly "key": "name"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Skill name or alias (skills get)"
          }
        },
        {
          readonly "key": "reference"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Reference stem or references/<file>.md"
          }
        }
      ]
      readonly "flags": {
        readonly "full": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Inline the references"
          }
        }
      }
      readonly "subActions": readonly [
        "list",
        "get",
        "path"
      ]
      readonly "use": "Read the usage guides: how to drive apps with these tools, per toolkit and task."
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "batch": {
      readonly "summary": "Run several commands"
      readonly "description": "Run several commands."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "json"
          readonly "required": true
          readonly "allowDash": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 1048576
            readonly "description": "JSON array of {command, args, session?} (<= 64 entries, <= 1 MiB)"
          }
        }
      ]
      readonly "flags": {
        readonly "stop-on-error": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Stop at the first failed entry"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 60000
            readonly "description": "Budget for the whole batch in ms"
          }
        }
      }
      readonly "use": "Run several commands in one call when you know all their arguments in advance."
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "cursor-overlay": {
      readonly "summary": "Show or hide the agent cursor"
      readonly "description": "On Linux: not supported (PLATFORM_NOT_SUPPORTED, nothing sent). Pointer commands (--headed) move the real X pointer through XTEST, so the visible cursor already is the agent's cursor: there is no second, agent-only cursor to show; `agent-desktop mouse-move --headed --xy X,Y` shows a point, list-displays and screenshot show where input lands."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "not_applicable"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "refusal": {
        readonly "linux": "cursor-overlay has no Linux counterpart: pointer commands move the real X pointer (XTEST), so the visible cursor already is the agent's cursor"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "action"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "enable or disable"
          }
        }
      ]
      readonly "flags": {}
      readonly "subActions": readonly [
        "enable",
        "disable"
      ]
      readonly "use": "Show or hide an agent cursor."
      readonly "unconfirmed": true
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "wait": {
      readonly "summary": "Wait for an element, window, text or time"
      readonly "description": "Wait for a number of milliseconds, or until an element, window, text, menu or event appears."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "ms"
          readonly "required": false
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "Milliseconds to sleep"
          }
        }
      ]
      readonly "flags": {
        readonly "element": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Ref to wait for"
          }
        }
        readonly "predicate": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "exists",
              "enabled",
              "visible",
              "actionable",
              "value"
            ]
            readonly "description": "Condition on --element"
            readonly "default": "exists"
          }
        }
        readonly "value": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 65536
            readonly "description": "Expected value (--predicate value)"
          }
        }
        readonly "action": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "click",
              "type",
              "set-value",
              "clear"
            ]
            readonly "description": "Action --predicate actionable checks readiness for"
          }
        }
        readonly "window": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Window title to wait for"
          }
        }
        readonly "text": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Text to wait for"
          }
        }
        readonly "count": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 1
            readonly "maximum": 2147483647
            readonly "default": 1
            readonly "description": "How many --text occurrences"
          }
        }
        readonly "menu": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Wait until a menu is open"
          }
        }
        readonly "menu-closed": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Wait until no menu is open"
          }
        }
        readonly "notification": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Wait for a notification (with --text: containing it)"
          }
        }
        readonly "event": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "window-opened",
              "window-closed",
              "app-launched",
              "app-terminated",
              "focus-changed",
              "surface-appeared",
              "surface-dismissed",
              "changed"
            ]
            readonly "description": "Desktop event to wait for; changed: the window changed (a diff with refs; what changed since its last snapshot counts)"
          }
        }
        readonly "window-id": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Only events of this window"
          }
        }
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Scope to this application"
          }
        }
        readonly "timeout": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 30000
            readonly "description": "Budget in ms"
          }
        }
      }
      readonly "agentTool": true
      readonly "use": "Wait until something happens (an element, window, text, menu, notification or desktop event) instead of polling, or sleep."
      readonly "readOnly": true
      readonly "dataVersions": readonly [
        "2.1",
        "2.7"
      ]
    }
    readonly "session": {
      readonly "summary": "Sessions: start, end [ID], list, gc"
      readonly "description": "Sessions: start, end [ID], list, gc."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "action"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "start, end, list or gc"
          }
        },
        {
          readonly "key": "session_id"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "pattern": "^[A-Za-z0-9_-]{1,64}$"
            readonly "description": "Session to end (default: --session or AGENT_DESKTOP_SESSION)"
          }
        }
      ]
      readonly "flags": {
        readonly "name": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "Label of the new session"
          }
        }
        readonly "no-trace": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Do not record a trace"
          }
        }
        readonly "screenshots": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "Record pre/post screenshots and refmaps (artifacts: full)"
          }
        }
        readonly "older-than": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "gc: only sessions older than this many seconds"
          }
        }
        readonly "ended": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "gc: only ended sessions"
          }
        }
        readonly "machine": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "list: only sessions with an invocation that ran on this machine (AGENT_DESKTOP_MACHINE or its host name)"
          }
          readonly "agentHidden": true
        }
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "list: only sessions with an invocation on this app (the request's app, or the app of the ref it acted on)"
          }
          readonly "agentHidden": true
        }
        readonly "outcome": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "list: only sessions with an invocation that ended so: ok, error, open, an error code (POLICY_DENIED) or a delivery (delivered_unverified)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "subActions": readonly [
        "start",
        "end",
        "list",
        "gc"
      ]
      readonly "use": "Group the following calls into a recorded session (start, end, list, gc)."
      readonly "dataVersions": readonly [
        "2.1"
      ]
    }
    readonly "trace": {
      readonly "summary": "Trace of a session: show, export, replay"
      readonly "description": "show and export print a session's recorded events (redacted). replay runs a recorded session again without a model: each recorded action's element found by its recorded identity in the app as it runs now (twins refused), acted on through the normal command path, verified by the recorded read-back and the recorded observations that followed; the first divergence stops it with the expected and observed elements. Typed text was never stored: --secret NAME=TEXT or the environment variable the recording names supplies it. The replay is a session of its own. export --as batch writes the actions as a batch file with locators for a person to edit and run."
      readonly "category": "system"
      readonly "headed": "none"
      readonly "support": {
        readonly "linux": "supported"
        readonly "macos": "not_implemented"
        readonly "windows": "not_implemented"
      }
      readonly "positionals": readonly [
        {
          readonly "key": "action"
          readonly "required": true
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "show, export or replay"
          }
        },
        {
          readonly "key": "session_id"
          readonly "required": false
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "pattern": "^[A-Za-z0-9_-]{1,64}$"
            readonly "description": "Session to read (default: --session or AGENT_DESKTOP_SESSION)"
          }
        }
      ]
      readonly "flags": {
        readonly "limit": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "Newest events, 0 = all (default 500; 5000 for export)"
          }
        }
        readonly "event": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "show: only events whose name starts with this"
          }
        }
        readonly "out": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 4096
            readonly "description": "export: file to write (default: in the session folder)"
          }
        }
        readonly "as": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "enum": readonly [
              "html",
              "batch"
            ]
            readonly "description": "export: html (a page) or batch (the actions, to edit and run)"
            readonly "default": "html"
          }
        }
        readonly "from": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "replay, export --as batch: from this position (seq in trace show)"
          }
        }
        readonly "to": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "description": "replay, export --as batch: up to this position"
          }
        }
        readonly "dry-run": {
          readonly "syntax": "switch"
          readonly "schema": {
            readonly "type": "boolean"
            readonly "description": "replay: find each recorded element, send nothing"
          }
        }
        readonly "secret": {
          readonly "syntax": "list"
          readonly "schema": {
            readonly "type": "array"
            readonly "items": {
              readonly "type": "string"
              readonly "maxLength": 65536
            }
            readonly "description": "replay: NAME=TEXT for text the recording never stored; repeatable"
          }
        }
        readonly "timeout-ms": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "integer"
            readonly "minimum": 0
            readonly "maximum": 2147483647
            readonly "default": 5000
            readonly "description": "replay: ms each step waits for its element"
          }
        }
        readonly "machine": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "show: only the events of invocations that ran on this machine (AGENT_DESKTOP_MACHINE or its host name)"
          }
          readonly "agentHidden": true
        }
        readonly "app": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "show: only the events of invocations on this app (the request's app, or the app of the ref it acted on)"
          }
          readonly "agentHidden": true
        }
        readonly "outcome": {
          readonly "syntax": "value"
          readonly "schema": {
            readonly "type": "string"
            readonly "maxLength": 256
            readonly "description": "show: only the events of invocations that ended so: ok, error, open, an error code (POLICY_DENIED) or a delivery (delivered_unverified)"
          }
          readonly "agentHidden": true
        }
      }
      readonly "subActions": readonly [
        "show",
        "export",
        "replay"
      ]
      readonly "use": "Review what a session did (show), export it (HTML, or a batch to run), or replay it without a model."
      readonly "dataVersions": readonly [
        "2.1",
        "2.7"
      ]
    }
  }
}

export const COMMAND_MANIFEST: CommandManifest = /* @__PURE__ */ JSON.parse("{\"globalFlags\":{\"verbose\":{\"short\":\"v\",\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Debug log on stderr\"}},\"headed\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Permit physical input and focus/cursor side effects (default: strictly headless)\"}},\"session\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"pattern\":\"^[A-Za-z0-9_-]{1,64}$\",\"description\":\"Session id (snapshot namespace, trace); overrides AGENT_DESKTOP_SESSION\"}},\"agent-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"pattern\":\"^[A-Za-z0-9_-]{1,64}$\",\"description\":\"Sub-agent id within --session; overrides AGENT_DESKTOP_AGENT_ID\"}},\"trace\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":4096,\"description\":\"Append trace JSONL to this file\"}},\"trace-strict\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Fail when the trace cannot be written before the action\"}},\"auto-recover\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"On a failure whose retry is safe, run its recovery once (fresh snapshot, re-find the element, retry)\"}},\"wait-for\":{\"short\":\"w\",\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":1024,\"description\":\"After the action, poll until role:text is present; returns a snapshot\"}},\"wait-for-gone\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":1024,\"description\":\"After the action, poll until role:text is absent\"}},\"wait-timeout\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":30000,\"description\":\"Budget of --wait-for / --wait-for-gone in ms\"}},\"contract\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":16,\"default\":\"2.7\",\"description\":\"Contract version of the envelope (2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7); overrides AGENT_DESKTOP_CONTRACT\"}}},\"agentGroups\":{\"click\":{\"key\":\"variant\",\"use\":\"Activate an element by ref: a button, link, menu item, tab, check box. Other variants click physically (the server needs --headed).\"},\"toggle\":{\"key\":\"state\",\"use\":\"Flip a check box, switch or toggle button; with state, make it checked or unchecked whatever it was (idempotent).\"},\"expand\":{\"key\":\"action\",\"use\":\"Open or close a tree node, combo box or disclosure by ref.\"},\"mouse\":{\"key\":\"action\",\"use\":\"Pointer input where no ref fits: move, click or wheel at screen coordinates, or hover a ref (physical: the server needs --headed).\"},\"clipboard\":{\"key\":\"action\",\"use\":\"Read, write or clear the clipboard (text, a PNG or file URLs).\"},\"list\":{\"key\":\"what\",\"use\":\"See what runs: apps (the names app arguments take), windows (ids for window_id, focus, bounds), an app's surfaces (dialogs, menus) or the displays.\"},\"window\":{\"key\":\"action\",\"use\":\"Bring a window to the front or change its geometry or state; target it by app or window_id.\"},\"notifications\":{\"key\":\"operation\",\"use\":\"Read desktop notifications, dismiss them or press one of their actions.\"},\"status\":{\"key\":\"show\",\"use\":\"Diagnose the setup: the platform and accessibility state (default), the binary's version, or missing permissions.\"}},\"commands\":{\"snapshot\":{\"summary\":\"Read a window's accessibility tree and save its refs\",\"description\":\"Read an app's accessibility tree. Interactive elements get refs (@<snapshot_id>:e<N>) that the action commands take. Take a fresh snapshot after the UI changes; read data.complete before treating the tree as whole.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"interactive-only\":{\"short\":\"i\",\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Only elements that can get a ref, and their ancestors\"},\"agentDefault\":true},\"compact\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Collapse unnamed single-child group wrappers\"},\"agentDefault\":true},\"skeleton\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"The window's outline: about 40 nodes breadth first; a cut container has children_count and a ref for --root\"}},\"root\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Ref of a subtree to observe (drill-down)\"}},\"surface\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"window\",\"focused\",\"menu\",\"menubar\",\"sheet\",\"popover\",\"alert\",\"desktop\",\"taskbar\",\"system-tray\",\"system-tray-overflow\",\"quick-settings\",\"notification-center\",\"toolbar\",\"dock\",\"spotlight\",\"menu-bar-extras\",\"start-menu\",\"action-center\"],\"description\":\"Surface to observe\"}},\"max-depth\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":64,\"description\":\"Depth of the printed tree; deeper containers carry children_count\"}},\"max-children\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"Children printed per container (default 50 with -i, else all; 0 = all); a cut container gets a ref and a hint with the next page's command\"}},\"children-from\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"With --root: the root's children from this index (its next page)\"}},\"include-bounds\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Emit each node's bounds\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":3000,\"description\":\"Budget in ms; when spent, a partial snapshot\"}},\"ocr\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"auto\",\"always\",\"never\"],\"description\":\"Screen text (OCR) as ocr statictext nodes: auto = where the tree cannot explain the pixels (no usable tree, a canvas), always = the whole window too, never\",\"default\":\"auto\"}},\"diff\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Only what changed since the window's last snapshot (or --since): added, removed, changed elements; unchanged refs stay valid\"}},\"since\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"With --diff: the snapshot to compare with (default: the window's last)\"}},\"force-electron-a11y\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Turn on renderer accessibility in Electron/Chromium apps first (Linux: chosen when the app starts, so this changes nothing; a window without it answers ACTION_NOT_SUPPORTED accessibility_inactive, saying how to restart the app)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Read a window before acting and whenever you need refs: its elements with refs, roles, names, values, states and actions.\",\"savesSnapshot\":true,\"readOnly\":true,\"replay\":{\"as\":\"check\",\"refusedWhen\":{\"present\":[\"root\"],\"reason\":\"a --root drill-down pages a container of an earlier snapshot\"}},\"dataVersions\":[\"2.1\",\"2.2\",\"2.6\",\"2.7\"]},\"find\":{\"summary\":\"Find elements by role, name, value, text or state\",\"description\":\"Search the live tree for elements by role and/or text; returns matches with refs. With --text, text the tree does not have is looked for on the screen (OCR; --ocr).\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"role\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Role, canonical or alias (button, textbox, ...)\"}},\"name\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Accessible name (substring unless --exact)\"}},\"value\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Value (substring unless --exact)\"}},\"description\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Accessible description (substring unless --exact)\"}},\"native-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Toolkit id (GTK widget name, AutomationId, ...)\"},\"agentHidden\":true},\"text\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Text contained in name, value, title or description of the subtree\"}},\"exact\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Exact match (case-insensitive)\"}},\"ocr\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"auto\",\"always\",\"never\"],\"description\":\"With --text, search the screen too (OCR): auto = when no tree node has the text, always, never. Acting on an ocr match needs --headed\",\"default\":\"auto\"}},\"state\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"State TOKEN[=true|false|1|0]; repeatable\"}},\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"root\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Ref of a subtree to observe (drill-down)\"}},\"surface\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"window\",\"focused\",\"menu\",\"menubar\",\"sheet\",\"popover\",\"alert\",\"desktop\",\"taskbar\",\"system-tray\",\"system-tray-overflow\",\"quick-settings\",\"notification-center\",\"toolbar\",\"dock\",\"spotlight\",\"menu-bar-extras\",\"start-menu\",\"action-center\"],\"description\":\"Surface to observe\"}},\"count\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Only count the matches\"}},\"first\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Only the first match\"}},\"last\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Only the last match\"}},\"nth\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"Only the match at this 0-based index\"}},\"limit\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":50,\"description\":\"At most this many matches (0 = all)\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":3000,\"description\":\"Traversal budget in ms\"}}},\"agentTool\":true,\"use\":\"Locate elements by role, name, value, text or state without reading the whole window (a row of a big table, a button by its label).\",\"savesSnapshot\":true,\"readOnly\":true,\"dataVersions\":[\"2.1\",\"2.5\",\"2.7\"]},\"get\":{\"summary\":\"Read one property of a ref\",\"description\":\"Read one property of an element.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"property\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"text\",\"value\",\"title\",\"bounds\",\"role\",\"states\"],\"description\":\"Property to read\",\"default\":\"text\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"agentTool\":true,\"use\":\"Read one property of an element (text, value, title, bounds, role, states), e.g. a result after an action.\",\"readOnly\":true,\"replay\":{\"as\":\"check\"},\"dataVersions\":[\"2.1\"]},\"is\":{\"summary\":\"Test one state of a ref\",\"description\":\"Check one state of an element.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"property\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"visible\",\"enabled\",\"checked\",\"focused\",\"expanded\"],\"description\":\"State to test\",\"default\":\"visible\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"agentTool\":true,\"use\":\"Check one state of an element (visible, enabled, checked, focused, expanded) before or after acting.\",\"readOnly\":true,\"replay\":{\"as\":\"check\"},\"dataVersions\":[\"2.1\"]},\"screenshot\":{\"summary\":\"Capture a window or screen\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): a PNG of the whole screen, one display (--screen, a list-displays id) or a window's on-screen rectangle (decorations and whatever covers it included), written 0600 to PATH or returned as base64.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"path\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":4096,\"description\":\"PNG file to write (base64 in data when omitted)\"}}],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"screen\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"Display index from list-displays (0 = primary)\"}}},\"use\":\"See what the accessibility tree cannot show (images, canvas, layout): a PNG of a window, display or the screen.\",\"readOnly\":true,\"dataVersions\":[\"2.1\"]},\"list-surfaces\":{\"summary\":\"List an app's surfaces\",\"description\":\"On Linux: the app's showing top-level accessible surfaces (the focused window's app without --app), each a window, dialog, alert, menu (a popup menu, with item_count) or tooltip; ids are window ids for snapshot --window-id.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}}},\"use\":\"an app's windows, dialogs, menus and tooltips, ids for snapshot's window_id\",\"agentGroup\":{\"tool\":\"list\",\"value\":\"surfaces\"},\"readOnly\":true,\"dataVersions\":[\"2.1\"]},\"list-displays\":{\"summary\":\"List displays\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): the XRandR monitors, primary first; each id is what screenshot --screen takes; scale is 1.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{},\"use\":\"displays, ids for screenshot's screen\",\"agentGroup\":{\"tool\":\"list\",\"value\":\"displays\"},\"readOnly\":true,\"dataVersions\":[\"2.1\"]},\"open-system-surface\":{\"summary\":\"Open an OS shell surface\",\"description\":\"On Linux: not supported (PLATFORM_NOT_SUPPORTED, nothing sent). Shell surfaces (notification center, quick settings, app grid) belong to each desktop shell, with no common API across GNOME, KDE, Xfce or a bare window manager; open them like any app (launch, press, click) and observe them with snapshot.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"not_applicable\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"refusal\":{\"linux\":\"open-system-surface has no Linux counterpart: shell surfaces (notification center, quick settings, app grid) belong to each desktop shell, with no common API across GNOME, KDE, Xfce or a bare window manager\"},\"positionals\":[{\"key\":\"surface\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Shell surface kind (notification-center, quick-settings, ...)\"}}],\"flags\":{},\"use\":\"Open a desktop shell surface (notification center, quick settings).\",\"unconfirmed\":true,\"dataVersions\":[\"2.1\"]},\"watch\":{\"summary\":\"Stream what happens in a window or app\",\"description\":\"Watches a window (--window-id) or an app (--app: its windows, and those that open while it runs) and prints one envelope per event, one JSON line each, as it happens: a window, dialog, menu or other surface opening (with its kind and its snapshot, refs usable at once) or closing, focus moving, the app ending, and `changed`: the window's diff against the watch's last look (added, removed and changed elements with refs, the unchanged count; the whole snapshot when too much changed). The first event is what changed since the window's last snapshot. Event storms are coalesced (the window is read once the app is quiet, at most every 600 ms); where a toolkit may change things without an event the window is also read every --poll-ms. Ends after --timeout, after --count events, or when the window (app) is gone, with a last envelope that says why and, where nothing printed the events (an MCP call, a batch), carries them.\",\"category\":\"observation\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"event\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Only these kinds (window-opened, window-closed, surface-appeared, surface-dismissed, focus-changed, app-terminated, changed); repeatable\"}},\"count\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":2147483647,\"description\":\"Stop after this many events\"}},\"timeout\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":60000,\"description\":\"How long to watch, in ms\"},\"agentDefault\":10000},\"poll-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":100,\"maximum\":2147483647,\"default\":1000,\"description\":\"Where changes may come without an event, read the window this often (ms)\"},\"agentHidden\":true},\"interactive-only\":{\"short\":\"i\",\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Diffs and snapshots print elements with refs only (and their ancestors)\"},\"agentDefault\":true},\"compact\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Collapse unnamed single-child group wrappers\"},\"agentDefault\":true}},\"use\":\"Follow a window or app for a while: dialogs and windows opening (with refs), focus, and the window's changes as diffs with refs, instead of snapshotting again and again.\",\"readOnly\":true,\"dataVersions\":[\"2.7\"]},\"click\":{\"summary\":\"Click (activate) an element\",\"description\":\"Click (activate) an element.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"accessible activation (default)\",\"agentGroup\":{\"tool\":\"click\",\"value\":\"click\",\"default\":true},\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"double-click\":{\"summary\":\"Double-click an element (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent.\",\"category\":\"ref-action\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"use\":\"double-click, physical\",\"agentGroup\":{\"tool\":\"click\",\"value\":\"double\"},\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"triple-click\":{\"summary\":\"Triple-click an element (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent.\",\"category\":\"ref-action\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"use\":\"triple-click, physical\",\"agentGroup\":{\"tool\":\"click\",\"value\":\"triple\"},\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"right-click\":{\"summary\":\"Right-click an element (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): physical only. The ref's identity is proven, its window focused through the window manager, then the pointer actionability checks (visible, inside its window and a display, same bounds in two reads, topmost window at its centre, the AT-SPI hit test lands on it or inside it) before XTEST clicks its centre; a covered, hidden or moving target is ACTION_FAILED with the failed checks, nothing sent.\",\"category\":\"ref-action\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"use\":\"right-click, physical\",\"agentGroup\":{\"tool\":\"click\",\"value\":\"right\"},\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"type\":{\"summary\":\"Type text into an element\",\"description\":\"Type text into an element.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}},{\"key\":\"text\",\"required\":true,\"allowDash\":true,\"schema\":{\"type\":\"string\",\"maxLength\":65536,\"description\":\"Text to type (may start with '-'; use -- before a text starting with --)\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Enter text into a text field as typing would.\",\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"set-value\":{\"summary\":\"Set an element's value directly (text fields, sliders, spin buttons)\",\"description\":\"Set an element's value directly (text fields, sliders, spin buttons).\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}},{\"key\":\"value\",\"required\":true,\"allowDash\":true,\"schema\":{\"type\":\"string\",\"maxLength\":65536,\"description\":\"New value\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Set a text field's, slider's or spin button's value in one step.\",\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"clear\":{\"summary\":\"Clear a text field\",\"description\":\"Clear a text field.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Empty a text field.\",\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"focus\":{\"summary\":\"Move keyboard focus to an element\",\"description\":\"Move keyboard focus to an element.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Give an element the keyboard focus, e.g. before press.\",\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"select\":{\"summary\":\"Select an option of a list or combo box by its text\",\"description\":\"Select an option of a list or combo box by its text.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}},{\"key\":\"value\",\"required\":true,\"allowDash\":true,\"schema\":{\"type\":\"string\",\"maxLength\":65536,\"description\":\"Option text\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Choose an option of a list or combo box by its text.\",\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"toggle\":{\"summary\":\"Toggle a check box, switch or toggle button\",\"description\":\"Toggle a check box, switch or toggle button.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"flip (default)\",\"agentGroup\":{\"tool\":\"toggle\",\"value\":\"toggle\",\"default\":true},\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"check\":{\"summary\":\"Make sure a check box is checked (idempotent)\",\"description\":\"Make sure a check box is checked (idempotent).\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"make it checked\",\"agentGroup\":{\"tool\":\"toggle\",\"value\":\"checked\"},\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"uncheck\":{\"summary\":\"Make sure a check box is unchecked (idempotent)\",\"description\":\"Make sure a check box is unchecked (idempotent).\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"make it unchecked\",\"agentGroup\":{\"tool\":\"toggle\",\"value\":\"unchecked\"},\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"expand\":{\"summary\":\"Expand a tree node, combo box or disclosure\",\"description\":\"Expand a tree node, combo box or disclosure.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"open (default)\",\"agentGroup\":{\"tool\":\"expand\",\"value\":\"expand\",\"default\":true},\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"collapse\":{\"summary\":\"Collapse a tree node, combo box or disclosure\",\"description\":\"Collapse a tree node, combo box or disclosure.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"close\",\"agentGroup\":{\"tool\":\"expand\",\"value\":\"collapse\"},\"stateful\":true,\"needsEnabled\":true,\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"scroll\":{\"summary\":\"Scroll an element\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): AT-SPI has no scroll action, so scroll needs --headed: wheel notches over the element's centre after the identity, focus and pointer actionability checks (POLICY_DENIED without it).\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true},\"direction\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"up\",\"down\",\"left\",\"right\"],\"description\":\"Direction\",\"default\":\"down\"}},\"amount\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100,\"default\":3,\"description\":\"Steps\"}}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Scroll a container by wheel steps (physical: the server needs --headed).\",\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"scroll-to\":{\"summary\":\"Scroll an element into view\",\"description\":\"Scroll an element into view.\",\"category\":\"ref-action\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Bring an element that is offscreen into view.\",\"replay\":{\"as\":\"action\"},\"dataVersions\":[\"2.1\",\"2.2\",\"2.4\",\"2.6\",\"2.7\"]},\"press\":{\"summary\":\"Press a key combination\",\"description\":\"Press a key combination, e.g. ctrl+s or return, or type --text through the keyboard. The key is one of return, enter, escape, esc, tab, space, backspace, delete, up, down, left, right, home, end, pageup, pagedown, f1-f35, any single character (-, /, >, é, €; after -- when it starts with -), or any X keysym name (minus, slash, greater, ampersand, KP_Enter, XF86AudioMute; as X spells them, or differing only in case when that names one key); the layout's keys type it, and a character the layout lacks is bound to a spare key. --text types each character as its key (newline is Return, tab is Tab) into whatever holds the keyboard focus: the way into what takes no text through accessibility (terminals, Tk apps, canvases); the envelope and the trace never echo it. Dangerous combinations (ctrl+q, alt+f4, ctrl+alt+delete, ...) need --force. Keys go to the active window: with --app/--window-id, --headed makes that window the active one first (verified through the window manager); without --headed, while another app's window holds the keyboard focus, it is refused (POLICY_DENIED window_not_active), nothing sent.\",\"category\":\"keyboard\",\"headed\":\"optional\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"combo\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return, minus, ctrl+-; omit with --text\"}}],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"text\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":65536,\"description\":\"Text to type through the keyboard instead of a combo (newline = Return, tab = Tab)\"}},\"force\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Send even a dangerous combination\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"agentTool\":true,\"use\":\"Press keys and shortcuts (ctrl+s, return, tab, escape) in the focused or given window.\",\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"dataVersions\":[\"2.1\",\"2.4\"]},\"key-down\":{\"summary\":\"Hold a key (fails closed)\",\"description\":\"Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release.\",\"category\":\"keyboard\",\"headed\":\"required\",\"support\":{\"linux\":\"fail_closed\",\"macos\":\"fail_closed\",\"windows\":\"fail_closed\"},\"positionals\":[{\"key\":\"combo\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return\"}}],\"flags\":{\"force\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Send even a dangerous combination\"}}},\"use\":\"Hold a key.\",\"replay\":{\"as\":\"refused\",\"reason\":\"held keys always fail closed\"},\"dataVersions\":[\"2.1\"]},\"key-up\":{\"summary\":\"Release a key (fails closed)\",\"description\":\"Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held key needs a daemon that guarantees its release.\",\"category\":\"keyboard\",\"headed\":\"required\",\"support\":{\"linux\":\"fail_closed\",\"macos\":\"fail_closed\",\"windows\":\"fail_closed\"},\"positionals\":[{\"key\":\"combo\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Key combination mod+mod+key, e.g. ctrl+s, shift+tab, return\"}}],\"flags\":{\"force\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Send even a dangerous combination\"}}},\"use\":\"Release a held key.\",\"replay\":{\"as\":\"refused\",\"reason\":\"held keys always fail closed\"},\"dataVersions\":[\"2.1\"]},\"hover\":{\"summary\":\"Move the pointer over an element or point (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): moves the pointer to --xy, or to a ref's centre after its identity is proven, its window focused and the pointer actionability checks pass; verified by reading the pointer back.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ref_id\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Element ref from a snapshot, e.g. @s8f3k2p9:e7\"}}],\"flags\":{\"xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Screen point (X,Y; '=' before negatives: --xy=-10,5)\"}},\"duration\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"Hold time in ms; only 0 is accepted (a positive duration is refused)\"},\"agentHidden\":true},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"use\":\"move the pointer over a ref or xy\",\"agentGroup\":{\"tool\":\"mouse\",\"value\":\"hover\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"absent\":[\"ref_id\"],\"reason\":\"it hovers a screen point, not an element\"}},\"operationReport\":{\"target\":\"pointer\",\"flags\":[\"hovered\"],\"echoed\":[\"x\",\"y\"]},\"dataVersions\":[\"2.1\",\"2.2\",\"2.5\",\"2.6\",\"2.7\"]},\"drag\":{\"summary\":\"Drag between refs or points (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): left button down at the source, moved in steps over --duration, held over the target for --drop-delay, then released (always). Ref endpoints pass the identity, focus and actionability checks; points on no display are INVALID_ARGS.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"from\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Ref to drag from\"}},\"from-xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Point to drag from (X,Y; '=' before negatives: --xy=-10,5)\"}},\"to\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Ref to drop on\"}},\"to-xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Point to drop on (X,Y; '=' before negatives: --xy=-10,5)\"}},\"duration\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":10000,\"default\":300,\"description\":\"Movement time in ms\"}},\"drop-delay\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":10000,\"default\":500,\"description\":\"Pause before releasing, in ms\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"Actionability + resolution budget in ms (0 = single shot)\"},\"agentHidden\":true}},\"waitFor\":true,\"use\":\"Drag and drop between refs or screen points (physical: the server needs --headed).\",\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"absent\":[\"from\",\"to\"],\"reason\":\"it drags from or to a screen point, not between elements\"}},\"operationReport\":{\"target\":\"drag\",\"flags\":[\"dragged\"],\"echoed\":[\"from\",\"to\"]},\"dataVersions\":[\"2.1\",\"2.2\",\"2.5\",\"2.6\",\"2.7\"]},\"mouse-move\":{\"summary\":\"Move the pointer (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): XTEST motion to a global screen point, verified by reading the pointer back. A point on no display is INVALID_ARGS, nothing sent.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Screen point (X,Y; '=' before negatives: --xy=-10,5)\"}}},\"use\":\"move the pointer to xy\",\"agentGroup\":{\"tool\":\"mouse\",\"value\":\"move\"},\"replay\":{\"as\":\"refused\",\"reason\":\"it acts on a screen point, not an element\"},\"operationReport\":{\"target\":\"pointer\",\"flags\":[\"moved\"],\"echoed\":[\"x\",\"y\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"mouse-click\":{\"summary\":\"Click at a point (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): XTEST button presses at a global screen point, modifiers held throughout and always released. Focuses nothing and cannot prove which app got the click (delivered_unverified). A point on no display is INVALID_ARGS, nothing sent.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Screen point (X,Y; '=' before negatives: --xy=-10,5)\"}},\"button\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"left\",\"right\",\"middle\"],\"description\":\"Mouse button\",\"default\":\"left\"}},\"count\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":3,\"default\":1,\"description\":\"Clicks: 2 = double, 3 = triple\"}},\"modifiers\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Modifier held (ctrl, alt, shift, cmd); repeatable\"}}},\"use\":\"click at xy (button, count, modifiers)\",\"agentGroup\":{\"tool\":\"mouse\",\"value\":\"click\"},\"replay\":{\"as\":\"refused\",\"reason\":\"it acts on a screen point, not an element\"},\"operationReport\":{\"target\":\"pointer\",\"flags\":[\"clicked\"],\"echoed\":[\"x\",\"y\",\"count\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"mouse-down\":{\"summary\":\"Hold a mouse button (fails closed)\",\"description\":\"Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"fail_closed\",\"macos\":\"fail_closed\",\"windows\":\"fail_closed\"},\"positionals\":[],\"flags\":{\"xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Screen point (X,Y; '=' before negatives: --xy=-10,5)\"}},\"button\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"left\",\"right\",\"middle\"],\"description\":\"Mouse button\",\"default\":\"left\"}},\"modifiers\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Modifier held (ctrl, alt, shift, cmd); repeatable\"}}},\"use\":\"Hold a mouse button.\",\"replay\":{\"as\":\"refused\",\"reason\":\"it acts on a screen point, not an element\"},\"dataVersions\":[\"2.1\"]},\"mouse-up\":{\"summary\":\"Release a mouse button (fails closed)\",\"description\":\"Refuses to run (ACTION_NOT_SUPPORTED, not_delivered): a held button needs a daemon that guarantees its release.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"fail_closed\",\"macos\":\"fail_closed\",\"windows\":\"fail_closed\"},\"positionals\":[],\"flags\":{\"xy\":{\"syntax\":\"xy\",\"schema\":{\"type\":\"object\",\"required\":[\"x\",\"y\"],\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"}},\"description\":\"Screen point (X,Y; '=' before negatives: --xy=-10,5)\"}},\"button\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"left\",\"right\",\"middle\"],\"description\":\"Mouse button\",\"default\":\"left\"}},\"modifiers\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Modifier held (ctrl, alt, shift, cmd); repeatable\"}}},\"use\":\"Release a held mouse button.\",\"replay\":{\"as\":\"refused\",\"reason\":\"it acts on a screen point, not an element\"},\"dataVersions\":[\"2.1\"]},\"mouse-wheel\":{\"summary\":\"Scroll the wheel at a point (headed only)\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): wheel notches (X buttons 4-7) at the point; dy > 0 scrolls up, dx > 0 left. A point on no display is INVALID_ARGS.\",\"category\":\"mouse\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"x\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":-2147483647,\"maximum\":2147483647,\"description\":\"Screen x (required)\"}},\"y\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":-2147483647,\"maximum\":2147483647,\"description\":\"Screen y (required)\"}},\"dy\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":-100,\"maximum\":100,\"default\":-3,\"description\":\"Vertical steps, positive = up\"}},\"dx\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":-100,\"maximum\":100,\"default\":0,\"description\":\"Horizontal steps, positive = left\"}},\"modifiers\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Modifier held (ctrl, alt, shift, cmd); repeatable\"}}},\"use\":\"wheel steps dy/dx at x,y\",\"agentGroup\":{\"tool\":\"mouse\",\"value\":\"wheel\"},\"replay\":{\"as\":\"refused\",\"reason\":\"it acts on a screen point, not an element\"},\"operationReport\":{\"target\":\"pointer\",\"flags\":[\"scrolled\"],\"echoed\":[\"dy\",\"dx\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"clipboard-get\":{\"summary\":\"Read the clipboard\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): reads the CLIPBOARD selection (incremental transfers included): text, image/png written to --out (default a 0600 file under the state root's tmp folder), or file URIs from text/uri-list.\",\"category\":\"clipboard\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"format\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"text\",\"auto\",\"image\",\"file-urls\"],\"description\":\"What to read\",\"default\":\"text\"}},\"out\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":4096,\"description\":\"PNG file for an image (default: a private file in the session or state root)\"}}},\"use\":\"read (format)\",\"agentGroup\":{\"tool\":\"clipboard\",\"value\":\"get\"},\"dataVersions\":[\"2.1\"]},\"clipboard-set\":{\"summary\":\"Write the clipboard\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): a small detached owner process takes the CLIPBOARD selection and serves the text, PNG or file URIs (INCR for large content) until anything else is copied, then exits; the content is read back through the X server.\",\"category\":\"clipboard\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"text\",\"required\":false,\"allowDash\":true,\"schema\":{\"type\":\"string\",\"maxLength\":65536,\"description\":\"Text to put on the clipboard\"}}],\"flags\":{\"image\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":4096,\"description\":\"PNG file to put on the clipboard (beats TEXT)\"}},\"file-url\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Existing file to put on the clipboard as a URL; repeatable (beats TEXT)\"}}},\"use\":\"write text, an image or file_url\",\"agentGroup\":{\"tool\":\"clipboard\",\"value\":\"set\"},\"replay\":{\"as\":\"action\"},\"operationReport\":{\"target\":\"clipboard\",\"flags\":[\"ok\"],\"echoed\":[\"type\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"clipboard-clear\":{\"summary\":\"Clear the clipboard\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): the CLIPBOARD selection gets no owner (its owner, ours or an app's, lets go; our owner process exits); read back.\",\"category\":\"clipboard\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{},\"use\":\"empty it\",\"agentGroup\":{\"tool\":\"clipboard\",\"value\":\"clear\"},\"replay\":{\"as\":\"action\"},\"operationReport\":{\"target\":\"clipboard\",\"flags\":[\"cleared\"],\"echoed\":[]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"launch\":{\"summary\":\"Launch an application\",\"description\":\"Launch an application and wait for its window. On Linux: APP is an executable path, a command on PATH or a desktop id (its Exec line); a running app of that name is attached to (ACTION_FAILED with --no-attach). The process starts in its own session; the command waits until it is on the accessibility registry with a window (exits first: APP_UNRESPONSIVE; shows no window: TIMEOUT). A process whose window is mapped but which stays off the registry for 2 s has no accessible tree: launch answers then, without a window, with a suggestion naming its toolkit's way to turn accessibility on (GTK 2 GTK_MODULES, Qt QT_LINUX_ACCESSIBILITY_ALWAYS_ON, Java's ATK wrapper, Chromium's --force-renderer-accessibility) and the pixel route (screenshot, --headed mouse-click --xy, press). --activate focuses the window through the window manager. --cdp [PORT] starts a Chromium-based app (Chromium, Chrome, Electron) with a DevTools endpoint on 127.0.0.1, or a Gecko app (Firefox) with its WebDriver BiDi endpoint, and reports it as `cdp` (with its protocol: devtools or webdriver-bidi) once it answers (a running app cannot gain one: ACTION_FAILED cdp_requires_fresh_launch; a port in use or an --arg with remote-debugging switches: INVALID_ARGS; no answer: ACTION_FAILED cdp_endpoint_unavailable). Through it, text goes into the browser's fields on AT-SPI refs without --headed. The endpoint has no authentication: any local process can drive the browser, its cookies and files through it while it runs, so give it a throwaway profile (--arg=--user-data-dir=DIR, Firefox --arg=--profile --arg=DIR; Google Chrome 136+ refuses the switch on its default profile).\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"app\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name or desktop id\"}}],\"flags\":{\"timeout\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":30000,\"description\":\"How long to wait for the app, in ms\"}},\"arg\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Argument for the app (--arg=-x for a dash); repeatable\"}},\"env\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"Environment entry K=V; repeatable\"}},\"cwd\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":4096,\"description\":\"Working directory\"}},\"no-attach\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Refuse to attach to a running instance\"}},\"activate\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Bring the window to the front\"}},\"cdp\":{\"syntax\":\"optional-value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":65535,\"description\":\"DevTools or Firefox BiDi port (0/none: a free one)\"}}},\"agentTool\":true,\"use\":\"Start an app (or attach to it when it runs) and wait for its window.\",\"replay\":{\"as\":\"lifecycle\"},\"dataVersions\":[\"2.1\",\"2.3\",\"2.7\"]},\"close-app\":{\"summary\":\"Close an application\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): graceful asks the window manager to close each of the app's windows (_NET_CLOSE_WINDOW, as their close buttons would); --force sends SIGTERM, then SIGKILL. An app without an accessibility tree is found by its process name and its window. Success once the process is gone, or once every window of it is gone while the process keeps running (a background service; details.process_running); a window left after 5 s (e.g. a save dialog): ACTION_FAILED. --force succeeds only once the process is gone. The session's shell, window manager, display server, buses and agent-desktop itself are never closed (INVALID_ARGS).\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"app\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name\"}}],\"flags\":{\"force\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"SIGTERM, then SIGKILL, instead of a graceful close\"}}},\"agentTool\":true,\"use\":\"Quit an app as its windows' close buttons would (force: kill it).\",\"replay\":{\"as\":\"lifecycle\"},\"operationReport\":{\"target\":\"app\",\"flags\":[\"requested\",\"closed\"],\"echoed\":[\"app\",\"method\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"list-apps\":{\"summary\":\"List running accessible applications\",\"description\":\"List running accessible applications.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Only names containing this text\"}}},\"agentTool\":true,\"use\":\"running accessible apps (default; app filters by name)\",\"agentGroup\":{\"tool\":\"list\",\"value\":\"apps\",\"default\":true},\"readOnly\":true,\"dataVersions\":[\"2.1\",\"2.7\"]},\"list-windows\":{\"summary\":\"List windows\",\"description\":\"List windows.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Only this application (list-apps name)\"}}},\"agentTool\":true,\"use\":\"open windows (app: only its)\",\"agentGroup\":{\"tool\":\"list\",\"value\":\"windows\"},\"readOnly\":true,\"dataVersions\":[\"2.1\",\"2.7\"]},\"focus-window\":{\"summary\":\"Focus a window\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"title\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window title (substring)\"}}},\"use\":\"bring to the front\",\"agentGroup\":{\"tool\":\"window\",\"value\":\"focus\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"dataVersions\":[\"2.1\"]},\"resize-window\":{\"summary\":\"Resize a window\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"width\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":32767,\"description\":\"New width\"}},\"height\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":32767,\"description\":\"New height\"}}},\"use\":\"set width and height\",\"agentGroup\":{\"tool\":\"window\",\"value\":\"resize\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"operationReport\":{\"target\":\"window\",\"flags\":[\"resized\"],\"echoed\":[\"width\",\"height\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"move-window\":{\"summary\":\"Move a window\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}},\"x\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":-32767,\"maximum\":32767,\"description\":\"New x\"}},\"y\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":-32767,\"maximum\":32767,\"description\":\"New y\"}}},\"use\":\"set x and y\",\"agentGroup\":{\"tool\":\"window\",\"value\":\"move\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"operationReport\":{\"target\":\"window\",\"flags\":[\"moved\"],\"echoed\":[\"x\",\"y\"]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"minimize\":{\"summary\":\"Minimize a window\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}}},\"use\":\"minimize\",\"agentGroup\":{\"tool\":\"window\",\"value\":\"minimize\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"operationReport\":{\"target\":\"window\",\"flags\":[\"minimized\"],\"echoed\":[]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"maximize\":{\"summary\":\"Maximize a window\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}}},\"use\":\"maximize\",\"agentGroup\":{\"tool\":\"window\",\"value\":\"maximize\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"operationReport\":{\"target\":\"window\",\"flags\":[\"maximized\"],\"echoed\":[]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"restore\":{\"summary\":\"Restore a window\",\"description\":\"On Linux (X11; on Wayland the display-server backend serving the session stands in for X11, or the command answers PLATFORM_NOT_SUPPORTED: `skills get platform` has the table): asks the EWMH window manager and reads the window back (details.verification_scope); positions and sizes are the frame's, decorations included (list-windows reports a window as its toolkit reports it to AT-SPI: GTK 3 the frame, Qt 5 and GTK 4 an area inside it; the bounds these operations answer are the frame's). Without a window manager: PLATFORM_NOT_SUPPORTED; a request it does not carry out within 3 s: ACTION_FAILED with what was observed.\",\"category\":\"app-window\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Application name as list-apps prints it\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window id from list-windows\"}}},\"use\":\"restore from minimized or maximized\",\"agentGroup\":{\"tool\":\"window\",\"value\":\"restore\"},\"replay\":{\"as\":\"action\",\"refusedWhen\":{\"present\":[\"window_id\"],\"absent\":[\"app\"],\"reason\":\"it names a window by id, and window ids die with their window (name the app instead)\"}},\"operationReport\":{\"target\":\"window\",\"flags\":[\"restored\"],\"echoed\":[]},\"dataVersions\":[\"2.1\",\"2.5\"]},\"list-notifications\":{\"summary\":\"List notifications\",\"description\":\"On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \\\"\\\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses).\",\"category\":\"notification\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Only this application (list-apps name)\"}},\"text\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Only notifications containing this text\"}},\"limit\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"At most this many\"}}},\"use\":\"list them (default)\",\"agentGroup\":{\"tool\":\"notifications\",\"value\":\"list\",\"default\":true},\"dataVersions\":[\"2.1\"]},\"dismiss-notification\":{\"summary\":\"Dismiss one notification\",\"description\":\"On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \\\"\\\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). Dismiss clicks the popup (headed) after the fingerprint matched, and reads it back gone.\",\"category\":\"notification\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"index\",\"required\":true,\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":2147483647,\"description\":\"1-based index from list-notifications\"}}],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Filter by app before indexing\"}},\"expected-app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Fingerprint: the notification's app must be this\"}},\"expected-title\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Fingerprint: the notification's title must be this\"}}},\"use\":\"dismiss one by index\",\"agentGroup\":{\"tool\":\"notifications\",\"value\":\"dismiss\"},\"replay\":{\"as\":\"refused\",\"reason\":\"notification indexes do not outlive their notifications\"},\"dataVersions\":[\"2.1\"]},\"dismiss-all-notifications\":{\"summary\":\"Dismiss all notifications\",\"description\":\"On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \\\"\\\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). Each popup is clicked closed (headed) and read back gone.\",\"category\":\"notification\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Only this application (list-apps name)\"}}},\"use\":\"dismiss all\",\"agentGroup\":{\"tool\":\"notifications\",\"value\":\"dismiss-all\"},\"replay\":{\"as\":\"refused\",\"reason\":\"the notifications it dismissed do not outlive the recording\"},\"dataVersions\":[\"2.1\"]},\"notification-action\":{\"summary\":\"Press a notification's action\",\"description\":\"On Linux: reads xfce4-notifyd, whose popups are in the accessibility tree (summary and body as labels, one button per action); nothing trustworthy names the sending app (the popup does not show it; the log of xfce4-notifyd 0.7.3, the version Debian 12 ships, is off by default and records a wrong app for each app's first notification), so app_name is \\\"\\\" and --app and --expected-app answer PLATFORM_NOT_SUPPORTED (filter with --text, fingerprint with --expected-title). Other daemons answer PLATFORM_NOT_SUPPORTED naming them (dunst and mako have no accessibility tree, notification-daemon ignores accessible presses). The action's button is pressed through AT-SPI after the fingerprint (if given) matched.\",\"category\":\"notification\",\"headed\":\"required\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"index\",\"required\":true,\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":2147483647,\"description\":\"1-based index from list-notifications\"}},{\"key\":\"action\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Action name as list-notifications prints it\"}}],\"flags\":{\"expected-app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Fingerprint: the notification's app must be this\"}},\"expected-title\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Fingerprint: the notification's title must be this\"}}},\"use\":\"press an action of one by index\",\"agentGroup\":{\"tool\":\"notifications\",\"value\":\"press\"},\"replay\":{\"as\":\"refused\",\"reason\":\"notification indexes do not outlive their notifications\"},\"dataVersions\":[\"2.1\",\"2.4\"]},\"status\":{\"summary\":\"Platform, permissions and state\",\"description\":\"Platform, permissions and state.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{},\"use\":\"platform and accessibility state (default)\",\"agentGroup\":{\"tool\":\"status\",\"value\":\"status\",\"default\":true},\"readOnly\":true,\"dataVersions\":[\"2.1\",\"2.6\"]},\"permissions\":{\"summary\":\"Permission states\",\"description\":\"Permission states.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{\"request\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Ask for missing permissions (isolated, time-bounded)\"}},\"guide\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Open the settings that grant them (macOS)\"}}},\"use\":\"permission states; request asks for missing ones\",\"agentGroup\":{\"tool\":\"status\",\"value\":\"permissions\"},\"dataVersions\":[\"2.1\"]},\"version\":{\"summary\":\"Binary version and the contract versions it speaks\",\"description\":\"Binary version and the contract versions it speaks.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[],\"flags\":{},\"use\":\"binary and contract versions\",\"agentGroup\":{\"tool\":\"status\",\"value\":\"version\"},\"readOnly\":true,\"dataVersions\":[\"2.1\",\"2.6\"]},\"skills\":{\"summary\":\"Embedded guides for agents (list, get NAME [REF], path)\",\"description\":\"Embedded guides for agents (list, get NAME [REF], path).\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"action\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"default\":\"list\",\"description\":\"list, get or path\"}},{\"key\":\"name\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Skill name or alias (skills get)\"}},{\"key\":\"reference\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Reference stem or references/<file>.md\"}}],\"flags\":{\"full\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Inline the references\"}}},\"subActions\":[\"list\",\"get\",\"path\"],\"use\":\"Read the usage guides: how to drive apps with these tools, per toolkit and task.\",\"readOnly\":true,\"dataVersions\":[\"2.1\"]},\"batch\":{\"summary\":\"Run several commands\",\"description\":\"Run several commands.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"json\",\"required\":true,\"allowDash\":true,\"schema\":{\"type\":\"string\",\"maxLength\":1048576,\"description\":\"JSON array of {command, args, session?} (<= 64 entries, <= 1 MiB)\"}}],\"flags\":{\"stop-on-error\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Stop at the first failed entry\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":60000,\"description\":\"Budget for the whole batch in ms\"}}},\"use\":\"Run several commands in one call when you know all their arguments in advance.\",\"dataVersions\":[\"2.1\"]},\"cursor-overlay\":{\"summary\":\"Show or hide the agent cursor\",\"description\":\"On Linux: not supported (PLATFORM_NOT_SUPPORTED, nothing sent). Pointer commands (--headed) move the real X pointer through XTEST, so the visible cursor already is the agent's cursor: there is no second, agent-only cursor to show; `agent-desktop mouse-move --headed --xy X,Y` shows a point, list-displays and screenshot show where input lands.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"not_applicable\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"refusal\":{\"linux\":\"cursor-overlay has no Linux counterpart: pointer commands move the real X pointer (XTEST), so the visible cursor already is the agent's cursor\"},\"positionals\":[{\"key\":\"action\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"enable or disable\"}}],\"flags\":{},\"subActions\":[\"enable\",\"disable\"],\"use\":\"Show or hide an agent cursor.\",\"unconfirmed\":true,\"dataVersions\":[\"2.1\"]},\"wait\":{\"summary\":\"Wait for an element, window, text or time\",\"description\":\"Wait for a number of milliseconds, or until an element, window, text, menu or event appears.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"ms\",\"required\":false,\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"Milliseconds to sleep\"}}],\"flags\":{\"element\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Ref to wait for\"}},\"predicate\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"exists\",\"enabled\",\"visible\",\"actionable\",\"value\"],\"description\":\"Condition on --element\",\"default\":\"exists\"}},\"value\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":65536,\"description\":\"Expected value (--predicate value)\"}},\"action\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"click\",\"type\",\"set-value\",\"clear\"],\"description\":\"Action --predicate actionable checks readiness for\"}},\"window\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Window title to wait for\"}},\"text\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Text to wait for\"}},\"count\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":2147483647,\"default\":1,\"description\":\"How many --text occurrences\"}},\"menu\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Wait until a menu is open\"}},\"menu-closed\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Wait until no menu is open\"}},\"notification\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Wait for a notification (with --text: containing it)\"}},\"event\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"window-opened\",\"window-closed\",\"app-launched\",\"app-terminated\",\"focus-changed\",\"surface-appeared\",\"surface-dismissed\",\"changed\"],\"description\":\"Desktop event to wait for; changed: the window changed (a diff with refs; what changed since its last snapshot counts)\"}},\"window-id\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Only events of this window\"}},\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Scope to this application\"}},\"timeout\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":30000,\"description\":\"Budget in ms\"}}},\"agentTool\":true,\"use\":\"Wait until something happens (an element, window, text, menu, notification or desktop event) instead of polling, or sleep.\",\"readOnly\":true,\"dataVersions\":[\"2.1\",\"2.7\"]},\"session\":{\"summary\":\"Sessions: start, end [ID], list, gc\",\"description\":\"Sessions: start, end [ID], list, gc.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"action\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"start, end, list or gc\"}},{\"key\":\"session_id\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"pattern\":\"^[A-Za-z0-9_-]{1,64}$\",\"description\":\"Session to end (default: --session or AGENT_DESKTOP_SESSION)\"}}],\"flags\":{\"name\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"Label of the new session\"}},\"no-trace\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Do not record a trace\"}},\"screenshots\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"Record pre/post screenshots and refmaps (artifacts: full)\"}},\"older-than\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"gc: only sessions older than this many seconds\"}},\"ended\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"gc: only ended sessions\"}},\"machine\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"list: only sessions with an invocation that ran on this machine (AGENT_DESKTOP_MACHINE or its host name)\"},\"agentHidden\":true},\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"list: only sessions with an invocation on this app (the request's app, or the app of the ref it acted on)\"},\"agentHidden\":true},\"outcome\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"list: only sessions with an invocation that ended so: ok, error, open, an error code (POLICY_DENIED) or a delivery (delivered_unverified)\"},\"agentHidden\":true}},\"subActions\":[\"start\",\"end\",\"list\",\"gc\"],\"use\":\"Group the following calls into a recorded session (start, end, list, gc).\",\"dataVersions\":[\"2.1\"]},\"trace\":{\"summary\":\"Trace of a session: show, export, replay\",\"description\":\"show and export print a session's recorded events (redacted). replay runs a recorded session again without a model: each recorded action's element found by its recorded identity in the app as it runs now (twins refused), acted on through the normal command path, verified by the recorded read-back and the recorded observations that followed; the first divergence stops it with the expected and observed elements. Typed text was never stored: --secret NAME=TEXT or the environment variable the recording names supplies it. The replay is a session of its own. export --as batch writes the actions as a batch file with locators for a person to edit and run.\",\"category\":\"system\",\"headed\":\"none\",\"support\":{\"linux\":\"supported\",\"macos\":\"not_implemented\",\"windows\":\"not_implemented\"},\"positionals\":[{\"key\":\"action\",\"required\":true,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"show, export or replay\"}},{\"key\":\"session_id\",\"required\":false,\"schema\":{\"type\":\"string\",\"maxLength\":256,\"pattern\":\"^[A-Za-z0-9_-]{1,64}$\",\"description\":\"Session to read (default: --session or AGENT_DESKTOP_SESSION)\"}}],\"flags\":{\"limit\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"Newest events, 0 = all (default 500; 5000 for export)\"}},\"event\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"show: only events whose name starts with this\"}},\"out\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":4096,\"description\":\"export: file to write (default: in the session folder)\"}},\"as\":{\"syntax\":\"value\",\"schema\":{\"enum\":[\"html\",\"batch\"],\"description\":\"export: html (a page) or batch (the actions, to edit and run)\",\"default\":\"html\"}},\"from\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"replay, export --as batch: from this position (seq in trace show)\"}},\"to\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"description\":\"replay, export --as batch: up to this position\"}},\"dry-run\":{\"syntax\":\"switch\",\"schema\":{\"type\":\"boolean\",\"description\":\"replay: find each recorded element, send nothing\"}},\"secret\":{\"syntax\":\"list\",\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":65536},\"description\":\"replay: NAME=TEXT for text the recording never stored; repeatable\"}},\"timeout-ms\":{\"syntax\":\"value\",\"schema\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":2147483647,\"default\":5000,\"description\":\"replay: ms each step waits for its element\"}},\"machine\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"show: only the events of invocations that ran on this machine (AGENT_DESKTOP_MACHINE or its host name)\"},\"agentHidden\":true},\"app\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"show: only the events of invocations on this app (the request's app, or the app of the ref it acted on)\"},\"agentHidden\":true},\"outcome\":{\"syntax\":\"value\",\"schema\":{\"type\":\"string\",\"maxLength\":256,\"description\":\"show: only the events of invocations that ended so: ok, error, open, an error code (POLICY_DENIED) or a delivery (delivered_unverified)\"},\"agentHidden\":true}},\"subActions\":[\"show\",\"export\",\"replay\"],\"use\":\"Review what a session did (show), export it (HTML, or a batch to run), or replay it without a model.\",\"dataVersions\":[\"2.1\",\"2.7\"]}}}")
