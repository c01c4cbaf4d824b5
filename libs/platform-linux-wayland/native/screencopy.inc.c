/*
 * Output capture (zwlr_screencopy_manager_v1) into a wl_shm buffer, then PNG. The compositor names the buffer it
 * wants (format, size, stride; on v3 after buffer_done), we hand it a memfd-backed wl_buffer of that shape, and it
 * answers ready or failed. 32-bit formats only (XRGB/ARGB/XBGR/ABGR 8888, what wlroots and its pixman renderer use);
 * y_invert is honoured. The PNG is encoded row by row as the pixels are converted: RGB, filter "up", zlib level 1.
 */
typedef struct {
  uint32_t format, width, height, stride;
  bool have_buffer, buffer_done, failed;
  uint32_t flags;
  volatile int finished; /* buffer known (phase 1) or ready/failed (phase 2) */
  int phase;
} capture_t;

static void frame_buffer(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t w, uint32_t h, uint32_t stride) {
  (void)f;
  capture_t *c = data;
  c->format = format;
  c->width = w;
  c->height = h;
  c->stride = stride;
  c->have_buffer = true;
  /* Before v3 there is no buffer_done: the shm buffer event is the only one. */
  if (wl.screencopy_version < 3 && c->phase == 1) c->finished = 1;
}

static void frame_flags(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t flags) {
  (void)f;
  ((capture_t *)data)->flags = flags;
}

static void frame_ready(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t hi, uint32_t lo, uint32_t ns) {
  (void)f; (void)hi; (void)lo; (void)ns;
  ((capture_t *)data)->finished = 1;
}

static void frame_failed(void *data, struct zwlr_screencopy_frame_v1 *f) {
  (void)f;
  capture_t *c = data;
  c->failed = true;
  c->finished = 1;
}

static void frame_damage(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
  (void)data; (void)f; (void)x; (void)y; (void)w; (void)h;
}

static void frame_linux_dmabuf(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t w, uint32_t h) {
  (void)data; (void)f; (void)format; (void)w; (void)h;
}

static void frame_buffer_done(void *data, struct zwlr_screencopy_frame_v1 *f) {
  (void)f;
  capture_t *c = data;
  c->buffer_done = true;
  if (c->phase == 1) c->finished = 1;
}

static const struct zwlr_screencopy_frame_v1_listener frame_listener = {
  .buffer = frame_buffer,
  .flags = frame_flags,
  .ready = frame_ready,
  .failed = frame_failed,
  .damage = frame_damage,
  .linux_dmabuf = frame_linux_dmabuf,
  .buffer_done = frame_buffer_done,
};

/* Byte offsets of R, G, B within a little-endian 32-bit pixel of the wl_shm format; -1 if unsupported. */
static int rgb_offsets(uint32_t format, int *r, int *g, int *b) {
  switch (format) {
  case WL_SHM_FORMAT_XRGB8888:
  case WL_SHM_FORMAT_ARGB8888:
    *b = 0; *g = 1; *r = 2;
    return 0;
  case WL_SHM_FORMAT_XBGR8888:
  case WL_SHM_FORMAT_ABGR8888:
    *r = 0; *g = 1; *b = 2;
    return 0;
  default:
    return -1;
  }
}

/*
 * capture(output, x, y, width, height, cursor, encoding): the output's region (output-local logical pixels; width <= 0
 * for the whole output) as {width, height, format, y_invert, png} or, with encoding "raw", {..., rgb} (tightly
 * packed RGB rows, for tests and comparisons).
 */
static napi_value js_capture(napi_env env, napi_callback_info info) {
  napi_value argv[7];
  if (!args_n(env, info, 7, argv)) return NULL;
  int64_t index, x, y, w, h;
  bool cursor;
  if (!get_i64(env, argv[0], &index, "output") || !get_i64(env, argv[1], &x, "x") || !get_i64(env, argv[2], &y, "y") ||
      !get_i64(env, argv[3], &w, "width") || !get_i64(env, argv[4], &h, "height") || !get_bool(env, argv[5], &cursor)) return NULL;
  bool failed = false;
  char *encoding = get_string(env, argv[6], "encoding", true, &failed);
  if (failed) return NULL;
  bool raw = encoding && strcmp(encoding, "raw") == 0;
  free(encoding);
  if (!need_connection(env)) return NULL;
  if (wl.screencopy == NULL) {
    return throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no zwlr_screencopy_manager_v1 (screen capture)");
  }
  if (wl.shm == NULL) return throw_code(env, "WL_PROTOCOL_UNAVAILABLE", "the compositor offers no wl_shm");
  output_t *out = output_at(index);
  if (out == NULL) return throw_code(env, "WL_NO_OUTPUT", "no output %lld", (long long)index);

  capture_t *c = calloc(1, sizeof(*c));
  if (c == NULL) return throw_code(env, "WL_NO_MEMORY", "out of memory");
  c->phase = 1;
  struct zwlr_screencopy_frame_v1 *frame = w > 0 && h > 0
    ? zwlr_screencopy_manager_v1_capture_output_region(wl.screencopy, cursor ? 1 : 0, out->wl, (int32_t)x, (int32_t)y, (int32_t)w, (int32_t)h)
    : zwlr_screencopy_manager_v1_capture_output(wl.screencopy, cursor ? 1 : 0, out->wl);
  zwlr_screencopy_frame_v1_add_listener(frame, &frame_listener, c);
  int r = dispatch_until(&c->finished, WAIT_MS);
  if (r < 0) {
    /* The frame may still get events: leave it and `c` to the connection (a few bytes) rather than free under it. */
    return throw_wait(env, r, "capture (buffer negotiation)");
  }
  if (c->failed || !c->have_buffer) {
    zwlr_screencopy_frame_v1_destroy(frame);
    free(c);
    return throw_code(env, "WL_CAPTURE_FAILED", "the compositor refused to capture output %lld", (long long)index);
  }
  int ro, go, bo;
  if (rgb_offsets(c->format, &ro, &go, &bo) < 0) {
    uint32_t format = c->format;
    zwlr_screencopy_frame_v1_destroy(frame);
    free(c);
    return throw_code(env, "WL_CAPTURE_FAILED", "unsupported shm format 0x%08x", format);
  }
  size_t size = (size_t)c->stride * c->height;
  int fd = memfd_create("agent-desktop-capture", MFD_CLOEXEC);
  void *pixels = MAP_FAILED;
  if (fd >= 0 && ftruncate(fd, (off_t)size) == 0) pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pixels == MAP_FAILED) {
    if (fd >= 0) close(fd);
    zwlr_screencopy_frame_v1_destroy(frame);
    free(c);
    return throw_code(env, "WL_NO_MEMORY", "shm buffer of %zu bytes: %s", size, strerror(errno));
  }
  struct wl_shm_pool *pool = wl_shm_create_pool(wl.shm, fd, (int32_t)size);
  struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)c->width, (int32_t)c->height, (int32_t)c->stride, c->format);
  wl_shm_pool_destroy(pool);
  close(fd);
  c->phase = 2;
  c->finished = 0;
  zwlr_screencopy_frame_v1_copy(frame, buffer);
  r = dispatch_until(&c->finished, WAIT_MS);
  if (r < 0) {
    munmap(pixels, size);
    return throw_wait(env, r, "capture (copy)");
  }
  napi_value result = NULL;
  if (c->failed) {
    result = throw_code(env, "WL_CAPTURE_FAILED", "the compositor failed to copy output %lld", (long long)index);
  } else {
    napi_create_object(env, &result);
    set(env, result, "width", num(env, c->width));
    set(env, result, "height", num(env, c->height));
    set(env, result, "format", num(env, c->format));
    set(env, result, "y_invert", boolean(env, (c->flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT) != 0));
    if (raw) {
      napi_value buf;
      void *dst;
      napi_create_buffer(env, (size_t)c->width * c->height * 3, &dst, &buf);
      unsigned char *d = dst;
      bool inv = (c->flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT) != 0;
      for (uint32_t row = 0; row < c->height; row++) {
        const unsigned char *src = (const unsigned char *)pixels + (size_t)(inv ? c->height - 1 - row : row) * c->stride;
        for (uint32_t col = 0; col < c->width; col++, d += 3) {
          d[0] = src[col * 4 + ro];
          d[1] = src[col * 4 + go];
          d[2] = src[col * 4 + bo];
        }
      }
      set(env, result, "rgb", buf);
    } else {
      bytes_t png = {0};
      if (encode_png(pixels, c->width, c->height, c->stride, (c->flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT) != 0, ro, go, bo, 1, &png) < 0) {
        free(png.data);
        result = throw_code(env, "WL_NO_MEMORY", "PNG encoding failed");
      } else {
        napi_value buf;
        napi_create_buffer_copy(env, png.len, png.data, NULL, &buf);
        free(png.data);
        set(env, result, "png", buf);
      }
    }
  }
  wl_buffer_destroy(buffer);
  zwlr_screencopy_frame_v1_destroy(frame);
  munmap(pixels, size);
  free(c);
  flush_all(WAIT_MS);
  return result;
}
