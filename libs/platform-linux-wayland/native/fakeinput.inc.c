/*
 * KWin's fake input (org_kde_kwin_fake_input). KWin announces this global only to clients whose executable an installed
 * .desktop file authorizes (X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input, Exec= the executable's real path);
 * everyone else never sees it. Keys are evdev codes interpreted with KWin's own keymap (the session's layout: nothing
 * outside it can be typed); absolute motion is in global logical coordinates.
 */

static struct org_kde_kwin_fake_input *fake_input;
static uint32_t fake_input_version;

static void fake_input_reset(bool alive) {
  if (fake_input && alive) org_kde_kwin_fake_input_destroy(fake_input);
  fake_input = NULL;
  fake_input_version = 0;
}

static int need_fake_input(napi_env env, uint32_t since, const char *what) {
  if (!need_connection(env)) return 0;
  if (fake_input == NULL) {
    throw_code(env, "WL_PROTOCOL_UNAVAILABLE",
               "the compositor does not offer org_kde_kwin_fake_input to this executable (KWin grants it to executables a "
               ".desktop file authorizes)");
    return 0;
  }
  if (fake_input_version < since) {
    throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "org_kde_kwin_fake_input version %u has no %s (needs %u)", fake_input_version, what, since);
    return 0;
  }
  return 1;
}

static napi_value fake_flush(napi_env env, const char *what) {
  int r = flush_all(WAIT_MS);
  if (r < 0) return throw_wait(env, r, what);
  return boolean(env, true);
}

/* fakeInputAuthenticate(application, reason): what KWin may show the user about who drives input and why. */
static napi_value js_fake_authenticate(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  bool failed = false;
  char *app = get_string(env, argv[0], "application", false, &failed);
  if (failed) return NULL;
  char *reason = get_string(env, argv[1], "reason", false, &failed);
  if (failed) {
    free(app);
    return NULL;
  }
  napi_value out = NULL;
  if (need_fake_input(env, 1, "authenticate")) {
    org_kde_kwin_fake_input_authenticate(fake_input, app, reason);
    int r = roundtrip(WAIT_MS);
    out = r < 0 ? throw_wait(env, r, "fake input authenticate") : boolean(env, true);
  }
  free(app);
  free(reason);
  return out;
}

static napi_value js_fake_key(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t code;
  bool down;
  if (!get_i64(env, argv[0], &code, "key code") || !get_bool(env, argv[1], &down)) return NULL;
  if (!need_fake_input(env, 4, "keyboard_key")) return NULL;
  org_kde_kwin_fake_input_keyboard_key(fake_input, (uint32_t)code, down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
  return fake_flush(env, "fake key");
}

static napi_value js_fake_motion_absolute(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t x, y;
  if (!get_i64(env, argv[0], &x, "x") || !get_i64(env, argv[1], &y, "y")) return NULL;
  if (!need_fake_input(env, 3, "pointer_motion_absolute")) return NULL;
  org_kde_kwin_fake_input_pointer_motion_absolute(fake_input, wl_fixed_from_int((int)x), wl_fixed_from_int((int)y));
  return fake_flush(env, "fake motion");
}

static napi_value js_fake_button(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t button;
  bool down;
  if (!get_i64(env, argv[0], &button, "button") || !get_bool(env, argv[1], &down)) return NULL;
  if (!need_fake_input(env, 1, "button")) return NULL;
  org_kde_kwin_fake_input_button(fake_input, (uint32_t)button, down ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
  return fake_flush(env, "fake button");
}

/* fakeAxis(axis, steps): wheel notches as 15 units each (axis 0 vertical, positive = down). */
static napi_value js_fake_axis(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t axis, steps;
  if (!get_i64(env, argv[0], &axis, "axis") || !get_i64(env, argv[1], &steps, "steps")) return NULL;
  if (!need_fake_input(env, 1, "axis")) return NULL;
  org_kde_kwin_fake_input_axis(fake_input, (uint32_t)axis, wl_fixed_from_double(15.0 * (double)steps));
  return fake_flush(env, "fake axis");
}
