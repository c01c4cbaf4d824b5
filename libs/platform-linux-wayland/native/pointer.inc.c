/*
 * The virtual pointer (zwlr_virtual_pointer_v1), created once and kept: a button's press and its release must come
 * from the same client, because the compositor keeps an implicit grab for the device that pressed (sway does), and a
 * release from another device never ends it. Motion is absolute within an extent the caller gives (the output
 * layout's bounding box); each call ends with a frame so clients see one logical event.
 */

static struct zwlr_virtual_pointer_v1 *vpointer;

static void pointer_reset(bool alive) {
  if (vpointer && alive) zwlr_virtual_pointer_v1_destroy(vpointer);
  vpointer = NULL;
}

static int need_pointer(napi_env env) {
  if (!need_connection(env)) return 0;
  if (wl.pointer_manager == NULL) {
    throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no zwlr_virtual_pointer_manager_v1 (virtual pointer)");
    return 0;
  }
  if (vpointer == NULL) vpointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(wl.pointer_manager, wl.seat);
  return 1;
}

static napi_value pointer_flush(napi_env env, const char *what) {
  zwlr_virtual_pointer_v1_frame(vpointer);
  int r = flush_all(WAIT_MS);
  if (r < 0) return throw_wait(env, r, what);
  return boolean(env, true);
}

/* pointerMotion(x, y, extentWidth, extentHeight): absolute motion to (x, y) of an extent mapped onto the layout. */
static napi_value js_pointer_motion(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_n(env, info, 4, argv)) return NULL;
  int64_t x, y, w, h;
  if (!get_i64(env, argv[0], &x, "x") || !get_i64(env, argv[1], &y, "y") ||
      !get_i64(env, argv[2], &w, "extent width") || !get_i64(env, argv[3], &h, "extent height")) return NULL;
  if (w <= 0 || h <= 0 || x < 0 || y < 0 || x >= w || y >= h) {
    return throw_code(env, "WL_BAD_ARGUMENT", "(%lld, %lld) is outside the extent %lldx%lld", (long long)x, (long long)y,
                      (long long)w, (long long)h);
  }
  if (!need_pointer(env)) return NULL;
  zwlr_virtual_pointer_v1_motion_absolute(vpointer, now_ms(), (uint32_t)x, (uint32_t)y, (uint32_t)w, (uint32_t)h);
  return pointer_flush(env, "pointer motion");
}

/* pointerButton(button, down): a Linux input button code (BTN_LEFT 0x110, BTN_RIGHT 0x111, BTN_MIDDLE 0x112). */
static napi_value js_pointer_button(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t button;
  bool down;
  if (!get_i64(env, argv[0], &button, "button") || !get_bool(env, argv[1], &down)) return NULL;
  if (!need_pointer(env)) return NULL;
  zwlr_virtual_pointer_v1_button(vpointer, now_ms(), (uint32_t)button,
                                 down ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
  return pointer_flush(env, "pointer button");
}

/*
 * pointerAxis(axis, steps): wheel scrolling, `steps` notches (axis 0 vertical, positive = down; 1 horizontal,
 * positive = right), sent as a wheel source with discrete steps and the conventional 15 units per notch.
 */
static napi_value js_pointer_axis(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t axis, steps;
  if (!get_i64(env, argv[0], &axis, "axis") || !get_i64(env, argv[1], &steps, "steps")) return NULL;
  if (axis != 0 && axis != 1) return throw_code(env, "WL_BAD_ARGUMENT", "axis must be 0 (vertical) or 1 (horizontal)");
  if (!need_pointer(env)) return NULL;
  zwlr_virtual_pointer_v1_axis_source(vpointer, WL_POINTER_AXIS_SOURCE_WHEEL);
  zwlr_virtual_pointer_v1_axis_discrete(vpointer, now_ms(), (uint32_t)axis, wl_fixed_from_double(15.0 * (double)steps), (int32_t)steps);
  return pointer_flush(env, "pointer axis");
}

/*
 * pointerScroll(axis, value): a continuous scroll of `value` surface units without discrete steps (a wheel source,
 * so no axis_stop is owed). Less than a notch moves no X11 core client (XWayland emulates buttons 4-7 per notch) yet
 * reaches XInput 2 clients as a scroll valuator event, which is what they take as their baseline after the pointer
 * entered their window.
 */
static napi_value js_pointer_scroll(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t axis;
  double value;
  if (!get_i64(env, argv[0], &axis, "axis")) return NULL;
  if (napi_get_value_double(env, argv[1], &value) != napi_ok) return throw_code(env, "WL_BAD_ARGUMENT", "value must be a number");
  if (axis != 0 && axis != 1) return throw_code(env, "WL_BAD_ARGUMENT", "axis must be 0 (vertical) or 1 (horizontal)");
  if (!need_pointer(env)) return NULL;
  zwlr_virtual_pointer_v1_axis_source(vpointer, WL_POINTER_AXIS_SOURCE_WHEEL);
  zwlr_virtual_pointer_v1_axis(vpointer, now_ms(), (uint32_t)axis, wl_fixed_from_double(value));
  return pointer_flush(env, "pointer scroll");
}
