/*
 * Outputs and the seat. wl_output gives each output's mode, scale and position; zxdg_output_v1 (where offered) its
 * logical rectangle in the compositor's global space, which is what pointer coordinates and captures are in.
 */

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
  (void)data;
  (void)seat;
  wl.seat_caps = caps;
}

/* seatCapabilities(): the seat's wl_seat capabilities as last announced (1 pointer, 2 keyboard, 4 touch). */
static napi_value js_seat_capabilities(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_connection(env)) return NULL;
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "seat capabilities");
  return num(env, wl.seat_caps);
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
  (void)data;
  (void)seat;
  free(wl.seat_name);
  wl.seat_name = strdup(name);
}

static const struct wl_seat_listener seat_listener = {
  .capabilities = seat_capabilities,
  .name = seat_name,
};

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {
  (void)o; (void)pw; (void)ph; (void)subpixel; (void)make; (void)model;
  output_t *out = data;
  out->x = x;
  out->y = y;
  out->transform = transform;
}

static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh) {
  (void)o; (void)refresh;
  output_t *out = data;
  if (flags & WL_OUTPUT_MODE_CURRENT) {
    out->mode_width = w;
    out->mode_height = h;
  }
}

static void output_done(void *data, struct wl_output *o) {
  (void)data; (void)o;
}

static void output_scale(void *data, struct wl_output *o, int32_t factor) {
  (void)o;
  ((output_t *)data)->scale = factor;
}

static void output_name(void *data, struct wl_output *o, const char *name) {
  (void)o;
  output_t *out = data;
  free(out->name);
  out->name = strdup(name);
}

static void output_description(void *data, struct wl_output *o, const char *description) {
  (void)o;
  output_t *out = data;
  free(out->description);
  out->description = strdup(description);
}

static const struct wl_output_listener output_listener = {
  .geometry = output_geometry,
  .mode = output_mode,
  .done = output_done,
  .scale = output_scale,
  .name = output_name,
  .description = output_description,
};

static void xdg_output_position(void *data, struct zxdg_output_v1 *x, int32_t px, int32_t py) {
  (void)x;
  output_t *out = data;
  out->lx = px;
  out->ly = py;
  out->has_logical = true;
}

static void xdg_output_size(void *data, struct zxdg_output_v1 *x, int32_t w, int32_t h) {
  (void)x;
  output_t *out = data;
  out->lwidth = w;
  out->lheight = h;
  out->has_logical = true;
}

static void xdg_output_done(void *data, struct zxdg_output_v1 *x) {
  (void)data; (void)x;
}

static void xdg_output_name(void *data, struct zxdg_output_v1 *x, const char *name) {
  (void)x;
  output_t *out = data;
  if (out->name == NULL) out->name = strdup(name);
}

static void xdg_output_description(void *data, struct zxdg_output_v1 *x, const char *description) {
  (void)x;
  output_t *out = data;
  if (out->description == NULL) out->description = strdup(description);
}

static const struct zxdg_output_v1_listener xdg_output_listener = {
  .logical_position = xdg_output_position,
  .logical_size = xdg_output_size,
  .done = xdg_output_done,
  .name = xdg_output_name,
  .description = xdg_output_description,
};

static void output_bind_xdg(output_t *out) {
  if (wl.xdg_output_manager == NULL || out->xdg != NULL) return;
  out->xdg = zxdg_output_manager_v1_get_xdg_output(wl.xdg_output_manager, out->wl);
  zxdg_output_v1_add_listener(out->xdg, &xdg_output_listener, out);
}

static void outputs_bind_xdg(void) {
  for (output_t *o = wl.outputs; o; o = o->next) output_bind_xdg(o);
}

static void output_add(struct wl_registry *registry, uint32_t name, uint32_t version) {
  output_t *out = calloc(1, sizeof(*out));
  if (out == NULL) return;
  out->global_name = name;
  out->scale = 1;
  /* v4 adds name and description events */
  out->wl = wl_registry_bind(registry, name, &wl_output_interface, version < 4 ? version : 4);
  wl_output_add_listener(out->wl, &output_listener, out);
  output_bind_xdg(out);
  /* keep registry order: append */
  output_t **tail = &wl.outputs;
  while (*tail) tail = &(*tail)->next;
  *tail = out;
}

static void output_free(output_t *out, bool alive) {
  if (alive) {
    if (out->xdg) zxdg_output_v1_destroy(out->xdg);
    if (wl_output_get_version(out->wl) >= 3) wl_output_release(out->wl);
    else wl_output_destroy(out->wl);
  }
  free(out->name);
  free(out->description);
  free(out);
}

static void output_remove(uint32_t name) {
  for (output_t **p = &wl.outputs; *p; p = &(*p)->next) {
    if ((*p)->global_name == name) {
      output_t *out = *p;
      *p = out->next;
      output_free(out, !wl.broken);
      return;
    }
  }
}

static void outputs_reset(bool alive) {
  while (wl.outputs) {
    output_t *out = wl.outputs;
    wl.outputs = out->next;
    output_free(out, alive);
  }
}

static output_t *output_at(int64_t index) {
  int64_t i = 0;
  for (output_t *o = wl.outputs; o; o = o->next, i++) {
    if (i == index) return o;
  }
  return NULL;
}

static napi_value outputs_array(napi_env env) {
  napi_value arr;
  napi_create_array(env, &arr);
  uint32_t i = 0;
  for (output_t *o = wl.outputs; o; o = o->next) {
    napi_value item;
    napi_create_object(env, &item);
    set(env, item, "name", str(env, o->name));
    set(env, item, "description", str(env, o->description));
    set(env, item, "x", num(env, o->has_logical ? o->lx : o->x));
    set(env, item, "y", num(env, o->has_logical ? o->ly : o->y));
    /* Without xdg-output the logical size is the mode divided by the scale (no fractional scaling known). */
    int32_t scale = o->scale > 0 ? o->scale : 1;
    set(env, item, "width", num(env, o->has_logical ? o->lwidth : o->mode_width / scale));
    set(env, item, "height", num(env, o->has_logical ? o->lheight : o->mode_height / scale));
    set(env, item, "mode_width", num(env, o->mode_width));
    set(env, item, "mode_height", num(env, o->mode_height));
    set(env, item, "scale", num(env, scale));
    set(env, item, "transform", num(env, o->transform));
    set(env, item, "logical", boolean(env, o->has_logical));
    napi_set_element(env, arr, i++, item);
  }
  return arr;
}

static napi_value js_outputs(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_connection(env)) return NULL;
  int r = roundtrip(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "outputs");
  return outputs_array(env);
}
