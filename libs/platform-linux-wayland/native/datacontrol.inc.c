/*
 * The clipboard without a focused surface (zwlr_data_control_manager_v1: wlroots compositors, KWin): read the seat's
 * selection, clear it, and own it. A Wayland selection lives only as long as the client that offers it, so owning is
 * split in two: clipboardOwn() offers the content and sets the selection; clipboardServe() then answers every paste
 * (a `send` event: write the bytes to the pasting client's fd) until another client takes the selection
 * (`cancelled`) or the compositor goes away. The owner is a detached process of its own (clipboardOwner.ts), as on
 * X11. Only the regular selection (CLIPBOARD); the primary selection is left alone.
 */
#include "generated/wlr-data-control-unstable-v1-client-protocol.h"

typedef struct dc_offer {
  struct zwlr_data_control_offer_v1 *offer;
  char **mimes;
  size_t mime_count;
  struct dc_offer *next;
} dc_offer_t;

typedef struct {
  char *mime;
  uint8_t *data;
  size_t size;
} dc_item_t;

static struct {
  struct zwlr_data_control_manager_v1 *manager;
  uint32_t version;
  struct zwlr_data_control_device_v1 *device;
  bool device_finished;
  dc_offer_t *offers;      /* every offer announced and not yet destroyed */
  dc_offer_t *selection;   /* the current selection's offer, or NULL (no owner) */
  struct zwlr_data_control_source_v1 *source;
  dc_item_t *items;
  size_t item_count;
  volatile int cancelled;
  uint32_t served;
} dc;

static void dc_bind(struct wl_registry *registry, uint32_t name, uint32_t version) {
  dc.version = version < 2 ? version : 2;
  dc.manager = wl_registry_bind(registry, name, &zwlr_data_control_manager_v1_interface, dc.version);
}

static void dc_offer_free(dc_offer_t *o, bool alive) {
  if (alive && o->offer) zwlr_data_control_offer_v1_destroy(o->offer);
  for (size_t i = 0; i < o->mime_count; i++) free(o->mimes[i]);
  free(o->mimes);
  free(o);
}

/* Destroys every offer but `keep` (an offer is only useful while it is the selection). */
static void dc_offers_prune(dc_offer_t *keep, bool alive) {
  dc_offer_t **p = &dc.offers;
  while (*p) {
    if (*p == keep) {
      p = &(*p)->next;
      continue;
    }
    dc_offer_t *o = *p;
    *p = o->next;
    dc_offer_free(o, alive);
  }
}

static void dc_items_free(void) {
  for (size_t i = 0; i < dc.item_count; i++) {
    free(dc.items[i].mime);
    free(dc.items[i].data);
  }
  free(dc.items);
  dc.items = NULL;
  dc.item_count = 0;
}

static void dc_reset(bool alive) {
  dc_offers_prune(NULL, alive);
  dc.selection = NULL;
  if (alive && dc.source) zwlr_data_control_source_v1_destroy(dc.source);
  if (alive && dc.device && !dc.device_finished) zwlr_data_control_device_v1_destroy(dc.device);
  if (alive && dc.manager) zwlr_data_control_manager_v1_destroy(dc.manager);
  dc_items_free();
  memset(&dc, 0, sizeof(dc));
}

static void offer_mime(void *data, struct zwlr_data_control_offer_v1 *offer, const char *mime) {
  (void)offer;
  dc_offer_t *o = data;
  char **grown = realloc(o->mimes, (o->mime_count + 1) * sizeof(char *));
  if (grown == NULL) return;
  o->mimes = grown;
  o->mimes[o->mime_count] = strdup(mime);
  if (o->mimes[o->mime_count]) o->mime_count++;
}

static const struct zwlr_data_control_offer_v1_listener offer_listener = {.offer = offer_mime};

static void device_data_offer(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
  (void)data;
  (void)device;
  dc_offer_t *o = calloc(1, sizeof(*o));
  if (o == NULL) {
    zwlr_data_control_offer_v1_destroy(offer);
    return;
  }
  o->offer = offer;
  o->next = dc.offers;
  dc.offers = o;
  zwlr_data_control_offer_v1_add_listener(offer, &offer_listener, o);
}

static void device_selection(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
  (void)data;
  (void)device;
  dc.selection = NULL;
  for (dc_offer_t *o = dc.offers; o; o = o->next) {
    if (offer != NULL && o->offer == offer) dc.selection = o;
  }
  dc_offers_prune(dc.selection, true);
}

static void device_finished(void *data, struct zwlr_data_control_device_v1 *device) {
  (void)data;
  zwlr_data_control_device_v1_destroy(device);
  dc.device = NULL;
  dc.device_finished = true;
}

static void device_primary_selection(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
  (void)data;
  (void)device;
  /* Primary selections are not read: the offer is destroyed once a regular selection replaces the list. */
  (void)offer;
}

static const struct zwlr_data_control_device_v1_listener device_listener = {
  .data_offer = device_data_offer,
  .selection = device_selection,
  .finished = device_finished,
  .primary_selection = device_primary_selection,
};

/* Writes all of `size` bytes to `fd`, waiting for the reader at most WAIT_MS per stall; false when it gave up. */
static bool dc_write_all(int fd, const uint8_t *data, size_t size) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(fd, data + done, size - done);
    if (n > 0) {
      done += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {
      struct pollfd pfd = {.fd = fd, .events = POLLOUT};
      if (poll(&pfd, 1, WAIT_MS) <= 0) return false;
      if (pfd.revents & (POLLERR | POLLHUP)) return false;
      continue;
    }
    return false; /* EPIPE: the reader went away */
  }
  return true;
}

static void source_send(void *data, struct zwlr_data_control_source_v1 *source, const char *mime, int32_t fd) {
  (void)data;
  (void)source;
  for (size_t i = 0; i < dc.item_count; i++) {
    if (strcmp(dc.items[i].mime, mime) == 0) {
      dc_write_all(fd, dc.items[i].data, dc.items[i].size);
      dc.served++;
      break;
    }
  }
  close(fd);
}

static void source_cancelled(void *data, struct zwlr_data_control_source_v1 *source) {
  (void)data;
  zwlr_data_control_source_v1_destroy(source);
  if (dc.source == source) dc.source = NULL;
  dc.cancelled = 1;
}

static const struct zwlr_data_control_source_v1_listener source_listener = {
  .send = source_send,
  .cancelled = source_cancelled,
};

/* The device for the seat, created on first use (its first events say what the selection is now). */
static int dc_need_device(napi_env env) {
  if (!need_connection(env)) return 0;
  if (dc.manager == NULL) {
    throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no zwlr_data_control_manager_v1 (clipboard)");
    return 0;
  }
  if (wl.seat == NULL) {
    throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no wl_seat");
    return 0;
  }
  if (dc.device == NULL) {
    if (dc.device_finished) {
      throw_code(env, "WL_CLIPBOARD_FAILED", "the compositor ended the clipboard device (its seat went away)");
      return 0;
    }
    dc.device = zwlr_data_control_manager_v1_get_data_device(dc.manager, wl.seat);
    zwlr_data_control_device_v1_add_listener(dc.device, &device_listener, NULL);
  }
  return 1;
}

/* clipboardMimeTypes(): the MIME types the selection's owner offers, or null when nothing owns the selection. */
static napi_value js_clipboard_mime_types(napi_env env, napi_callback_info info) {
  (void)info;
  if (!dc_need_device(env)) return NULL;
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "clipboard");
  if (dc.selection == NULL) return null_value(env);
  napi_value out;
  napi_create_array(env, &out);
  for (size_t i = 0; i < dc.selection->mime_count; i++) napi_set_element(env, out, (uint32_t)i, str(env, dc.selection->mimes[i]));
  return out;
}

/*
 * clipboardReceive(mime, timeoutMs): the selection's bytes in `mime` (a Buffer), or null when nothing owns the
 * selection or its owner does not offer `mime`. The owner writes into a pipe; this reads until it closes, dispatching
 * this connection meanwhile (so a selection this process owns is answered too).
 */
static napi_value js_clipboard_receive(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  bool failed = false;
  char *mime = get_string(env, argv[0], "mime", false, &failed);
  if (failed) return NULL;
  int64_t timeout = WAIT_MS;
  napi_valuetype t;
  napi_typeof(env, argv[1], &t);
  if (t == napi_number && !get_i64(env, argv[1], &timeout, "timeoutMs")) {
    free(mime);
    return NULL;
  }
  if (!dc_need_device(env)) {
    free(mime);
    return NULL;
  }
  int r = roundtrip(WAIT_MS);
  if (r < 0) {
    free(mime);
    return throw_wait(env, r, "clipboard");
  }
  bool offered = false;
  if (dc.selection) {
    for (size_t i = 0; i < dc.selection->mime_count; i++) offered = offered || strcmp(dc.selection->mimes[i], mime) == 0;
  }
  if (!offered) {
    free(mime);
    return null_value(env);
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    free(mime);
    return throw_code(env, "WL_CLIPBOARD_FAILED", "pipe: %s", strerror(errno));
  }
  zwlr_data_control_offer_v1_receive(dc.selection->offer, mime, fds[1]);
  close(fds[1]);
  free(mime);
  if (flush_all(WAIT_MS) < 0) {
    close(fds[0]);
    return throw_connection(env, "clipboard");
  }
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  size_t cap = 65536, len = 0;
  uint8_t *buf = malloc(cap);
  int64_t until = mono_ms() + timeout;
  bool eof = false;
  while (buf != NULL && !eof) {
    int left = (int)(until - mono_ms());
    if (left <= 0) break;
    struct pollfd pfd[2] = {{.fd = fds[0], .events = POLLIN}, {.fd = wl_display_get_fd(wl.display), .events = POLLIN}};
    if (wl_display_prepare_read(wl.display) != 0) {
      wl_display_dispatch_pending(wl.display);
      continue;
    }
    wl_display_flush(wl.display);
    int ready = poll(pfd, 2, left);
    if (ready <= 0) {
      wl_display_cancel_read(wl.display);
      if (ready < 0 && errno == EINTR) continue;
      break;
    }
    if (pfd[1].revents & POLLIN) {
      if (wl_display_read_events(wl.display) < 0) {
        free(buf);
        close(fds[0]);
        return throw_connection(env, "clipboard");
      }
      wl_display_dispatch_pending(wl.display);
    } else {
      wl_display_cancel_read(wl.display);
    }
    if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      for (;;) {
        if (len == cap) {
          uint8_t *grown = realloc(buf, cap * 2);
          if (grown == NULL) {
            free(buf);
            buf = NULL;
            break;
          }
          buf = grown;
          cap *= 2;
        }
        ssize_t n = read(fds[0], buf + len, cap - len);
        if (n > 0) {
          len += (size_t)n;
          continue;
        }
        if (n == 0) eof = true;
        break; /* EAGAIN: wait for more */
      }
    }
  }
  close(fds[0]);
  if (buf == NULL) return throw_code(env, "WL_NO_MEMORY", "out of memory reading the clipboard");
  if (!eof) {
    free(buf);
    return throw_code(env, "WL_TIMEOUT", "the clipboard's owner did not finish sending within %lld ms", (long long)timeout);
  }
  napi_value out;
  void *dest = NULL;
  napi_create_buffer_copy(env, len, buf, &dest, &out);
  free(buf);
  return out;
}

/* clipboardClear(): nothing owns the selection afterwards (apps paste nothing). */
static napi_value js_clipboard_clear(napi_env env, napi_callback_info info) {
  (void)info;
  if (!dc_need_device(env)) return NULL;
  zwlr_data_control_device_v1_set_selection(dc.device, NULL);
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "clipboard-clear");
  return boolean(env, dc.selection == NULL);
}

/*
 * clipboardOwn(items: [{mime, data: Buffer}]): offers the items as the selection. True once the compositor made it
 * the selection (a round trip without `cancelled`); the bytes are kept for clipboardServe().
 */
static napi_value js_clipboard_own(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  bool is_array = false;
  napi_is_array(env, argv[0], &is_array);
  if (!is_array) return throw_code(env, "WL_BAD_ARGUMENT", "items must be an array of {mime, data}");
  if (!dc_need_device(env)) return NULL;
  uint32_t count = 0;
  napi_get_array_length(env, argv[0], &count);
  if (count == 0) return throw_code(env, "WL_BAD_ARGUMENT", "items is empty");
  dc_items_free();
  dc.items = calloc(count, sizeof(dc_item_t));
  if (dc.items == NULL) return throw_code(env, "WL_NO_MEMORY", "out of memory");
  for (uint32_t i = 0; i < count; i++) {
    napi_value item, mime_v, data_v;
    napi_get_element(env, argv[0], i, &item);
    napi_get_named_property(env, item, "mime", &mime_v);
    napi_get_named_property(env, item, "data", &data_v);
    bool failed = false;
    char *mime = get_string(env, mime_v, "items[].mime", false, &failed);
    if (failed) {
      dc_items_free();
      return NULL;
    }
    bool is_buffer = false;
    napi_is_buffer(env, data_v, &is_buffer);
    if (!is_buffer) {
      free(mime);
      dc_items_free();
      return throw_code(env, "WL_BAD_ARGUMENT", "items[].data must be a Buffer");
    }
    void *bytes = NULL;
    size_t size = 0;
    napi_get_buffer_info(env, data_v, &bytes, &size);
    dc.items[i].mime = mime;
    dc.items[i].size = size;
    dc.items[i].data = malloc(size > 0 ? size : 1);
    if (dc.items[i].data == NULL) {
      dc.item_count = i + 1;
      dc_items_free();
      return throw_code(env, "WL_NO_MEMORY", "out of memory");
    }
    if (size > 0) memcpy(dc.items[i].data, bytes, size);
    dc.item_count = i + 1;
  }
  if (dc.source) zwlr_data_control_source_v1_destroy(dc.source);
  dc.cancelled = 0;
  dc.served = 0;
  dc.source = zwlr_data_control_manager_v1_create_data_source(dc.manager);
  zwlr_data_control_source_v1_add_listener(dc.source, &source_listener, NULL);
  for (size_t i = 0; i < dc.item_count; i++) zwlr_data_control_source_v1_offer(dc.source, dc.items[i].mime);
  zwlr_data_control_device_v1_set_selection(dc.device, dc.source);
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "clipboard-set");
  return boolean(env, !dc.cancelled);
}

/*
 * clipboardServe(): answers pastes of what clipboardOwn() offered until another client takes the selection
 * ("cancelled") or the compositor goes away ("lost"). Blocks: only the detached owner process calls it.
 */
static napi_value js_clipboard_serve(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_connection(env)) return NULL;
  if (dc.source == NULL) return str(env, "cancelled");
  for (;;) {
    int r = dispatch_until(&dc.cancelled, 60 * 60 * 1000);
    if (r == -2) continue;
    if (r < 0) {
      wl.broken = true;
      return str(env, "lost");
    }
    return str(env, "cancelled");
  }
}
