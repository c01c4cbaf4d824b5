/*
 * kwinScreenshotArea(socketPath, abstract, x, y, width, height) -> {width, height, png}: KWin's ScreenShot2 capture
 * (kwinscreenshot.inc.c) from this process. KWin answers it only when this process's executable is authorized, which
 * Node is not meant to be: the KDE backend asks the helper executable (kwinhelper.c) instead; this stays for tests
 * and tools that authorize a process of their own.
 */
static napi_value js_kwin_screenshot_area(napi_env env, napi_callback_info info) {
  napi_value argv[6];
  if (!args_n(env, info, 6, argv)) return NULL;
  bool failed, abstract;
  int64_t x, y, w, h;
  char *path = get_string(env, argv[0], "socket path", false, &failed);
  if (failed) return NULL;
  get_bool(env, argv[1], &abstract);
  if (!get_i64(env, argv[2], &x, "x") || !get_i64(env, argv[3], &y, "y") || !get_i64(env, argv[4], &w, "width") ||
      !get_i64(env, argv[5], &h, "height")) {
    free(path);
    return NULL;
  }
  ks_result_t shot;
  int r = kwin_screenshot_area(path, abstract, x, y, w, h, &shot);
  free(path);
  if (r < 0) return throw_code(env, shot.code, "%s", shot.message);
  napi_value result;
  napi_create_object(env, &result);
  set(env, result, "width", num(env, (double)shot.width));
  set(env, result, "height", num(env, (double)shot.height));
  napi_value buf;
  napi_create_buffer_copy(env, shot.png.len, shot.png.data, NULL, &buf);
  free(shot.png.data);
  set(env, result, "png", buf);
  return result;
}
