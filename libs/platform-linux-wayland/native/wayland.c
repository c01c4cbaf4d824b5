/*
 * agent-desktop's Wayland addon: what AT-SPI cannot do on a Wayland session, through the compositor's protocols for
 * privileged clients (wlroots and others that offer them). One wl_display connection per process, opened on demand:
 * a virtual keyboard holding one keymap for its whole life (keyboard.inc.c), a virtual pointer whose presses and
 * releases all come from this one client (pointer.inc.c), output capture into shm buffers encoded as PNG
 * (screencopy.inc.c), the foreign-toplevel list (toplevels.inc.c), and the clipboard (datacontrol.inc.c). Every function is synchronous and bounded: a
 * wait for the compositor polls its socket with a deadline and never blocks forever; a protocol error or a lost
 * connection becomes a JS error with a code (WL_*), never a crash, and the next connect() starts afresh.
 */
#define NAPI_VERSION 8
#define _GNU_SOURCE
#include <node_api.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "generated/virtual-keyboard-unstable-v1-client-protocol.h"
#include "generated/wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "generated/wlr-screencopy-unstable-v1-client-protocol.h"
#include "generated/wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "generated/xdg-output-unstable-v1-client-protocol.h"
#include "generated/fake-input-client-protocol.h"

/* How long any single wait for the compositor may take before the call fails with WL_TIMEOUT. */
#define WAIT_MS 5000

typedef struct output {
  struct wl_output *wl;
  uint32_t global_name;
  struct zxdg_output_v1 *xdg;
  char *name;
  char *description;
  int32_t x, y;               /* wl_output.geometry: position in the compositor's space */
  int32_t mode_width, mode_height;
  int32_t scale;
  int32_t transform;
  int32_t lx, ly, lwidth, lheight; /* zxdg_output_v1: the logical rectangle */
  bool has_logical;
  struct output *next;
} output_t;

typedef struct global_info {
  char *interface;
  uint32_t version;
  uint32_t name;
  struct global_info *next;
} global_info_t;

struct toplevel;

static struct {
  struct wl_display *display;
  struct wl_registry *registry;
  char *display_name;
  struct wl_seat *seat;
  char *seat_name;
  uint32_t seat_caps;
  struct wl_shm *shm;
  struct zxdg_output_manager_v1 *xdg_output_manager;
  struct zwp_virtual_keyboard_manager_v1 *keyboard_manager;
  struct zwlr_virtual_pointer_manager_v1 *pointer_manager;
  uint32_t pointer_manager_version;
  struct zwlr_screencopy_manager_v1 *screencopy;
  uint32_t screencopy_version;
  struct zwlr_foreign_toplevel_manager_v1 *toplevel_manager;
  uint32_t toplevel_manager_version;
  global_info_t *globals;
  output_t *outputs;
  struct toplevel *toplevels;
  uint32_t next_toplevel_id;
  /* Set when the compositor sent a protocol error or the socket broke: the connection is unusable. */
  bool broken;
} wl;

static uint32_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint32_t)((uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u);
}

static int64_t mono_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---------- N-API helpers ---------- */

static napi_value throw_code(napi_env env, const char *code, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  napi_throw_error(env, code, msg);
  return NULL;
}

static napi_value num(napi_env env, double v) {
  napi_value out;
  napi_create_double(env, v, &out);
  return out;
}

static napi_value boolean(napi_env env, bool v) {
  napi_value out;
  napi_get_boolean(env, v, &out);
  return out;
}

static napi_value str(napi_env env, const char *s) {
  napi_value out;
  if (s == NULL) {
    napi_get_null(env, &out);
    return out;
  }
  napi_create_string_utf8(env, s, NAPI_AUTO_LENGTH, &out);
  return out;
}

static napi_value null_value(napi_env env) {
  napi_value out;
  napi_get_null(env, &out);
  return out;
}

static napi_value undefined_value(napi_env env) {
  napi_value out;
  napi_get_undefined(env, &out);
  return out;
}

static void set(napi_env env, napi_value obj, const char *key, napi_value v) {
  napi_set_named_property(env, obj, key, v);
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
    throw_code(env, "WL_BAD_ARGUMENT", "%s must be a number", name);
    return 0;
  }
  napi_get_value_int64(env, v, out);
  return 1;
}

static int get_bool(napi_env env, napi_value v, bool *out) {
  napi_valuetype t;
  napi_typeof(env, v, &t);
  if (t != napi_boolean) {
    *out = false;
    return 1;
  }
  napi_get_value_bool(env, v, out);
  return 1;
}

/* A UTF-8 string argument, malloc'ed; NULL (and no exception) for null/undefined when `optional`. */
static char *get_string(napi_env env, napi_value v, const char *name, bool optional, bool *failed) {
  napi_valuetype t;
  napi_typeof(env, v, &t);
  *failed = false;
  if (t == napi_null || t == napi_undefined) {
    if (optional) return NULL;
    throw_code(env, "WL_BAD_ARGUMENT", "%s must be a string", name);
    *failed = true;
    return NULL;
  }
  if (t != napi_string) {
    throw_code(env, "WL_BAD_ARGUMENT", "%s must be a string", name);
    *failed = true;
    return NULL;
  }
  size_t len = 0;
  napi_get_value_string_utf8(env, v, NULL, 0, &len);
  char *buf = malloc(len + 1);
  if (buf == NULL) {
    throw_code(env, "WL_NO_MEMORY", "out of memory");
    *failed = true;
    return NULL;
  }
  napi_get_value_string_utf8(env, v, buf, len + 1, &len);
  return buf;
}

/* ---------- connection health and bounded waits ---------- */

/* After a failure, say what the compositor said (a protocol error names the interface) and mark the link dead. */
static napi_value throw_connection(napi_env env, const char *what) {
  wl.broken = true;
  int err = wl.display ? wl_display_get_error(wl.display) : 0;
  if (err == EPROTO) {
    const struct wl_interface *iface = NULL;
    uint32_t id = 0;
    uint32_t code = wl_display_get_protocol_error(wl.display, &iface, &id);
    return throw_code(env, "WL_PROTOCOL_ERROR", "%s: the compositor sent protocol error %u on %s@%u", what, code,
                      iface ? iface->name : "?", id);
  }
  return throw_code(env, "WL_CONNECTION_LOST", "%s: the connection to the compositor was lost (%s)", what,
                    strerror(err ? err : EPIPE));
}

static int flush_all(int deadline_ms) {
  int64_t until = mono_ms() + deadline_ms;
  while (wl_display_flush(wl.display) < 0) {
    if (errno != EAGAIN) return -1;
    struct pollfd pfd = {.fd = wl_display_get_fd(wl.display), .events = POLLOUT};
    int left = (int)(until - mono_ms());
    if (left <= 0) return -2;
    if (poll(&pfd, 1, left) < 0 && errno != EINTR) return -1;
  }
  return 0;
}

/*
 * Dispatch events until *flag becomes non-zero or the deadline passes: 0 done, -1 connection error, -2 timeout.
 * Never blocks past the deadline (wl_display_roundtrip would wait forever on a hung compositor).
 */
static int dispatch_until(volatile int *flag, int timeout_ms) {
  int64_t until = mono_ms() + timeout_ms;
  while (!*flag) {
    if (wl_display_dispatch_pending(wl.display) < 0) return -1;
    if (*flag) break;
    int f = flush_all((int)(until - mono_ms()));
    if (f < 0) return f;
    if (wl_display_prepare_read(wl.display) != 0) continue;
    struct pollfd pfd = {.fd = wl_display_get_fd(wl.display), .events = POLLIN};
    int left = (int)(until - mono_ms());
    if (left <= 0) {
      wl_display_cancel_read(wl.display);
      return -2;
    }
    int ready = poll(&pfd, 1, left);
    if (ready <= 0) {
      wl_display_cancel_read(wl.display);
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) return -2;
      return -1;
    }
    if (wl_display_read_events(wl.display) < 0) return -1;
  }
  if (wl_display_dispatch_pending(wl.display) < 0) return -1;
  return 0;
}

static void sync_done(void *data, struct wl_callback *cb, uint32_t serial) {
  (void)serial;
  *(volatile int *)data = 1;
  wl_callback_destroy(cb);
}

static const struct wl_callback_listener sync_listener = {.done = sync_done};

/* A bounded round trip: every request sent so far has been processed and its events dispatched. */
static int roundtrip(int timeout_ms) {
  volatile int *done = calloc(1, sizeof(int));
  if (done == NULL) return -1;
  struct wl_callback *cb = wl_display_sync(wl.display);
  wl_callback_add_listener(cb, &sync_listener, (void *)done);
  int r = dispatch_until(done, timeout_ms);
  if (r == 0) free((void *)done);
  /* On failure the callback may still fire later with `done` as its data: leave that int allocated (4 bytes). */
  return r;
}

static napi_value throw_wait(napi_env env, int r, const char *what) {
  if (r == -2) return throw_code(env, "WL_TIMEOUT", "%s: the compositor did not answer within %d ms", what, WAIT_MS);
  return throw_connection(env, what);
}

static int need_connection(napi_env env) {
  if (wl.display == NULL) {
    throw_code(env, "WL_NOT_CONNECTED", "not connected to a Wayland compositor");
    return 0;
  }
  if (wl.broken) {
    throw_connection(env, "the connection is unusable");
    return 0;
  }
  return 1;
}

#include "outputs.inc.c"
#include "keyboard.inc.c"
#include "pointer.inc.c"
#include "png.inc.c"
#include "screencopy.inc.c"
#include "toplevels.inc.c"
#include "fakeinput.inc.c"
#include "datacontrol.inc.c"
#include "kwinscreenshot.inc.c"
#include "kwinscreenshotjs.inc.c"
#include "mutterclipboard.inc.c"

/* ---------- registry ---------- */

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
  (void)data;
  global_info_t *g = calloc(1, sizeof(*g));
  if (g) {
    g->interface = strdup(interface);
    g->version = version;
    g->name = name;
    g->next = wl.globals;
    wl.globals = g;
  }
#define MIN(a, b) ((a) < (b) ? (a) : (b))
  if (strcmp(interface, wl_seat_interface.name) == 0 && wl.seat == NULL) {
    wl.seat = wl_registry_bind(registry, name, &wl_seat_interface, MIN(version, 2));
    wl_seat_add_listener(wl.seat, &seat_listener, NULL);
  } else if (strcmp(interface, wl_shm_interface.name) == 0) {
    wl.shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
  } else if (strcmp(interface, wl_output_interface.name) == 0) {
    output_add(registry, name, version);
  } else if (strcmp(interface, zxdg_output_manager_v1_interface.name) == 0) {
    wl.xdg_output_manager = wl_registry_bind(registry, name, &zxdg_output_manager_v1_interface, MIN(version, 3));
  } else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
    wl.keyboard_manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
  } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
    wl.pointer_manager_version = MIN(version, 2);
    wl.pointer_manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, wl.pointer_manager_version);
  } else if (strcmp(interface, zwlr_screencopy_manager_v1_interface.name) == 0) {
    wl.screencopy_version = MIN(version, 3);
    wl.screencopy = wl_registry_bind(registry, name, &zwlr_screencopy_manager_v1_interface, wl.screencopy_version);
  } else if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0) {
    fake_input_version = MIN(version, 4);
    fake_input = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, fake_input_version);
  } else if (strcmp(interface, zwlr_data_control_manager_v1_interface.name) == 0 && dc.manager == NULL) {
    dc_bind(registry, name, version);
  } else if (strcmp(interface, zwlr_foreign_toplevel_manager_v1_interface.name) == 0) {
    wl.toplevel_manager_version = MIN(version, 3);
    wl.toplevel_manager = wl_registry_bind(registry, name, &zwlr_foreign_toplevel_manager_v1_interface, wl.toplevel_manager_version);
    zwlr_foreign_toplevel_manager_v1_add_listener(wl.toplevel_manager, &toplevel_manager_listener, NULL);
  }
#undef MIN
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data;
  (void)registry;
  output_remove(name);
  for (global_info_t **p = &wl.globals; *p; p = &(*p)->next) {
    if ((*p)->name == name) {
      global_info_t *g = *p;
      *p = g->next;
      free(g->interface);
      free(g);
      break;
    }
  }
}

static const struct wl_registry_listener registry_listener = {
  .global = registry_global,
  .global_remove = registry_global_remove,
};

static void teardown(void) {
  keyboard_reset(!wl.broken);
  pointer_reset(!wl.broken);
  toplevels_reset(!wl.broken);
  fake_input_reset(!wl.broken);
  dc_reset(!wl.broken);
  outputs_reset(!wl.broken);
  bool alive = !wl.broken;
  if (alive) {
    if (wl.toplevel_manager) zwlr_foreign_toplevel_manager_v1_stop(wl.toplevel_manager);
    if (wl.screencopy) zwlr_screencopy_manager_v1_destroy(wl.screencopy);
    if (wl.pointer_manager) zwlr_virtual_pointer_manager_v1_destroy(wl.pointer_manager);
    if (wl.xdg_output_manager) zxdg_output_manager_v1_destroy(wl.xdg_output_manager);
  }
  while (wl.globals) {
    global_info_t *g = wl.globals;
    wl.globals = g->next;
    free(g->interface);
    free(g);
  }
  if (wl.display) {
    if (alive) wl_display_flush(wl.display);
    wl_display_disconnect(wl.display);
  }
  free(wl.display_name);
  free(wl.seat_name);
  memset(&wl, 0, sizeof(wl));
}

/* ---------- exported functions ---------- */

static napi_value protocol_versions(napi_env env) {
  napi_value p;
  napi_create_object(env, &p);
  set(env, p, "virtual_keyboard", wl.keyboard_manager ? num(env, 1) : null_value(env));
  set(env, p, "virtual_pointer", wl.pointer_manager ? num(env, wl.pointer_manager_version) : null_value(env));
  set(env, p, "screencopy", wl.screencopy ? num(env, wl.screencopy_version) : null_value(env));
  set(env, p, "foreign_toplevel", wl.toplevel_manager ? num(env, wl.toplevel_manager_version) : null_value(env));
  set(env, p, "xdg_output", wl.xdg_output_manager ? num(env, 1) : null_value(env));
  set(env, p, "kde_fake_input", fake_input ? num(env, fake_input_version) : null_value(env));
  set(env, p, "data_control", dc.manager ? num(env, dc.version) : null_value(env));
  set(env, p, "shm", boolean(env, wl.shm != NULL));
  set(env, p, "seat", boolean(env, wl.seat != NULL));
  return p;
}

static napi_value info_object(napi_env env) {
  napi_value out, globals;
  napi_create_object(env, &out);
  set(env, out, "display", str(env, wl.display_name));
  set(env, out, "seat", str(env, wl.seat_name));
  set(env, out, "seat_capabilities", num(env, wl.seat_caps));
  set(env, out, "protocols", protocol_versions(env));
  napi_create_array(env, &globals);
  uint32_t i = 0;
  for (global_info_t *g = wl.globals; g; g = g->next) {
    napi_value item;
    napi_create_object(env, &item);
    set(env, item, "interface", str(env, g->interface));
    set(env, item, "version", num(env, g->version));
    napi_set_element(env, globals, i++, item);
  }
  set(env, out, "globals", globals);
  set(env, out, "outputs", outputs_array(env));
  return out;
}

/* connect(display?: string): connects (WAYLAND_DISPLAY when omitted; a name or an absolute path), binds globals. */
static napi_value js_connect(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  bool failed = false;
  char *name = get_string(env, argv[0], "display", true, &failed);
  if (failed) return NULL;
  const char *wanted = name ? name : getenv("WAYLAND_DISPLAY");
  if (wl.display && !wl.broken && ((wanted == NULL && wl.display_name == NULL) ||
      (wanted && wl.display_name && strcmp(wanted, wl.display_name) == 0))) {
    free(name);
    int r = roundtrip(WAIT_MS);
    if (r < 0) return throw_wait(env, r, "connect");
    return info_object(env);
  }
  if (wl.display) teardown();
  if (wanted == NULL || wanted[0] == '\0') {
    free(name);
    return throw_code(env, "WL_NO_DISPLAY", "no Wayland display: WAYLAND_DISPLAY is not set");
  }
  wl.display = wl_display_connect(wanted);
  if (wl.display == NULL) {
    int err = errno;
    napi_value e = throw_code(env, "WL_CONNECT_FAILED", "cannot connect to the Wayland display '%s': %s", wanted, strerror(err));
    free(name);
    return e;
  }
  wl.display_name = strdup(wanted);
  free(name);
  wl.registry = wl_display_get_registry(wl.display);
  wl_registry_add_listener(wl.registry, &registry_listener, NULL);
  int r = roundtrip(WAIT_MS);
  if (r == 0) r = roundtrip(WAIT_MS); /* the outputs' and seat's own events */
  if (r == 0 && wl.xdg_output_manager) {
    outputs_bind_xdg();
    r = roundtrip(WAIT_MS);
  }
  if (r < 0) {
    napi_value e = throw_wait(env, r, "connect");
    teardown();
    return e;
  }
  return info_object(env);
}

static napi_value js_disconnect(napi_env env, napi_callback_info info) {
  (void)info;
  if (wl.display) teardown();
  return undefined_value(env);
}

/* sync(): waits until the compositor processed everything sent so far. */
static napi_value js_sync(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_connection(env)) return NULL;
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "sync");
  return undefined_value(env);
}

#define FN(name, fn) {name, NULL, fn, NULL, NULL, NULL, napi_default, NULL}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
    FN("connect", js_connect),
    FN("disconnect", js_disconnect),
    FN("sync", js_sync),
    FN("outputs", js_outputs),
    FN("seatCapabilities", js_seat_capabilities),
    FN("keymapFromNames", js_keymap_from_names),
    FN("keymapUpload", js_keymap_upload),
    FN("keymapLookup", js_keymap_lookup),
    FN("seatKeymapLookup", js_seat_keymap_lookup),
    FN("keymapSpareKeys", js_keymap_spare_keys),
    FN("keymapModifierMask", js_keymap_modifier_mask),
    FN("keysymFromName", js_keysym_from_name),
    FN("keysymName", js_keysym_name),
    FN("keysymFromChar", js_keysym_from_char),
    FN("key", js_key),
    FN("modifiers", js_modifiers),
    FN("modifierState", js_modifier_state),
    FN("pointerMotion", js_pointer_motion),
    FN("pointerButton", js_pointer_button),
    FN("pointerAxis", js_pointer_axis),
    FN("pointerScroll", js_pointer_scroll),
    FN("capture", js_capture),
    FN("toplevels", js_toplevels),
    FN("toplevelAction", js_toplevel_action),
    FN("fakeInputAuthenticate", js_fake_authenticate),
    FN("fakeKey", js_fake_key),
    FN("fakeMotionAbsolute", js_fake_motion_absolute),
    FN("fakeButton", js_fake_button),
    FN("fakeAxis", js_fake_axis),
    FN("clipboardMimeTypes", js_clipboard_mime_types),
    FN("clipboardReceive", js_clipboard_receive),
    FN("clipboardClear", js_clipboard_clear),
    FN("clipboardOwn", js_clipboard_own),
    FN("clipboardServe", js_clipboard_serve),
    FN("kwinScreenshotArea", js_kwin_screenshot_area),
    FN("mutterClipboardRead", js_mutter_clipboard_read),
    FN("mutterClipboardServe", js_mutter_clipboard_serve),
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
