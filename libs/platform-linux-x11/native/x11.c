/*
 * agent-desktop's X11 addon: the few things AT-SPI has no answer for. XTEST pointer and key events, keyboard
 * mapping (with a spare keycode for keysyms the keymap lacks, as xdotool does), XShm/XGetImage capture of a root
 * region straight into PNG scanlines, XRandR monitors, window properties and client messages for EWMH, XFixes
 * cursor. One Display connection per process, opened on demand. Every function is synchronous and short; X
 * protocol errors are caught by our error handler and thrown as JS errors, never fatal.
 */
#define NAPI_VERSION 8
#include <node_api.h>
#include <X11/Xlibint.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xfixes.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static Display *dpy = NULL;
static int has_xtest = 0, has_shm = 0, has_randr = 0, has_xfixes = 0;
static int x_error = 0;
static char x_error_text[256];

/*
 * The X server went away (killed, crashed, connection dropped). Xlib's default would print and exit(1), which would
 * end the CLI without its envelope; instead the connection is marked dead and the next call throws.
 */
static int io_dead = 0;

static int on_io_error(Display *d) {
  (void)d;
  io_dead = 1;
  return 0;
}

static void on_io_exit(Display *d, void *data) {
  (void)d;
  (void)data;
  io_dead = 1;
}

static int on_x_error(Display *d, XErrorEvent *e) {
  x_error = e->error_code;
  XGetErrorText(d, e->error_code, x_error_text, sizeof(x_error_text));
  return 0;
}

static void helper_reset(void);
static void capture_release_shm(int server_alive);

#define CHECK(call) do { if ((call) != napi_ok) { napi_throw_error(env, NULL, "N-API call failed: " #call); return NULL; } } while (0)

static napi_value throw_msg(napi_env env, const char *msg) {
  napi_throw_error(env, NULL, msg);
  return NULL;
}

static int need_display(napi_env env) {
  if (io_dead) {
    /* The dead Display is abandoned (freeing it would touch the broken connection); the next open() reconnects. */
    dpy = NULL;
    io_dead = 0;
    helper_reset();
    capture_release_shm(0);
    napi_throw_error(env, "X11_CONNECTION_LOST", "the connection to the X server was lost");
    return 0;
  }
  if (dpy == NULL) {
    napi_throw_error(env, "X11_NOT_OPEN", "the X display is not open");
    return 0;
  }
  return 1;
}

/* Sync and turn a protocol error raised since the last reset into a JS exception. */
static int sync_ok(napi_env env, const char *what) {
  XSync(dpy, False);
  if (io_dead) return need_display(env);
  if (x_error != 0) {
    char msg[400];
    snprintf(msg, sizeof(msg), "%s: X error %d (%s)", what, x_error, x_error_text);
    x_error = 0;
    napi_throw_error(env, "X11_PROTOCOL_ERROR", msg);
    return 0;
  }
  return 1;
}

static napi_value num(napi_env env, double v) {
  napi_value out;
  napi_create_double(env, v, &out);
  return out;
}

static napi_value boolean(napi_env env, int v) {
  napi_value out;
  napi_get_boolean(env, v != 0, &out);
  return out;
}

static void set_num(napi_env env, napi_value obj, const char *key, double v) {
  napi_set_named_property(env, obj, key, num(env, v));
}

static int args_n(napi_env env, napi_callback_info info, size_t want, napi_value *argv) {
  size_t argc = want;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return 0;
  for (size_t i = argc; i < want; i++) napi_get_undefined(env, &argv[i]);
  return 1;
}

static int get_i64(napi_env env, napi_value v, int64_t *out, const char *name) {
  napi_valuetype t;
  napi_typeof(env, v, &t);
  if (t != napi_number) {
    char msg[128];
    snprintf(msg, sizeof(msg), "%s must be a number", name);
    napi_throw_type_error(env, NULL, msg);
    return 0;
  }
  napi_get_value_int64(env, v, out);
  return 1;
}

static int get_str(napi_env env, napi_value v, char *buf, size_t len, const char *name) {
  size_t got;
  if (napi_get_value_string_utf8(env, v, buf, len, &got) != napi_ok) {
    char msg[128];
    snprintf(msg, sizeof(msg), "%s must be a string", name);
    napi_throw_type_error(env, NULL, msg);
    return 0;
  }
  return 1;
}

/* open(displayName?) -> {display, screen_width, screen_height, root, xtest, shm, randr, xfixes} */
static napi_value js_open(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  if (dpy == NULL) {
    char name[256] = {0};
    napi_valuetype t;
    napi_typeof(env, argv[0], &t);
    if (t == napi_string && !get_str(env, argv[0], name, sizeof(name), "display")) return NULL;
    XSetErrorHandler(on_x_error);
    XSetIOErrorHandler(on_io_error);
    io_dead = 0;
    dpy = XOpenDisplay(name[0] ? name : NULL);
    if (dpy == NULL) {
      char msg[320];
      snprintf(msg, sizeof(msg), "cannot open X display '%s'", name[0] ? name : (getenv("DISPLAY") ? getenv("DISPLAY") : ""));
      napi_throw_error(env, "X11_NO_DISPLAY", msg);
      return NULL;
    }
    XSetIOErrorExitHandler(dpy, on_io_exit, NULL);
    int ev, er, maj, min;
    has_xtest = XTestQueryExtension(dpy, &ev, &er, &maj, &min);
    has_shm = XShmQueryExtension(dpy);
    has_randr = XRRQueryExtension(dpy, &ev, &er);
    has_xfixes = XFixesQueryExtension(dpy, &ev, &er);
    if (has_xtest) XTestGrabControl(dpy, True);
  }
  napi_value out, s;
  CHECK(napi_create_object(env, &out));
  CHECK(napi_create_string_utf8(env, DisplayString(dpy), NAPI_AUTO_LENGTH, &s));
  napi_set_named_property(env, out, "display", s);
  int screen = DefaultScreen(dpy);
  set_num(env, out, "screen_width", DisplayWidth(dpy, screen));
  set_num(env, out, "screen_height", DisplayHeight(dpy, screen));
  set_num(env, out, "root", (double)RootWindow(dpy, screen));
  napi_set_named_property(env, out, "xtest", boolean(env, has_xtest));
  napi_set_named_property(env, out, "shm", boolean(env, has_shm));
  napi_set_named_property(env, out, "randr", boolean(env, has_randr));
  napi_set_named_property(env, out, "xfixes", boolean(env, has_xfixes));
  return out;
}

static napi_value js_close(napi_env env, napi_callback_info info) {
  (void)info;
  if (dpy != NULL) {
    capture_release_shm(1);
    XCloseDisplay(dpy);
    dpy = NULL;
  }
  napi_value u;
  napi_get_undefined(env, &u);
  return u;
}

/* motion(x, y): XTEST absolute pointer motion on the default screen. */
static napi_value js_motion(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  int64_t x, y;
  if (!args_n(env, info, 2, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &x, "x") || !get_i64(env, argv[1], &y, "y")) return NULL;
  if (!has_xtest) return throw_msg(env, "the X server has no XTEST extension");
  XTestFakeMotionEvent(dpy, -1, (int)x, (int)y, CurrentTime);
  if (!sync_ok(env, "XTestFakeMotionEvent")) return NULL;
  return boolean(env, 1);
}

/* The (number, down) arguments of button() and key(), on a server with XTEST; 0 with a JS exception pending. */
static int xtest_press_args(napi_env env, napi_callback_info info, const char *what, int64_t *number, bool *down) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv) || !need_display(env)) return 0;
  if (!get_i64(env, argv[0], number, what)) return 0;
  if (napi_get_value_bool(env, argv[1], down) != napi_ok) {
    throw_msg(env, "down must be a boolean");
    return 0;
  }
  if (!has_xtest) {
    throw_msg(env, "the X server has no XTEST extension");
    return 0;
  }
  return 1;
}

/* button(number, down) */
static napi_value js_button(napi_env env, napi_callback_info info) {
  int64_t b;
  bool down;
  if (!xtest_press_args(env, info, "button", &b, &down)) return NULL;
  XTestFakeButtonEvent(dpy, (unsigned int)b, down ? True : False, CurrentTime);
  if (!sync_ok(env, "XTestFakeButtonEvent")) return NULL;
  return boolean(env, 1);
}

/* key(keycode, down) */
static napi_value js_key(napi_env env, napi_callback_info info) {
  int64_t kc;
  bool down;
  if (!xtest_press_args(env, info, "keycode", &kc, &down)) return NULL;
  XTestFakeKeyEvent(dpy, (unsigned int)kc, down ? True : False, CurrentTime);
  if (!sync_ok(env, "XTestFakeKeyEvent")) return NULL;
  return boolean(env, 1);
}

/* queryPointer() -> {x, y, child, mask}: child is the top-level window under the pointer (0 = root). */
static napi_value js_query_pointer(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_display(env)) return NULL;
  Window root_ret, child;
  int rx, ry, wx, wy;
  unsigned int mask;
  XQueryPointer(dpy, DefaultRootWindow(dpy), &root_ret, &child, &rx, &ry, &wx, &wy, &mask);
  if (!sync_ok(env, "XQueryPointer")) return NULL;
  napi_value out;
  CHECK(napi_create_object(env, &out));
  set_num(env, out, "x", rx);
  set_num(env, out, "y", ry);
  set_num(env, out, "child", (double)child);
  set_num(env, out, "mask", mask);
  return out;
}

/* keysymFromName(name) -> keysym or 0 */
static napi_value js_keysym_from_name(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  char name[128];
  if (!args_n(env, info, 1, argv)) return NULL;
  if (!get_str(env, argv[0], name, sizeof(name), "name")) return NULL;
  KeySym ks = XStringToKeysym(name);
  return num(env, ks == NoSymbol ? 0 : (double)ks);
}

/* findKeysym(keysym) -> {keycode, level} with level 0 (plain) or 1 (shifted), or null when not on the keymap. */
static napi_value js_find_keysym(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int64_t ks;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &ks, "keysym")) return NULL;
  int min_kc, max_kc, per;
  XDisplayKeycodes(dpy, &min_kc, &max_kc);
  KeySym *map = XGetKeyboardMapping(dpy, (KeyCode)min_kc, max_kc - min_kc + 1, &per);
  if (map == NULL) return throw_msg(env, "XGetKeyboardMapping failed");
  int found_kc = -1, found_level = -1;
  for (int level = 0; level < 2 && level < per && found_kc < 0; level++) {
    for (int kc = min_kc; kc <= max_kc; kc++) {
      if (map[(kc - min_kc) * per + level] == (KeySym)ks) {
        found_kc = kc;
        found_level = level;
        break;
      }
    }
  }
  XFree(map);
  if (found_kc < 0) {
    napi_value n;
    napi_get_null(env, &n);
    return n;
  }
  napi_value out;
  CHECK(napi_create_object(env, &out));
  set_num(env, out, "keycode", found_kc);
  set_num(env, out, "level", found_level);
  return out;
}

/* bindSpare(keysym) -> keycode (a keycode with no keysyms, now bound to keysym at both levels) or -1. */
static napi_value js_bind_spare(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int64_t ks;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &ks, "keysym")) return NULL;
  int min_kc, max_kc, per;
  XDisplayKeycodes(dpy, &min_kc, &max_kc);
  KeySym *map = XGetKeyboardMapping(dpy, (KeyCode)min_kc, max_kc - min_kc + 1, &per);
  if (map == NULL) return throw_msg(env, "XGetKeyboardMapping failed");
  int spare = -1;
  /* From the top: low keycodes are real keys on most keymaps. */
  for (int kc = max_kc; kc >= min_kc && spare < 0; kc--) {
    int empty = 1;
    for (int i = 0; i < per; i++) {
      if (map[(kc - min_kc) * per + i] != NoSymbol) {
        empty = 0;
        break;
      }
    }
    if (empty) spare = kc;
  }
  XFree(map);
  if (spare >= 0) {
    KeySym syms[2] = {(KeySym)ks, (KeySym)ks};
    XChangeKeyboardMapping(dpy, spare, 2, syms, 1);
    if (!sync_ok(env, "XChangeKeyboardMapping")) return NULL;
  }
  return num(env, spare);
}

/* unbind(keycode): give a spare keycode back (no keysyms). */
static napi_value js_unbind(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int64_t kc;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &kc, "keycode")) return NULL;
  KeySym none[1] = {NoSymbol};
  XChangeKeyboardMapping(dpy, (int)kc, 1, none, 1);
  if (!sync_ok(env, "XChangeKeyboardMapping")) return NULL;
  return boolean(env, 1);
}

static int mask_shift(unsigned long mask) {
  int s = 0;
  if (mask == 0) return 0;
  while (!(mask & 1)) {
    mask >>= 1;
    s++;
  }
  return s;
}

#include "capture.inc.c"

/* monitors() -> [{name, x, y, width, height, primary}] from XRandR 1.5 (empty when the server lacks it). */
static napi_value js_monitors(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_display(env)) return NULL;
  napi_value arr;
  CHECK(napi_create_array(env, &arr));
  if (!has_randr) return arr;
  int n = 0;
  XRRMonitorInfo *mons = XRRGetMonitors(dpy, DefaultRootWindow(dpy), True, &n);
  if (mons == NULL) return arr;
  for (int i = 0; i < n; i++) {
    napi_value m, s;
    CHECK(napi_create_object(env, &m));
    char *name = mons[i].name != None ? XGetAtomName(dpy, mons[i].name) : NULL;
    CHECK(napi_create_string_utf8(env, name ? name : "", NAPI_AUTO_LENGTH, &s));
    if (name) XFree(name);
    napi_set_named_property(env, m, "name", s);
    set_num(env, m, "x", mons[i].x);
    set_num(env, m, "y", mons[i].y);
    set_num(env, m, "width", mons[i].width);
    set_num(env, m, "height", mons[i].height);
    set_num(env, m, "mm_width", mons[i].mwidth);
    set_num(env, m, "mm_height", mons[i].mheight);
    napi_set_named_property(env, m, "primary", boolean(env, mons[i].primary));
    napi_set_element(env, arr, (uint32_t)i, m);
  }
  XRRFreeMonitors(mons);
  return arr;
}

static Atom atom_of(napi_env env, napi_value v, int *ok) {
  char name[256];
  *ok = get_str(env, v, name, sizeof(name), "atom name");
  if (!*ok) return None;
  return XInternAtom(dpy, name, False);
}

/*
 * getProperty(window, name) -> null | {type, format, value}: value is a string for STRING/UTF8_STRING, else an
 * array of numbers (CARDINAL, WINDOW, ATOM as atom names).
 */
static napi_value js_get_property(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  int64_t win;
  int ok;
  if (!args_n(env, info, 2, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &win, "window")) return NULL;
  Atom prop = atom_of(env, argv[1], &ok);
  if (!ok) return NULL;
  Atom type;
  int format;
  unsigned long nitems, after;
  unsigned char *data = NULL;
  int status = XGetWindowProperty(dpy, (Window)win, prop, 0, 1 << 20, False, AnyPropertyType, &type, &format, &nitems,
                                  &after, &data);
  XSync(dpy, False);
  if (io_dead) {
    need_display(env);
    return NULL;
  }
  if (x_error != 0) {
    int code = x_error;
    x_error = 0;
    if (data) XFree(data);
    if (code == BadWindow) {
      napi_throw_error(env, "X11_BAD_WINDOW", "the window is gone");
      return NULL;
    }
    return throw_msg(env, "XGetWindowProperty failed");
  }
  napi_value n;
  napi_get_null(env, &n);
  if (status != Success || type == None) {
    if (data) XFree(data);
    return n;
  }
  napi_value out, value, tname;
  CHECK(napi_create_object(env, &out));
  char *type_name = XGetAtomName(dpy, type);
  CHECK(napi_create_string_utf8(env, type_name ? type_name : "", NAPI_AUTO_LENGTH, &tname));
  Atom utf8 = XInternAtom(dpy, "UTF8_STRING", False);
  if (format == 8 && (type == XA_STRING || type == utf8 || (type_name && strcmp(type_name, "COMPOUND_TEXT") == 0))) {
    CHECK(napi_create_string_utf8(env, (const char *)data, nitems, &value));
  } else {
    CHECK(napi_create_array_with_length(env, nitems, &value));
    for (unsigned long i = 0; i < nitems; i++) {
      napi_value item;
      if (format == 32 && type == XA_ATOM) {
        char *an = XGetAtomName(dpy, ((Atom *)data)[i]);
        napi_create_string_utf8(env, an ? an : "", NAPI_AUTO_LENGTH, &item);
        if (an) XFree(an);
      } else if (format == 32) {
        item = num(env, (double)((unsigned long *)data)[i]);
      } else if (format == 16) {
        item = num(env, ((unsigned short *)data)[i]);
      } else {
        item = num(env, data[i]);
      }
      napi_set_element(env, value, (uint32_t)i, item);
    }
  }
  if (type_name) XFree(type_name);
  XFree(data);
  napi_set_named_property(env, out, "type", tname);
  set_num(env, out, "format", format);
  napi_set_named_property(env, out, "value", value);
  return out;
}

/* clientMessage(window, type, [l0..l4], target = root): an EWMH request, sent to the root window. */
static napi_value js_client_message(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  int64_t win;
  int ok;
  if (!args_n(env, info, 3, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &win, "window")) return NULL;
  Atom type = atom_of(env, argv[1], &ok);
  if (!ok) return NULL;
  XEvent ev;
  memset(&ev, 0, sizeof(ev));
  ev.xclient.type = ClientMessage;
  ev.xclient.serial = 0;
  ev.xclient.send_event = True;
  ev.xclient.window = (Window)win;
  ev.xclient.message_type = type;
  ev.xclient.format = 32;
  uint32_t len = 0;
  napi_get_array_length(env, argv[2], &len);
  for (uint32_t i = 0; i < len && i < 5; i++) {
    napi_value item;
    napi_valuetype t;
    napi_get_element(env, argv[2], i, &item);
    napi_typeof(env, item, &t);
    if (t == napi_string) {
      ev.xclient.data.l[i] = (long)atom_of(env, item, &ok);
      if (!ok) return NULL;
    } else {
      int64_t v;
      if (!get_i64(env, item, &v, "client message data")) return NULL;
      ev.xclient.data.l[i] = (long)v;
    }
  }
  XSendEvent(dpy, DefaultRootWindow(dpy), False, SubstructureRedirectMask | SubstructureNotifyMask, &ev);
  if (!sync_ok(env, "XSendEvent")) return NULL;
  return boolean(env, 1);
}

/* geometry(window) -> {x, y, width, height, map_state, override_redirect}: x, y in root coordinates. */
static napi_value js_geometry(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int64_t win;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &win, "window")) return NULL;
  XWindowAttributes attrs;
  Status st = XGetWindowAttributes(dpy, (Window)win, &attrs);
  XSync(dpy, False);
  if (io_dead) {
    need_display(env);
    return NULL;
  }
  if (!st || x_error != 0) {
    x_error = 0;
    napi_throw_error(env, "X11_BAD_WINDOW", "the window is gone");
    return NULL;
  }
  int rx = 0, ry = 0;
  Window child;
  XTranslateCoordinates(dpy, (Window)win, attrs.root, 0, 0, &rx, &ry, &child);
  if (!sync_ok(env, "XTranslateCoordinates")) return NULL;
  napi_value out;
  CHECK(napi_create_object(env, &out));
  set_num(env, out, "x", rx);
  set_num(env, out, "y", ry);
  set_num(env, out, "width", attrs.width);
  set_num(env, out, "height", attrs.height);
  set_num(env, out, "map_state", attrs.map_state);
  napi_set_named_property(env, out, "override_redirect", boolean(env, attrs.override_redirect));
  return out;
}

/*
 * X-Resource's QueryClientIds (request 4), spoken directly: the pid of the client that owns a window. Apps that set
 * no _NET_WM_PID (Tk 8.6) are found only this way. libXRes is not linked (not every machine has it); the request
 * and reply are small and fixed by the protocol (x11proto resproto).
 */
#define X_XResQueryClientIds 4
#define XRES_CLIENT_ID_PID_MASK 2
typedef struct {
  CARD8 reqType;
  CARD8 resReqType;
  CARD16 length;
  CARD32 numSpecs;
} xXResQueryClientIdsReq;
#define sz_xXResQueryClientIdsReq 8
typedef struct {
  BYTE type;
  CARD8 pad1;
  CARD16 sequenceNumber;
  CARD32 length;
  CARD32 numIds;
  CARD32 pad2, pad3, pad4, pad5, pad6;
} xXResQueryClientIdsReply;

static int xres_major = -1;

/* windowPid(window) -> the owning client's pid, or -1 when the server cannot tell (no X-Resource, a remote client). */
static napi_value js_window_pid(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int64_t win;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &win, "window")) return NULL;
  if (xres_major == -1) {
    int event, error;
    if (!XQueryExtension(dpy, "X-Resource", &xres_major, &event, &error)) xres_major = 0;
  }
  if (xres_major == 0) return num(env, -1);
  long pid = -1;
  LockDisplay(dpy);
  xXResQueryClientIdsReq *req;
  GetReqExtra(XResQueryClientIds, 8, req);
  req->reqType = (CARD8)xres_major;
  req->resReqType = X_XResQueryClientIds;
  req->numSpecs = 1;
  CARD32 *spec = (CARD32 *)(req + 1);
  spec[0] = (CARD32)win;
  spec[1] = XRES_CLIENT_ID_PID_MASK;
  xXResQueryClientIdsReply rep;
  if (_XReply(dpy, (xReply *)&rep, 0, xFalse)) {
    unsigned long bytes = (unsigned long)rep.length << 2;
    unsigned char *buf = bytes > 0 && bytes < (1u << 20) ? malloc(bytes) : NULL;
    if (buf != NULL) {
      _XRead(dpy, (char *)buf, (long)bytes);
      unsigned long at = 0;
      for (CARD32 i = 0; i < rep.numIds && at + 12 <= bytes; i++) {
        CARD32 mask = *(CARD32 *)(buf + at + 4);
        CARD32 length = *(CARD32 *)(buf + at + 8);
        at += 12;
        if (at + length > bytes) break;
        if ((mask & XRES_CLIENT_ID_PID_MASK) && length == 4) pid = (long)*(CARD32 *)(buf + at);
        at += length;
      }
      free(buf);
    } else if (bytes > 0) {
      _XEatDataWords(dpy, rep.length);
    }
  }
  UnlockDisplay(dpy);
  SyncHandle();
  XSync(dpy, False);
  if (io_dead) {
    need_display(env);
    return NULL;
  }
  x_error = 0;
  return num(env, (double)pid);
}

/* children(window) -> [ids] bottom to top (XQueryTree). */
static napi_value js_children(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int64_t win;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &win, "window")) return NULL;
  Window root_ret, parent, *kids = NULL;
  unsigned int n = 0;
  Status st = XQueryTree(dpy, (Window)win, &root_ret, &parent, &kids, &n);
  XSync(dpy, False);
  if (io_dead) {
    need_display(env);
    return NULL;
  }
  if (!st || x_error != 0) {
    x_error = 0;
    if (kids) XFree(kids);
    napi_throw_error(env, "X11_BAD_WINDOW", "the window is gone");
    return NULL;
  }
  napi_value arr;
  CHECK(napi_create_array_with_length(env, n, &arr));
  for (unsigned int i = 0; i < n; i++) napi_set_element(env, arr, i, num(env, (double)kids[i]));
  if (kids) XFree(kids);
  return arr;
}

/* moveResize(window, x, y, width, height): a plain ConfigureWindow request (the WM may redirect it). */
static napi_value js_move_resize(napi_env env, napi_callback_info info) {
  napi_value argv[5];
  int64_t win, x, y, w, h;
  if (!args_n(env, info, 5, argv) || !need_display(env)) return NULL;
  if (!get_i64(env, argv[0], &win, "window") || !get_i64(env, argv[1], &x, "x") || !get_i64(env, argv[2], &y, "y") ||
      !get_i64(env, argv[3], &w, "width") || !get_i64(env, argv[4], &h, "height"))
    return NULL;
  XMoveResizeWindow(dpy, (Window)win, (int)x, (int)y, (unsigned)w, (unsigned)h);
  if (!sync_ok(env, "XMoveResizeWindow")) return NULL;
  return boolean(env, 1);
}

/* cursor() -> {x, y, width, height, xhot, yhot, serial, name} from XFixes, or null without it. */
static napi_value js_cursor(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_display(env)) return NULL;
  napi_value n;
  napi_get_null(env, &n);
  if (!has_xfixes) return n;
  XFixesCursorImage *c = XFixesGetCursorImage(dpy);
  if (c == NULL) return n;
  napi_value out, s;
  CHECK(napi_create_object(env, &out));
  set_num(env, out, "x", c->x);
  set_num(env, out, "y", c->y);
  set_num(env, out, "width", c->width);
  set_num(env, out, "height", c->height);
  set_num(env, out, "xhot", c->xhot);
  set_num(env, out, "yhot", c->yhot);
  set_num(env, out, "serial", c->cursor_serial);
  CHECK(napi_create_string_utf8(env, c->name ? c->name : "", NAPI_AUTO_LENGTH, &s));
  napi_set_named_property(env, out, "name", s);
  XFree(c);
  return out;
}

#include "selection.inc.c"

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
    {"open", NULL, js_open, NULL, NULL, NULL, napi_default, NULL},
    {"close", NULL, js_close, NULL, NULL, NULL, napi_default, NULL},
    {"motion", NULL, js_motion, NULL, NULL, NULL, napi_default, NULL},
    {"button", NULL, js_button, NULL, NULL, NULL, napi_default, NULL},
    {"key", NULL, js_key, NULL, NULL, NULL, napi_default, NULL},
    {"queryPointer", NULL, js_query_pointer, NULL, NULL, NULL, napi_default, NULL},
    {"keysymFromName", NULL, js_keysym_from_name, NULL, NULL, NULL, napi_default, NULL},
    {"findKeysym", NULL, js_find_keysym, NULL, NULL, NULL, napi_default, NULL},
    {"bindSpare", NULL, js_bind_spare, NULL, NULL, NULL, napi_default, NULL},
    {"unbind", NULL, js_unbind, NULL, NULL, NULL, napi_default, NULL},
    {"captureRoot", NULL, js_capture_root, NULL, NULL, NULL, napi_default, NULL},
    {"capturePng", NULL, js_capture_png, NULL, NULL, NULL, napi_default, NULL},
    {"captureRelease", NULL, js_capture_release, NULL, NULL, NULL, napi_default, NULL},
    {"monitors", NULL, js_monitors, NULL, NULL, NULL, napi_default, NULL},
    {"getProperty", NULL, js_get_property, NULL, NULL, NULL, napi_default, NULL},
    {"clientMessage", NULL, js_client_message, NULL, NULL, NULL, napi_default, NULL},
    {"geometry", NULL, js_geometry, NULL, NULL, NULL, napi_default, NULL},
    {"children", NULL, js_children, NULL, NULL, NULL, napi_default, NULL},
    {"windowPid", NULL, js_window_pid, NULL, NULL, NULL, napi_default, NULL},
    {"moveResize", NULL, js_move_resize, NULL, NULL, NULL, napi_default, NULL},
    {"cursor", NULL, js_cursor, NULL, NULL, NULL, napi_default, NULL},
    {"selectionGet", NULL, js_selection_get, NULL, NULL, NULL, napi_default, NULL},
    {"selectionOwn", NULL, js_selection_own, NULL, NULL, NULL, napi_default, NULL},
    {"selectionClear", NULL, js_selection_clear, NULL, NULL, NULL, napi_default, NULL},
    {"selectionOwner", NULL, js_selection_owner, NULL, NULL, NULL, napi_default, NULL},
    {"selectionServe", NULL, js_selection_serve, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
