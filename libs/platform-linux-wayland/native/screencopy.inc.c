/*
 * Output capture (zwlr_screencopy_manager_v1) into a wl_shm buffer, then PNG. The compositor names the buffer it
 * wants (format, size, stride; on v3 after buffer_done), we hand it a memfd-backed wl_buffer of that shape, and it
 * answers ready or failed. 32-bit formats only (XRGB/ARGB/XBGR/ABGR 8888, what wlroots and its pixman renderer use);
 * y_invert is honoured. The PNG is encoded row by row as the pixels are converted: RGB, filter "up", zlib level 1.
 */
#include <zlib.h>

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

typedef struct {
  unsigned char *data;
  size_t len, cap;
} bytes_t;

static int bytes_reserve(bytes_t *b, size_t more) {
  if (b->len + more <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 65536;
  while (cap < b->len + more) cap *= 2;
  unsigned char *p = realloc(b->data, cap);
  if (p == NULL) return -1;
  b->data = p;
  b->cap = cap;
  return 0;
}

static void put_u32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

static int png_chunk(bytes_t *out, const char *type, const unsigned char *data, size_t len) {
  if (bytes_reserve(out, len + 12) < 0) return -1;
  unsigned char *p = out->data + out->len;
  put_u32(p, (uint32_t)len);
  memcpy(p + 4, type, 4);
  if (len) memcpy(p + 8, data, len);
  uLong crc = crc32(0L, p + 4, (uInt)(len + 4));
  put_u32(p + 8 + len, (uint32_t)crc);
  out->len += len + 12;
  return 0;
}

/* Encodes the shm pixels as an RGB PNG; 0 on success. */
static int encode_png(const unsigned char *pixels, const capture_t *c, int ro, int go, int bo, int level, bytes_t *out) {
  static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (bytes_reserve(out, 8) < 0) return -1;
  memcpy(out->data, signature, 8);
  out->len = 8;
  unsigned char ihdr[13];
  put_u32(ihdr, c->width);
  put_u32(ihdr + 4, c->height);
  ihdr[8] = 8;  /* bit depth */
  ihdr[9] = 2;  /* RGB */
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  if (png_chunk(out, "IHDR", ihdr, 13) < 0) return -1;

  size_t row_bytes = (size_t)c->width * 3;
  unsigned char *row = malloc(row_bytes + 1), *prev = calloc(1, row_bytes), *cur = malloc(row_bytes);
  bytes_t idat = {0};
  z_stream z;
  memset(&z, 0, sizeof(z));
  int ok = row && prev && cur && deflateInit(&z, level) == Z_OK;
  bool y_invert = (c->flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT) != 0;
  for (uint32_t y = 0; ok && y < c->height; y++) {
    const unsigned char *src = pixels + (size_t)(y_invert ? c->height - 1 - y : y) * c->stride;
    for (uint32_t x = 0; x < c->width; x++) {
      cur[x * 3] = src[x * 4 + ro];
      cur[x * 3 + 1] = src[x * 4 + go];
      cur[x * 3 + 2] = src[x * 4 + bo];
    }
    row[0] = 2; /* up */
    for (size_t i = 0; i < row_bytes; i++) row[i + 1] = (unsigned char)(cur[i] - prev[i]);
    unsigned char *swap = prev;
    prev = cur;
    cur = swap;
    z.next_in = row;
    z.avail_in = (uInt)(row_bytes + 1);
    int flush = y + 1 == c->height ? Z_FINISH : Z_NO_FLUSH;
    int zr;
    do {
      if (bytes_reserve(&idat, 65536) < 0) { ok = 0; break; }
      z.next_out = idat.data + idat.len;
      z.avail_out = (uInt)(idat.cap - idat.len);
      zr = deflate(&z, flush);
      idat.len = idat.cap - z.avail_out;
      if (zr == Z_STREAM_ERROR) { ok = 0; break; }
    } while (z.avail_out == 0 || (flush == Z_FINISH && zr != Z_STREAM_END));
  }
  if (row || prev || cur) deflateEnd(&z);
  free(row);
  free(prev);
  free(cur);
  if (ok) ok = png_chunk(out, "IDAT", idat.data, idat.len) == 0 && png_chunk(out, "IEND", NULL, 0) == 0;
  free(idat.data);
  return ok ? 0 : -1;
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
      if (encode_png(pixels, c, ro, go, bo, 1, &png) < 0) {
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
