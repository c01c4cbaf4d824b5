/*
 * The virtual keyboard (zwp_virtual_keyboard_v1). Its keymap is the one the TypeScript side composes (the user's
 * layout, complete, plus keysyms the layout lacks bound to keys the layout leaves empty) and is uploaded once per
 * change, never per call: a client that saw keymaps come and go per run (wtype) left GTK 3 ignoring BackSpace and
 * Ctrl+A. An xkb_state mirrors what the compositor computes for this keyboard from our own key events (the only
 * events it gets), so the caller can read the modifiers in effect and restore them exactly.
 */

static struct {
  struct xkb_context *context;
  struct xkb_keymap *keymap;
  struct xkb_state *state;
  struct zwp_virtual_keyboard_v1 *keyboard;
} kb;

static struct xkb_context *xkb(void) {
  if (kb.context == NULL) kb.context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
  return kb.context;
}

static void seat_keyboard_reset(bool alive);

static void keyboard_reset(bool alive) {
  seat_keyboard_reset(alive);
  if (kb.keyboard && alive) zwp_virtual_keyboard_v1_destroy(kb.keyboard);
  kb.keyboard = NULL;
  if (kb.state) xkb_state_unref(kb.state);
  kb.state = NULL;
  if (kb.keymap) xkb_keymap_unref(kb.keymap);
  kb.keymap = NULL;
  if (wl.keyboard_manager && alive) zwp_virtual_keyboard_manager_v1_destroy(wl.keyboard_manager);
  wl.keyboard_manager = NULL;
}

/* keymapFromNames(rules, model, layout, variant, options): the keymap text xkbcommon builds (null fields: defaults). */
static napi_value js_keymap_from_names(napi_env env, napi_callback_info info) {
  napi_value argv[5];
  if (!args_n(env, info, 5, argv)) return NULL;
  char *fields[5] = {0};
  const char *labels[5] = {"rules", "model", "layout", "variant", "options"};
  for (int i = 0; i < 5; i++) {
    bool failed = false;
    fields[i] = get_string(env, argv[i], labels[i], true, &failed);
    if (failed) {
      for (int j = 0; j < i; j++) free(fields[j]);
      return NULL;
    }
  }
  struct xkb_rule_names names = {fields[0], fields[1], fields[2], fields[3], fields[4]};
  napi_value out = NULL;
  if (xkb() == NULL) {
    out = throw_code(env, "WL_XKB_FAILED", "xkbcommon could not create a context");
  } else {
    struct xkb_keymap *keymap = xkb_keymap_new_from_names(kb.context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS);
    if (keymap == NULL) {
      out = throw_code(env, "WL_KEYMAP_INVALID", "xkbcommon has no keymap for layout '%s' variant '%s'",
                       fields[2] ? fields[2] : "(default)", fields[3] ? fields[3] : "");
    } else {
      char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
      out = str(env, text);
      free(text);
      xkb_keymap_unref(keymap);
    }
  }
  for (int i = 0; i < 5; i++) free(fields[i]);
  return out;
}

static int memfd_with(const char *data, size_t size) {
  int fd = memfd_create("agent-desktop-keymap", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) return -1;
  size_t done = 0;
  while (done < size) {
    ssize_t w = write(fd, data + done, size - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      close(fd);
      return -1;
    }
    done += (size_t)w;
  }
  fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
  return fd;
}

/*
 * keymapUpload(text): compiles the keymap (a bad one never reaches the compositor), creates the virtual keyboard on
 * first use and sends it the keymap. Keys held under the previous keymap must have been released by the caller.
 */
static napi_value js_keymap_upload(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  if (!need_connection(env)) return NULL;
  if (wl.keyboard_manager == NULL) {
    return throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no zwp_virtual_keyboard_manager_v1 (virtual keyboard)");
  }
  if (wl.seat == NULL) return throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no wl_seat");
  bool failed = false;
  char *text = get_string(env, argv[0], "keymap", false, &failed);
  if (failed) return NULL;
  if (xkb() == NULL) {
    free(text);
    return throw_code(env, "WL_XKB_FAILED", "xkbcommon could not create a context");
  }
  struct xkb_keymap *keymap = xkb_keymap_new_from_string(kb.context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
  if (keymap == NULL) {
    free(text);
    return throw_code(env, "WL_KEYMAP_INVALID", "xkbcommon could not compile the keymap");
  }
  /* The compositor compiles what it receives; send it exactly what we compiled, NUL included. */
  char *canonical = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
  free(text);
  if (canonical == NULL) {
    xkb_keymap_unref(keymap);
    return throw_code(env, "WL_KEYMAP_INVALID", "xkbcommon could not serialize the keymap");
  }
  size_t size = strlen(canonical) + 1;
  int fd = memfd_with(canonical, size);
  free(canonical);
  if (fd < 0) {
    xkb_keymap_unref(keymap);
    return throw_code(env, "WL_NO_MEMORY", "memfd for the keymap: %s", strerror(errno));
  }
  if (kb.keyboard == NULL) kb.keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(wl.keyboard_manager, wl.seat);
  zwp_virtual_keyboard_v1_keymap(kb.keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
  int r = flush_all(WAIT_MS);
  close(fd); /* libwayland sent a duplicate */
  if (r == 0) r = roundtrip(WAIT_MS);
  if (r < 0) {
    xkb_keymap_unref(keymap);
    return throw_wait(env, r, "keymap upload");
  }
  if (kb.state) xkb_state_unref(kb.state);
  if (kb.keymap) xkb_keymap_unref(kb.keymap);
  kb.keymap = keymap;
  kb.state = xkb_state_new(keymap);
  napi_value out;
  napi_create_object(env, &out);
  set(env, out, "min_keycode", num(env, xkb_keymap_min_keycode(keymap)));
  set(env, out, "max_keycode", num(env, xkb_keymap_max_keycode(keymap)));
  set(env, out, "size", num(env, (double)size));
  return out;
}

static int need_keymap(napi_env env) {
  if (kb.keymap == NULL) {
    throw_code(env, "WL_NO_KEYMAP", "no keymap was uploaded yet");
    return 0;
  }
  return 1;
}

/*
 * The key and shift level that type this keysym in layout 0 of `keymap`, and the modifier mask selecting that level;
 * false when no key has it. The lowest level wins, then the lowest keycode.
 */
static bool lookup_keysym(struct xkb_keymap *keymap, xkb_keysym_t keysym, xkb_keycode_t *key_out, xkb_level_index_t *level_out, xkb_mod_mask_t *mask_out) {
  xkb_keycode_t min = xkb_keymap_min_keycode(keymap), max = xkb_keymap_max_keycode(keymap);
  xkb_keycode_t best_key = 0;
  xkb_level_index_t best_level = 0;
  for (xkb_keycode_t key = min; key <= max && key != 0; key++) {
    if (xkb_keymap_num_layouts_for_key(keymap, key) == 0) continue;
    xkb_level_index_t levels = xkb_keymap_num_levels_for_key(keymap, key, 0);
    for (xkb_level_index_t level = 0; level < levels; level++) {
      const xkb_keysym_t *syms;
      int n = xkb_keymap_key_get_syms_by_level(keymap, key, 0, level, &syms);
      if (n != 1 || syms[0] != keysym) continue;
      if (best_key == 0 || level < best_level) {
        best_key = key;
        best_level = level;
      }
      break;
    }
    if (best_key != 0 && best_level == 0) break;
  }
  if (best_key == 0) return false;
  xkb_mod_mask_t masks[8];
  size_t count = xkb_keymap_key_get_mods_for_level(keymap, best_key, 0, best_level, masks, 8);
  /* The fewest modifiers that select the level (Shift rather than Shift+Lock). */
  xkb_mod_mask_t mask = 0;
  int best_bits = 99;
  for (size_t i = 0; i < count; i++) {
    int bits = __builtin_popcount(masks[i]);
    if (bits < best_bits) {
      best_bits = bits;
      mask = masks[i];
    }
  }
  *key_out = best_key;
  *level_out = best_level;
  *mask_out = mask;
  return true;
}

static napi_value lookup_result(napi_env env, struct xkb_keymap *keymap, napi_value arg) {
  int64_t keysym;
  if (!get_i64(env, arg, &keysym, "keysym")) return NULL;
  xkb_keycode_t key;
  xkb_level_index_t level;
  xkb_mod_mask_t mask;
  if (!lookup_keysym(keymap, (xkb_keysym_t)keysym, &key, &level, &mask)) return null_value(env);
  napi_value out;
  napi_create_object(env, &out);
  set(env, out, "keycode", num(env, key));
  set(env, out, "level", num(env, level));
  set(env, out, "mask", num(env, mask));
  return out;
}

/* keymapLookup(keysym): where the uploaded keymap has this keysym (see lookup_keysym), or null. */
static napi_value js_keymap_lookup(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  if (!need_keymap(env)) return NULL;
  return lookup_result(env, kb.keymap, argv[0]);
}

/*
 * The seat's own keymap, as the compositor gives it to a client's wl_keyboard (the session's layout on GNOME and
 * KDE, whose input channels type keysyms or keycodes of that layout and cannot type anything outside it).
 */
static struct {
  struct wl_keyboard *keyboard;
  struct xkb_keymap *keymap;
  volatile int received;
} seat_kb;

static void seat_kb_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
  (void)data; (void)k;
  if (format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 && xkb() != NULL) {
    char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map != MAP_FAILED) {
      struct xkb_keymap *keymap = xkb_keymap_new_from_buffer(kb.context, map, strnlen(map, size), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
      munmap(map, size);
      if (keymap) {
        if (seat_kb.keymap) xkb_keymap_unref(seat_kb.keymap);
        seat_kb.keymap = keymap;
      }
    }
  }
  close(fd);
  seat_kb.received = 1;
}
static void seat_kb_enter(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *sf, struct wl_array *keys) { (void)d; (void)k; (void)s; (void)sf; (void)keys; }
static void seat_kb_leave(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *sf) { (void)d; (void)k; (void)s; (void)sf; }
static void seat_kb_key(void *d, struct wl_keyboard *k, uint32_t s, uint32_t t, uint32_t key, uint32_t st) { (void)d; (void)k; (void)s; (void)t; (void)key; (void)st; }
static void seat_kb_modifiers(void *d, struct wl_keyboard *k, uint32_t s, uint32_t a, uint32_t b, uint32_t c, uint32_t g) { (void)d; (void)k; (void)s; (void)a; (void)b; (void)c; (void)g; }
static void seat_kb_repeat(void *d, struct wl_keyboard *k, int32_t r, int32_t delay) { (void)d; (void)k; (void)r; (void)delay; }

static const struct wl_keyboard_listener seat_kb_listener = {
  .keymap = seat_kb_keymap,
  .enter = seat_kb_enter,
  .leave = seat_kb_leave,
  .key = seat_kb_key,
  .modifiers = seat_kb_modifiers,
  .repeat_info = seat_kb_repeat,
};

static void seat_keyboard_reset(bool alive) {
  if (seat_kb.keyboard && alive) {
    if (wl_keyboard_get_version(seat_kb.keyboard) >= 3) wl_keyboard_release(seat_kb.keyboard);
    else wl_keyboard_destroy(seat_kb.keyboard);
  }
  seat_kb.keyboard = NULL;
  if (seat_kb.keymap) xkb_keymap_unref(seat_kb.keymap);
  seat_kb.keymap = NULL;
  seat_kb.received = 0;
}

/* seatKeymapLookup(keysym): where the seat's keymap has this keysym, or null; fails when the seat has no keyboard. */
static napi_value js_seat_keymap_lookup(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  if (!need_connection(env)) return NULL;
  if (seat_kb.keyboard == NULL) {
    int r = roundtrip(WAIT_MS);
    if (r < 0) return throw_wait(env, r, "seat keymap");
    if (wl.seat == NULL || (wl.seat_caps & WL_SEAT_CAPABILITY_KEYBOARD) == 0) {
      return throw_code(env, "WL_NO_KEYBOARD", "the seat has no keyboard, so it has no keymap");
    }
    seat_kb.keyboard = wl_seat_get_keyboard(wl.seat);
    wl_keyboard_add_listener(seat_kb.keyboard, &seat_kb_listener, NULL);
    r = dispatch_until(&seat_kb.received, WAIT_MS);
    if (r < 0) return throw_wait(env, r, "seat keymap");
  } else {
    int r = roundtrip(WAIT_MS); /* a keymap change arrives as an event */
    if (r < 0) return throw_wait(env, r, "seat keymap");
  }
  if (seat_kb.keymap == NULL) return throw_code(env, "WL_KEYMAP_INVALID", "the compositor's keymap did not compile");
  return lookup_result(env, seat_kb.keymap, argv[0]);
}

/* keymapSpareKeys(keymap?): keys 8-255 that the keymap names but binds nothing to (where extra keysyms may go). */
static napi_value js_keymap_spare_keys(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  bool failed = false;
  char *text = get_string(env, argv[0], "keymap", true, &failed);
  if (failed) return NULL;
  struct xkb_keymap *keymap = kb.keymap;
  if (text != NULL) {
    if (xkb() == NULL) {
      free(text);
      return throw_code(env, "WL_XKB_FAILED", "xkbcommon could not create a context");
    }
    keymap = xkb_keymap_new_from_string(kb.context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
    free(text);
    if (keymap == NULL) return throw_code(env, "WL_KEYMAP_INVALID", "xkbcommon could not compile the keymap");
  } else if (!need_keymap(env)) {
    return NULL;
  }
  napi_value arr;
  napi_create_array(env, &arr);
  uint32_t i = 0;
  xkb_keycode_t max = xkb_keymap_max_keycode(keymap);
  for (xkb_keycode_t key = xkb_keymap_min_keycode(keymap); key <= max && key <= 255; key++) {
    if (key < 9 || xkb_keymap_num_layouts_for_key(keymap, key) != 0) continue;
    const char *name = xkb_keymap_key_get_name(keymap, key);
    if (name == NULL) continue;
    napi_value item;
    napi_create_object(env, &item);
    set(env, item, "keycode", num(env, key));
    set(env, item, "name", str(env, name));
    napi_set_element(env, arr, i++, item);
  }
  if (keymap != kb.keymap) xkb_keymap_unref(keymap);
  return arr;
}

/* keymapModifierMask(name): the mask bit of a modifier ("Shift", "Control", "Mod1", "Mod4", ...), 0 if unknown. */
static napi_value js_keymap_modifier_mask(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  if (!need_keymap(env)) return NULL;
  bool failed = false;
  char *name = get_string(env, argv[0], "modifier", false, &failed);
  if (failed) return NULL;
  xkb_mod_index_t index = xkb_keymap_mod_get_index(kb.keymap, name);
  free(name);
  return num(env, index == XKB_MOD_INVALID ? 0 : (double)(1u << index));
}

static napi_value js_keysym_from_name(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  bool failed = false;
  char *name = get_string(env, argv[0], "name", false, &failed);
  if (failed) return NULL;
  xkb_keysym_t sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS);
  if (sym == XKB_KEY_NoSymbol) sym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE);
  free(name);
  return num(env, sym);
}

static napi_value js_keysym_name(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  int64_t keysym;
  if (!get_i64(env, argv[0], &keysym, "keysym")) return NULL;
  char buf[64];
  if (xkb_keysym_get_name((xkb_keysym_t)keysym, buf, sizeof(buf)) < 0) return null_value(env);
  return str(env, buf);
}

/* keysymFromChar(codePoint): xkbcommon's keysym for a character (a legacy keysym such as EuroSign where one exists). */
static napi_value js_keysym_from_char(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!args_n(env, info, 1, argv)) return NULL;
  int64_t cp;
  if (!get_i64(env, argv[0], &cp, "code point")) return NULL;
  return num(env, xkb_utf32_to_keysym((uint32_t)cp));
}

static int need_keyboard(napi_env env) {
  if (!need_connection(env)) return 0;
  if (kb.keyboard == NULL || kb.keymap == NULL) {
    throw_code(env, "WL_NO_KEYMAP", "the virtual keyboard has no keymap yet (upload one first)");
    return 0;
  }
  return 1;
}

/* key(keycode, down): one key event (xkb keycode; the protocol takes evdev codes, keycode - 8). */
static napi_value js_key(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_n(env, info, 2, argv)) return NULL;
  int64_t keycode;
  bool down;
  if (!get_i64(env, argv[0], &keycode, "keycode") || !get_bool(env, argv[1], &down)) return NULL;
  if (!need_keyboard(env)) return NULL;
  if (keycode < 8 || keycode > (int64_t)xkb_keymap_max_keycode(kb.keymap)) {
    return throw_code(env, "WL_BAD_ARGUMENT", "keycode %lld is outside the keymap", (long long)keycode);
  }
  zwp_virtual_keyboard_v1_key(kb.keyboard, now_ms(), (uint32_t)(keycode - 8),
                              down ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
  /*
   * wlroots does not derive a virtual keyboard's modifiers from its keys (its key events carry update_state = false):
   * the client must say them. The mirror computes them as a keyboard would; a change is sent right after the key.
   */
  if (xkb_state_update_key(kb.state, (xkb_keycode_t)keycode, down ? XKB_KEY_DOWN : XKB_KEY_UP) != 0) {
    zwp_virtual_keyboard_v1_modifiers(kb.keyboard, xkb_state_serialize_mods(kb.state, XKB_STATE_MODS_DEPRESSED),
                                      xkb_state_serialize_mods(kb.state, XKB_STATE_MODS_LATCHED),
                                      xkb_state_serialize_mods(kb.state, XKB_STATE_MODS_LOCKED),
                                      xkb_state_serialize_layout(kb.state, XKB_STATE_LAYOUT_EFFECTIVE));
  }
  int r = flush_all(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "key");
  return boolean(env, true);
}

/* modifiers(depressed, latched, locked, group): sets this keyboard's modifier state as the compositor will see it. */
static napi_value js_modifiers(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_n(env, info, 4, argv)) return NULL;
  int64_t v[4];
  const char *names[4] = {"depressed", "latched", "locked", "group"};
  for (int i = 0; i < 4; i++) {
    if (!get_i64(env, argv[i], &v[i], names[i])) return NULL;
  }
  if (!need_keyboard(env)) return NULL;
  zwp_virtual_keyboard_v1_modifiers(kb.keyboard, (uint32_t)v[0], (uint32_t)v[1], (uint32_t)v[2], (uint32_t)v[3]);
  xkb_state_update_mask(kb.state, (xkb_mod_mask_t)v[0], (xkb_mod_mask_t)v[1], (xkb_mod_mask_t)v[2], 0, 0, (xkb_layout_index_t)v[3]);
  int r = flush_all(WAIT_MS);
  if (r < 0) return throw_wait(env, r, "modifiers");
  return boolean(env, true);
}

static napi_value js_modifier_state(napi_env env, napi_callback_info info) {
  (void)info;
  if (!need_keyboard(env)) return NULL;
  napi_value out;
  napi_create_object(env, &out);
  set(env, out, "depressed", num(env, xkb_state_serialize_mods(kb.state, XKB_STATE_MODS_DEPRESSED)));
  set(env, out, "latched", num(env, xkb_state_serialize_mods(kb.state, XKB_STATE_MODS_LATCHED)));
  set(env, out, "locked", num(env, xkb_state_serialize_mods(kb.state, XKB_STATE_MODS_LOCKED)));
  set(env, out, "group", num(env, xkb_state_serialize_layout(kb.state, XKB_STATE_LAYOUT_EFFECTIVE)));
  return out;
}
