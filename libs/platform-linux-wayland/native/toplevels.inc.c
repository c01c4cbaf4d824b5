/*
 * The compositor's list of toplevel windows (zwlr_foreign_toplevel_manager_v1): title, app id, state, outputs and
 * parent, kept current by its events; activate, close, (un)maximize, (un)minimize, (un)fullscreen by request. The
 * protocol carries no geometry and no pid: those come from the compositor's own IPC (sway) where there is one.
 */

typedef struct toplevel {
  uint32_t id;
  struct zwlr_foreign_toplevel_handle_v1 *handle;
  char *title;
  char *app_id;
  bool maximized, minimized, activated, fullscreen;
  bool done; /* one full description arrived */
  output_t *outputs[8];
  int n_outputs;
  struct zwlr_foreign_toplevel_handle_v1 *parent;
  struct toplevel *next;
} toplevel_t;

static void toplevel_free(toplevel_t *t, bool alive) {
  if (alive && t->handle) zwlr_foreign_toplevel_handle_v1_destroy(t->handle);
  free(t->title);
  free(t->app_id);
  free(t);
}

static void tl_title(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, const char *title) {
  (void)h;
  toplevel_t *t = data;
  free(t->title);
  t->title = strdup(title);
}

static void tl_app_id(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, const char *app_id) {
  (void)h;
  toplevel_t *t = data;
  free(t->app_id);
  t->app_id = strdup(app_id);
}

static output_t *output_of(struct wl_output *o) {
  for (output_t *out = wl.outputs; out; out = out->next) {
    if (out->wl == o) return out;
  }
  return NULL;
}

static void tl_output_enter(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *o) {
  (void)h;
  toplevel_t *t = data;
  output_t *out = output_of(o);
  if (out == NULL || t->n_outputs >= 8) return;
  for (int i = 0; i < t->n_outputs; i++) {
    if (t->outputs[i] == out) return;
  }
  t->outputs[t->n_outputs++] = out;
}

static void tl_output_leave(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *o) {
  (void)h;
  toplevel_t *t = data;
  output_t *out = output_of(o);
  for (int i = 0; i < t->n_outputs; i++) {
    if (t->outputs[i] == out) {
      t->outputs[i] = t->outputs[--t->n_outputs];
      return;
    }
  }
}

static void tl_state(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_array *states) {
  (void)h;
  toplevel_t *t = data;
  t->maximized = t->minimized = t->activated = t->fullscreen = false;
  uint32_t *s;
  wl_array_for_each(s, states) {
    switch (*s) {
    case ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED: t->maximized = true; break;
    case ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED: t->minimized = true; break;
    case ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED: t->activated = true; break;
    case ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN: t->fullscreen = true; break;
    default: break;
    }
  }
}

static void tl_done(void *data, struct zwlr_foreign_toplevel_handle_v1 *h) {
  (void)h;
  ((toplevel_t *)data)->done = true;
}

static void tl_closed(void *data, struct zwlr_foreign_toplevel_handle_v1 *h) {
  (void)h;
  toplevel_t *gone = data;
  for (toplevel_t **p = &wl.toplevels; *p; p = &(*p)->next) {
    if (*p == gone) {
      *p = gone->next;
      break;
    }
  }
  for (toplevel_t *t = wl.toplevels; t; t = t->next) {
    if (t->parent == gone->handle) t->parent = NULL;
  }
  toplevel_free(gone, true);
}

static void tl_parent(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct zwlr_foreign_toplevel_handle_v1 *parent) {
  (void)h;
  ((toplevel_t *)data)->parent = parent;
}

static const struct zwlr_foreign_toplevel_handle_v1_listener toplevel_listener = {
  .title = tl_title,
  .app_id = tl_app_id,
  .output_enter = tl_output_enter,
  .output_leave = tl_output_leave,
  .state = tl_state,
  .done = tl_done,
  .closed = tl_closed,
  .parent = tl_parent,
};

static void tlm_toplevel(void *data, struct zwlr_foreign_toplevel_manager_v1 *m, struct zwlr_foreign_toplevel_handle_v1 *h) {
  (void)data; (void)m;
  toplevel_t *t = calloc(1, sizeof(*t));
  if (t == NULL) {
    zwlr_foreign_toplevel_handle_v1_destroy(h);
    return;
  }
  t->id = ++wl.next_toplevel_id;
  t->handle = h;
  zwlr_foreign_toplevel_handle_v1_add_listener(h, &toplevel_listener, t);
  /* keep creation order */
  toplevel_t **tail = &wl.toplevels;
  while (*tail) tail = &(*tail)->next;
  *tail = t;
}

static void tlm_finished(void *data, struct zwlr_foreign_toplevel_manager_v1 *m) {
  (void)data;
  zwlr_foreign_toplevel_manager_v1_destroy(m);
  wl.toplevel_manager = NULL;
}

static const struct zwlr_foreign_toplevel_manager_v1_listener toplevel_manager_listener = {
  .toplevel = tlm_toplevel,
  .finished = tlm_finished,
};

static void toplevels_reset(bool alive) {
  while (wl.toplevels) {
    toplevel_t *t = wl.toplevels;
    wl.toplevels = t->next;
    toplevel_free(t, alive);
  }
}

static uint32_t toplevel_id_of(struct zwlr_foreign_toplevel_handle_v1 *h) {
  for (toplevel_t *t = wl.toplevels; t; t = t->next) {
    if (t->handle == h) return t->id;
  }
  return 0;
}

/* toplevels(): the current list (after a round trip), creation order; ids are stable for this connection. */
static napi_value js_toplevels(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_connection(env)) return NULL;
  if (wl.toplevel_manager == NULL) {
    return throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no zwlr_foreign_toplevel_manager_v1 (window list)");
  }
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "toplevels");
  napi_value arr;
  napi_create_array(env, &arr);
  uint32_t i = 0;
  for (toplevel_t *t = wl.toplevels; t; t = t->next) {
    if (!t->done) continue;
    napi_value item, outputs;
    napi_create_object(env, &item);
    set(env, item, "id", num(env, t->id));
    set(env, item, "title", str(env, t->title ? t->title : ""));
    set(env, item, "app_id", str(env, t->app_id ? t->app_id : ""));
    set(env, item, "maximized", boolean(env, t->maximized));
    set(env, item, "minimized", boolean(env, t->minimized));
    set(env, item, "activated", boolean(env, t->activated));
    set(env, item, "fullscreen", boolean(env, t->fullscreen));
    uint32_t parent = t->parent ? toplevel_id_of(t->parent) : 0;
    set(env, item, "parent", parent ? num(env, parent) : null_value(env));
    napi_create_array(env, &outputs);
    for (int k = 0; k < t->n_outputs; k++) napi_set_element(env, outputs, (uint32_t)k, str(env, t->outputs[k]->name));
    set(env, item, "outputs", outputs);
    napi_set_element(env, arr, i++, item);
  }
  return arr;
}

/* toplevelAction(id, action): activate | close | maximize | unmaximize | minimize | unminimize | fullscreen | unfullscreen. */
static napi_value js_toplevel_action(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t id;
  if (!get_i64(env, argv[0], &id, "id")) return NULL;
  bool failed = false;
  char *action = get_string(env, argv[1], "action", false, &failed);
  if (failed) return NULL;
  if (!need_connection(env)) {
    free(action);
    return NULL;
  }
  toplevel_t *t = wl.toplevels;
  while (t && t->id != (uint32_t)id) t = t->next;
  if (t == NULL) {
    free(action);
    return throw_code(env, "WL_NO_TOPLEVEL", "no toplevel %lld (closed?)", (long long)id);
  }
  struct zwlr_foreign_toplevel_handle_v1 *h = t->handle;
  bool known = true;
  if (strcmp(action, "activate") == 0) {
    if (wl.seat == NULL) {
      free(action);
      return throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no wl_seat");
    }
    zwlr_foreign_toplevel_handle_v1_activate(h, wl.seat);
  } else if (strcmp(action, "close") == 0) zwlr_foreign_toplevel_handle_v1_close(h);
  else if (strcmp(action, "maximize") == 0) zwlr_foreign_toplevel_handle_v1_set_maximized(h);
  else if (strcmp(action, "unmaximize") == 0) zwlr_foreign_toplevel_handle_v1_unset_maximized(h);
  else if (strcmp(action, "minimize") == 0) zwlr_foreign_toplevel_handle_v1_set_minimized(h);
  else if (strcmp(action, "unminimize") == 0) zwlr_foreign_toplevel_handle_v1_unset_minimized(h);
  else if (strcmp(action, "fullscreen") == 0 && wl.toplevel_manager_version >= 2) zwlr_foreign_toplevel_handle_v1_set_fullscreen(h, NULL);
  else if (strcmp(action, "unfullscreen") == 0 && wl.toplevel_manager_version >= 2) zwlr_foreign_toplevel_handle_v1_unset_fullscreen(h);
  else known = false;
  if (!known) {
    napi_value e = throw_code(env, "WL_BAD_ARGUMENT", "unknown or unsupported toplevel action '%s'", action);
    free(action);
    return e;
  }
  free(action);
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "toplevel action");
  return boolean(env, true);
}
