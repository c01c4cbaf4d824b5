/*
 * X selections (the clipboard): read a target (with INCR for large transfers), own a selection and serve its
 * targets until another client takes it over (SelectionClear), clear it. Included by x11.c (one translation unit:
 * these share its Display and error handling).
 */
#include <poll.h>
#include <time.h>

static Window helper_win = 0;

static void helper_reset(void) {
  helper_win = 0;
}

static Window helper(void) {
  if (helper_win == 0) {
    helper_win = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), -10, -10, 1, 1, 0, 0, 0);
    XSelectInput(dpy, helper_win, PropertyChangeMask);
    XFlush(dpy);
  }
  return helper_win;
}

static long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

typedef int (*event_match)(XEvent *ev, void *arg);

/* Wait up to timeout_ms for an event `match` accepts; other events are dropped (only our windows select any). */
static int wait_for(XEvent *ev, event_match match, void *arg, long timeout_ms) {
  long deadline = now_ms() + timeout_ms;
  for (;;) {
    if (io_dead) return 0;
    while (XPending(dpy)) {
      XNextEvent(dpy, ev);
      if (match(ev, arg)) return 1;
    }
    long left = deadline - now_ms();
    if (left <= 0) return 0;
    struct pollfd p = {ConnectionNumber(dpy), POLLIN, 0};
    poll(&p, 1, (int)left);
  }
}

static int is_notify(XEvent *ev, void *arg) {
  Atom sel = *(Atom *)arg;
  return ev->type == SelectionNotify && ev->xselection.requestor == helper_win && ev->xselection.selection == sel;
}

struct prop_wait {
  Window window;
  Atom atom;
  int state;
};

static int is_prop(XEvent *ev, void *arg) {
  struct prop_wait *w = arg;
  return ev->type == PropertyNotify && ev->xproperty.window == w->window && ev->xproperty.atom == w->atom &&
         ev->xproperty.state == w->state;
}

/* The server's current time: a zero-length append to our window's property comes back stamped. */
static Time server_time(void) {
  Atom a = XInternAtom(dpy, "AD_TIMESTAMP", False);
  Window w = helper();
  XChangeProperty(dpy, w, a, XA_STRING, 8, PropModeAppend, NULL, 0);
  XEvent ev;
  struct prop_wait pw = {w, a, PropertyNewValue};
  if (wait_for(&ev, is_prop, &pw, 2000)) return ev.xproperty.time;
  return CurrentTime;
}

/* Bytes of a property value as the client holds them (format 32 items are longs in memory). */
static size_t value_bytes(int format, unsigned long nitems) {
  return format == 32 ? nitems * sizeof(long) : format == 16 ? nitems * sizeof(short) : nitems;
}

/* selectionGet(selection, target, timeoutMs) -> null | {type, data: Buffer | string[]} (atom lists as names). */
static napi_value js_selection_get(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  int ok;
  int64_t timeout_ms;
  if (!args_n(env, info, 3, argv) || !need_display(env)) return NULL;
  Atom sel = atom_of(env, argv[0], &ok);
  if (!ok) return NULL;
  Atom target = atom_of(env, argv[1], &ok);
  if (!ok) return NULL;
  if (!get_i64(env, argv[2], &timeout_ms, "timeoutMs")) return NULL;
  napi_value null_value;
  napi_get_null(env, &null_value);
  if (XGetSelectionOwner(dpy, sel) == None) return null_value;
  Atom prop = XInternAtom(dpy, "AD_SELECTION", False);
  Atom incr = XInternAtom(dpy, "INCR", False);
  Window w = helper();
  XDeleteProperty(dpy, w, prop);
  XConvertSelection(dpy, sel, target, prop, w, CurrentTime);
  XFlush(dpy);
  XEvent ev;
  if (!wait_for(&ev, is_notify, &sel, timeout_ms)) {
    napi_throw_error(env, "X11_TIMEOUT", "the selection owner did not answer in time");
    return NULL;
  }
  if (ev.xselection.property == None) return null_value;
  Atom type;
  int format;
  unsigned long nitems, after;
  unsigned char *data = NULL;
  if (XGetWindowProperty(dpy, w, prop, 0, 0x1fffffff, True, AnyPropertyType, &type, &format, &nitems, &after, &data) != Success) {
    return throw_msg(env, "cannot read the converted selection");
  }
  unsigned char *all = NULL;
  size_t total = 0;
  if (type == incr) {
    /* Incremental: each chunk arrives as a new value; deleting it asks for the next; an empty one ends it. */
    if (data) XFree(data);
    data = NULL;
    XFlush(dpy);
    for (;;) {
      struct prop_wait pw = {w, prop, PropertyNewValue};
      if (!wait_for(&ev, is_prop, &pw, timeout_ms)) {
        free(all);
        napi_throw_error(env, "X11_TIMEOUT", "an incremental selection transfer stalled");
        return NULL;
      }
      unsigned char *chunk = NULL;
      if (XGetWindowProperty(dpy, w, prop, 0, 0x1fffffff, True, AnyPropertyType, &type, &format, &nitems, &after, &chunk) != Success) {
        free(all);
        return throw_msg(env, "cannot read a selection chunk");
      }
      size_t n = value_bytes(format, nitems);
      if (n == 0) {
        if (chunk) XFree(chunk);
        break;
      }
      unsigned char *grown = realloc(all, total + n);
      if (grown == NULL) {
        free(all);
        XFree(chunk);
        return throw_msg(env, "out of memory for the selection");
      }
      all = grown;
      memcpy(all + total, chunk, n);
      total += n;
      XFree(chunk);
      XFlush(dpy);
    }
  } else {
    total = value_bytes(format, nitems);
    all = malloc(total > 0 ? total : 1);
    if (all && total) memcpy(all, data, total);
    if (data) XFree(data);
  }
  napi_value out, tname, value;
  CHECK(napi_create_object(env, &out));
  char *type_name = type != None ? XGetAtomName(dpy, type) : NULL;
  CHECK(napi_create_string_utf8(env, type_name ? type_name : "", NAPI_AUTO_LENGTH, &tname));
  if (type_name) XFree(type_name);
  if (type == XA_ATOM && format == 32) {
    size_t count = total / sizeof(long);
    CHECK(napi_create_array_with_length(env, count, &value));
    for (size_t i = 0; i < count; i++) {
      char *an = XGetAtomName(dpy, ((Atom *)all)[i]);
      napi_value item;
      napi_create_string_utf8(env, an ? an : "", NAPI_AUTO_LENGTH, &item);
      if (an) XFree(an);
      napi_set_element(env, value, (uint32_t)i, item);
    }
  } else {
    void *copy;
    CHECK(napi_create_buffer_copy(env, total, all ? all : (void *)"", &copy, &value));
  }
  free(all);
  napi_set_named_property(env, out, "type", tname);
  napi_set_named_property(env, out, "data", value);
  return out;
}

static Time owned_at = CurrentTime;

/* selectionOwn(selection) -> true when our helper window now owns it. */
static napi_value js_selection_own(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int ok;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  Atom sel = atom_of(env, argv[0], &ok);
  if (!ok) return NULL;
  Window w = helper();
  owned_at = server_time();
  XSetSelectionOwner(dpy, sel, w, owned_at);
  XSync(dpy, False);
  return boolean(env, XGetSelectionOwner(dpy, sel) == w);
}

/* selectionClear(selection): no owner any more (the current owner is told by SelectionClear). */
static napi_value js_selection_clear(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int ok;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  Atom sel = atom_of(env, argv[0], &ok);
  if (!ok) return NULL;
  XSetSelectionOwner(dpy, sel, None, server_time());
  XSync(dpy, False);
  return boolean(env, XGetSelectionOwner(dpy, sel) == None);
}

/* selectionOwner(selection) -> window id, 0 when none. */
static napi_value js_selection_owner(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  int ok;
  if (!args_n(env, info, 1, argv) || !need_display(env)) return NULL;
  Atom sel = atom_of(env, argv[0], &ok);
  if (!ok) return NULL;
  return num(env, (double)XGetSelectionOwner(dpy, sel));
}

struct item {
  Atom target;
  Atom type;
  unsigned char *data;
  size_t size;
};

static int is_request_or_clear(XEvent *ev, void *arg) {
  (void)arg;
  return (ev->type == SelectionRequest || ev->type == SelectionClear) && (ev->xany.window == helper_win);
}

/* Send `it` to a requestor incrementally: INCR header, then chunks each time the requestor deletes the property. */
static int send_incr(Window requestor, Atom prop, struct item *it, size_t chunk) {
  Atom incr = XInternAtom(dpy, "INCR", False);
  XEvent ev;
  size_t offset = 0;
  struct prop_wait pw = {requestor, prop, PropertyDelete};
  for (;;) {
    if (!wait_for(&ev, is_prop, &pw, 5000)) return 0;
    size_t n = it->size - offset < chunk ? it->size - offset : chunk;
    XChangeProperty(dpy, requestor, prop, it->type, 8, PropModeReplace, it->data + offset, (int)n);
    XFlush(dpy);
    if (n == 0) return 1;
    offset += n;
  }
  (void)incr;
}

/*
 * selectionServe(selection, [{target, type, data: Buffer}]) -> "lost" | "error": answers SelectionRequests for
 * TARGETS, TIMESTAMP and the items until another client owns the selection. Blocks: only the detached clipboard
 * owner process calls it.
 */
static napi_value js_selection_serve(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  int ok;
  if (!args_n(env, info, 2, argv) || !need_display(env)) return NULL;
  Atom sel = atom_of(env, argv[0], &ok);
  if (!ok) return NULL;
  uint32_t count = 0;
  napi_get_array_length(env, argv[1], &count);
  struct item *items = calloc(count ? count : 1, sizeof(struct item));
  for (uint32_t i = 0; i < count; i++) {
    napi_value entry, v;
    napi_get_element(env, argv[1], i, &entry);
    napi_get_named_property(env, entry, "target", &v);
    items[i].target = atom_of(env, v, &ok);
    if (!ok) { free(items); return NULL; }
    napi_get_named_property(env, entry, "type", &v);
    items[i].type = atom_of(env, v, &ok);
    if (!ok) { free(items); return NULL; }
    napi_get_named_property(env, entry, "data", &v);
    void *bytes;
    size_t len;
    if (napi_get_buffer_info(env, v, &bytes, &len) != napi_ok) { free(items); return throw_msg(env, "item data must be a Buffer"); }
    items[i].data = bytes;
    items[i].size = len;
  }
  Atom targets = XInternAtom(dpy, "TARGETS", False);
  Atom timestamp = XInternAtom(dpy, "TIMESTAMP", False);
  Atom incr = XInternAtom(dpy, "INCR", False);
  long max_request = XExtendedMaxRequestSize(dpy);
  if (max_request == 0) max_request = XMaxRequestSize(dpy);
  size_t chunk = (size_t)max_request * 4 - 256;
  if (chunk > 262144) chunk = 262144;
  const char *result = "lost";
  for (;;) {
    XEvent ev;
    if (!wait_for(&ev, is_request_or_clear, NULL, 24L * 3600 * 1000)) {
      /* The X server went away: nothing is left to own. (Looping here spun a core for as long as the process lived.) */
      if (io_dead) {
        result = "error";
        break;
      }
      continue;
    }
    if (ev.type == SelectionClear) {
      if (ev.xselectionclear.selection == sel) break;
      continue;
    }
    XSelectionRequestEvent *req = &ev.xselectionrequest;
    XSelectionEvent reply;
    memset(&reply, 0, sizeof(reply));
    reply.type = SelectionNotify;
    reply.display = dpy;
    reply.requestor = req->requestor;
    reply.selection = req->selection;
    reply.target = req->target;
    reply.time = req->time;
    reply.property = None;
    Atom prop = req->property == None ? req->target : req->property;
    struct item *incr_item = NULL;
    if (req->selection == sel) {
      if (req->target == targets) {
        Atom *list = calloc(count + 2, sizeof(Atom));
        list[0] = targets;
        list[1] = timestamp;
        for (uint32_t i = 0; i < count; i++) list[i + 2] = items[i].target;
        XChangeProperty(dpy, req->requestor, prop, XA_ATOM, 32, PropModeReplace, (unsigned char *)list, (int)count + 2);
        free(list);
        reply.property = prop;
      } else if (req->target == timestamp) {
        long t = (long)owned_at;
        XChangeProperty(dpy, req->requestor, prop, XA_INTEGER, 32, PropModeReplace, (unsigned char *)&t, 1);
        reply.property = prop;
      } else {
        for (uint32_t i = 0; i < count; i++) {
          if (items[i].target != req->target) continue;
          if (items[i].size > chunk) {
            XSelectInput(dpy, req->requestor, PropertyChangeMask);
            long size = (long)items[i].size;
            XChangeProperty(dpy, req->requestor, prop, incr, 32, PropModeReplace, (unsigned char *)&size, 1);
            incr_item = &items[i];
          } else {
            XChangeProperty(dpy, req->requestor, prop, items[i].type, 8, PropModeReplace, items[i].data, (int)items[i].size);
          }
          reply.property = prop;
          break;
        }
      }
    }
    XSendEvent(dpy, req->requestor, False, 0, (XEvent *)&reply);
    XFlush(dpy);
    if (incr_item != NULL) {
      send_incr(req->requestor, prop, incr_item, chunk);
      XSelectInput(dpy, req->requestor, NoEventMask);
      XFlush(dpy);
    }
    x_error = 0; /* a requestor that vanished mid-answer is not our failure */
    if (XGetSelectionOwner(dpy, sel) != helper_win) break;
  }
  free(items);
  napi_value out;
  napi_create_string_utf8(env, result, NAPI_AUTO_LENGTH, &out);
  return out;
}
