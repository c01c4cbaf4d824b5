/*
 * Screen capture, included by x11.c. The pixels come through MIT-SHM when the server offers it (else XGetImage over
 * the socket), a band of rows at a time into one small segment (~320 KiB) with the server grabbed, so the X server
 * and this process each fault in ~80 pages instead of 1,280 for a 1280x1024 screen: page faults were most of a
 * capture's cost on a virtual machine (a whole-screen segment: ~107 ms; bands of 64 rows: ~30 ms, same load). The
 * segment is kept for the next capture (a warm host or MCP server pays no set-up at all); `captureRelease()`,
 * close and a lost connection free it.
 *
 * captureRoot(x, y, w, h) -> {width, height, rows, shm}: PNG scanlines (filter byte 0 + RGB per pixel).
 * capturePng(x, y, w, h, level, filter) -> {width, height, png, shm}: the PNG itself, encoded here with zlib row by
 * row as the bands arrive (no whole-image buffer anywhere): filter 0 (none), 2 (up) or 4 (Paeth) for every row,
 * deflate at `level` (0-9).
 */
#include <zlib.h>

static XShmSegmentInfo shm_cache;
static size_t shm_cache_size = 0; /* 0: no segment kept */

static void capture_release_shm(int server_alive) {
  if (shm_cache_size == 0) return;
  if (server_alive && dpy != NULL && !io_dead) {
    XShmDetach(dpy, &shm_cache);
    XSync(dpy, False);
  }
  shmdt(shm_cache.shmaddr);
  shm_cache_size = 0;
}

/* A segment of at least `size` bytes attached to the server, or 0 (the caller falls back to XGetImage). */
static int capture_shm_segment(size_t size) {
  if (shm_cache_size >= size) return 1;
  capture_release_shm(1);
  int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
  if (id < 0) return 0;
  char *addr = shmat(id, NULL, 0);
  if (addr == (char *)-1) {
    shmctl(id, IPC_RMID, NULL);
    return 0;
  }
  shm_cache.shmid = id;
  shm_cache.shmaddr = addr;
  shm_cache.readOnly = False;
  x_error = 0;
  int attached = XShmAttach(dpy, &shm_cache);
  XSync(dpy, False);
  /* Marked for removal now: the kernel frees it once both sides detach, even if this process is killed. */
  shmctl(id, IPC_RMID, NULL);
  if (!attached || x_error != 0 || io_dead) {
    x_error = 0;
    shmdt(addr);
    return 0;
  }
  shm_cache_size = size;
  return 1;
}

/* Row `row` of the image as RGB bytes. */
static void capture_row_rgb(XImage *img, int64_t row, int64_t w, uint8_t *dst) {
  unsigned long rm = img->red_mask, gm = img->green_mask, bm = img->blue_mask;
  if (img->bits_per_pixel == 32 && rm == 0xff0000 && gm == 0xff00 && bm == 0xff && img->byte_order == LSBFirst) {
    const uint8_t *src = (const uint8_t *)img->data + row * img->bytes_per_line;
    for (int64_t col = 0; col < w; col++) {
      dst[0] = src[2];
      dst[1] = src[1];
      dst[2] = src[0];
      dst += 3;
      src += 4;
    }
    return;
  }
  int rs = mask_shift(rm), gs = mask_shift(gm), bs = mask_shift(bm);
  unsigned long rmax = rm >> rs, gmax = gm >> gs, bmax = bm >> bs;
  for (int64_t col = 0; col < w; col++) {
    unsigned long p = XGetPixel(img, (int)col, (int)row);
    unsigned long r = (p & rm) >> rs, g = (p & gm) >> gs, b = (p & bm) >> bs;
    dst[0] = (uint8_t)(rmax ? r * 255 / rmax : 0);
    dst[1] = (uint8_t)(gmax ? g * 255 / gmax : 0);
    dst[2] = (uint8_t)(bmax ? b * 255 / bmax : 0);
    dst += 3;
  }
}

/* Called with each row of the region as RGB bytes, top to bottom; returns 0 to stop (a failure of its own). */
typedef int (*capture_row_fn)(const uint8_t *rgb, int64_t row, void *ctx);

/* Rows per request: a segment of about 320 KiB (64 rows of a 1280-pixel screen), at least one row, at most `h`. */
#define CAPTURE_CHUNK_BYTES (320 * 1024)

static int64_t capture_band_rows(int64_t bytes_per_line, int64_t h) {
  int64_t rows = CAPTURE_CHUNK_BYTES / bytes_per_line;
  if (rows < 1) rows = 1;
  return rows > h ? h : rows;
}

/* The `n` rows of a band that starts at row `first` of the region, converted and handed to `fn` (1, or -1 if it failed). */
static int capture_band(XImage *img, int64_t first, int64_t n, int64_t w, uint8_t *rgb, capture_row_fn fn, void *ctx) {
  for (int64_t r = 0; r < n; r++) {
    capture_row_rgb(img, r, w, rgb);
    if (!fn(rgb, first + r, ctx)) return -1;
  }
  return 1;
}

/*
 * The region, `rows` rows per request, each row converted to RGB in `rgb` (w * 3 bytes) and handed to `fn`.
 * The server is grabbed meanwhile (no other client's drawing lands between two requests: one consistent picture).
 * Returns 1 when every row was delivered, 0 when the X server failed (io_dead or x_error set), -1 when `fn` did.
 */
static int capture_each_row(int64_t x, int64_t y, int64_t w, int64_t h, uint8_t *rgb, capture_row_fn fn, void *ctx,
                            int *shm) {
  int screen = DefaultScreen(dpy);
  Window root = RootWindow(dpy, screen);
  Visual *visual = DefaultVisual(dpy, screen);
  int depth = DefaultDepth(dpy, screen);
  int result = 1;
  int64_t done = 0;
  *shm = 0;
  x_error = 0;
  XGrabServer(dpy);
  if (has_shm) {
    XImage *img = XShmCreateImage(dpy, visual, depth, ZPixmap, NULL, &shm_cache, (unsigned)w, 1);
    if (img != NULL) {
      int64_t rows = capture_band_rows(img->bytes_per_line, h);
      if (capture_shm_segment((size_t)img->bytes_per_line * (size_t)rows)) {
        img->data = shm_cache.shmaddr;
        for (; done < h && result == 1; done += rows) {
          int64_t n = h - done < rows ? h - done : rows;
          img->height = (int)n;
          if (!XShmGetImage(dpy, root, img, (int)x, (int)(y + done), AllPlanes) || x_error != 0 || io_dead) {
            result = 0;
            break;
          }
          *shm = 1;
          result = capture_band(img, done, n, w, rgb, fn, ctx);
        }
        img->data = NULL;
      }
      XDestroyImage(img);
      /* Shared memory failed before any row: the socket can still serve (e.g. a remote server). */
      if (result == 0 && done == 0 && !io_dead) {
        capture_release_shm(1);
        x_error = 0;
        result = 1;
        *shm = 0;
      }
    }
  }
  if (!*shm && result == 1) {
    int64_t rows = capture_band_rows(w * 4, h);
    for (; done < h && result == 1; done += rows) {
      int64_t n = h - done < rows ? h - done : rows;
      XImage *img = XGetImage(dpy, root, (int)x, (int)(y + done), (unsigned)w, (unsigned)n, AllPlanes, ZPixmap);
      if (img == NULL || x_error != 0 || io_dead) {
        if (img) XDestroyImage(img);
        result = 0;
        break;
      }
      result = capture_band(img, done, n, w, rgb, fn, ctx);
      XDestroyImage(img);
    }
  }
  if (!io_dead) {
    XUngrabServer(dpy);
    XFlush(dpy);
  }
  return result;
}

static int capture_args(napi_env env, napi_callback_info info, size_t n, napi_value *argv, int64_t *x, int64_t *y,
                        int64_t *w, int64_t *h) {
  if (!args_n(env, info, n, argv) || !need_display(env)) return 0;
  if (!get_i64(env, argv[0], x, "x") || !get_i64(env, argv[1], y, "y") || !get_i64(env, argv[2], w, "width") ||
      !get_i64(env, argv[3], h, "height"))
    return 0;
  if (*w <= 0 || *h <= 0 || *w > 32768 || *h > 32768) {
    throw_msg(env, "capture size out of range");
    return 0;
  }
  return 1;
}

static napi_value capture_failed(napi_env env) {
  if (io_dead) {
    need_display(env);
    return NULL;
  }
  x_error = 0;
  return throw_msg(env, "XGetImage failed (is the region inside the screen?)");
}

struct rows_ctx {
  uint8_t *out;
  size_t stride;
};

static int rows_put(const uint8_t *rgb, int64_t row, void *ctx) {
  struct rows_ctx *c = ctx;
  uint8_t *dst = c->out + (size_t)row * c->stride;
  dst[0] = 0;
  memcpy(dst + 1, rgb, c->stride - 1);
  return 1;
}

/* A capture's result: { width, height, <field>: data, shm }. */
static napi_value capture_result(napi_env env, int64_t w, int64_t h, const char *field, napi_value data, int shm) {
  napi_value obj;
  CHECK(napi_create_object(env, &obj));
  set_num(env, obj, "width", (double)w);
  set_num(env, obj, "height", (double)h);
  napi_set_named_property(env, obj, field, data);
  napi_set_named_property(env, obj, "shm", boolean(env, shm));
  return obj;
}

static napi_value js_capture_root(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  int64_t x, y, w, h;
  if (!capture_args(env, info, 4, argv, &x, &y, &w, &h)) return NULL;
  size_t stride = 1 + (size_t)w * 3;
  void *raw;
  napi_value buffer;
  uint8_t *rgb = malloc(stride);
  if (rgb == NULL || napi_create_buffer(env, stride * (size_t)h, &raw, &buffer) != napi_ok) {
    free(rgb);
    return throw_msg(env, "out of memory for the capture");
  }
  struct rows_ctx ctx = {raw, stride};
  int shm;
  int done = capture_each_row(x, y, w, h, rgb, rows_put, &ctx, &shm);
  free(rgb);
  if (done != 1) return capture_failed(env);
  return capture_result(env, w, h, "rows", buffer, shm);
}

static void put_u32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* Writes a chunk's length and type at `p` (data follows at p + 8); the CRC is added by chunk_end. */
static void chunk_begin(uint8_t *p, uint32_t length, const char *type) {
  put_u32(p, length);
  memcpy(p + 4, type, 4);
}

static void chunk_end(uint8_t *p, uint32_t length) {
  put_u32(p + 8 + length, (uint32_t)crc32(crc32(0L, Z_NULL, 0), p + 4, length + 4));
}

static uint8_t paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return (uint8_t)((pa <= pb && pa <= pc) ? a : (pb <= pc) ? b : c);
}

static void filter_row(int filter, const uint8_t *cur, const uint8_t *prev, size_t n, uint8_t *out) {
  out[0] = (uint8_t)filter;
  out++;
  if (filter == 2) {
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(cur[i] - prev[i]);
  } else if (filter == 4) {
    for (size_t i = 0; i < 3 && i < n; i++) out[i] = (uint8_t)(cur[i] - prev[i]);
    for (size_t i = 3; i < n; i++) out[i] = (uint8_t)(cur[i] - paeth(cur[i - 3], prev[i], prev[i - 3]));
  } else {
    memcpy(out, cur, n);
  }
}

static void free_png(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  free(data);
}

struct png_ctx {
  z_stream z;
  int filter;
  size_t n;
  int64_t h;
  uint8_t *prev, *line;
};

static int png_put(const uint8_t *rgb, int64_t row, void *ctx) {
  struct png_ctx *c = ctx;
  filter_row(c->filter, rgb, c->prev, c->n, c->line);
  memcpy(c->prev, rgb, c->n);
  c->z.next_in = c->line;
  c->z.avail_in = (uInt)(c->n + 1);
  int rc = deflate(&c->z, row + 1 == c->h ? Z_FINISH : Z_NO_FLUSH);
  return rc != Z_STREAM_ERROR && c->z.avail_in == 0;
}

static napi_value js_capture_png(napi_env env, napi_callback_info info) {
  napi_value argv[6];
  int64_t x, y, w, h, level, filter;
  if (!capture_args(env, info, 6, argv, &x, &y, &w, &h)) return NULL;
  if (!get_i64(env, argv[4], &level, "level") || !get_i64(env, argv[5], &filter, "filter")) return NULL;
  if (level < 0 || level > 9) return throw_msg(env, "level must be 0-9");
  if (filter != 0 && filter != 2 && filter != 4) return throw_msg(env, "filter must be 0 (none), 2 (up) or 4 (Paeth)");

  struct png_ctx c;
  memset(&c, 0, sizeof(c));
  c.filter = (int)filter;
  c.n = (size_t)w * 3;
  c.h = h;
  if (deflateInit2(&c.z, (int)level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return throw_msg(env, "zlib deflateInit failed");
  /* signature + IHDR chunk (25) + IDAT header (8) | deflate stream | IDAT CRC (4) + IEND chunk (12) */
  const size_t head = 8 + 25 + 8;
  size_t cap = head + deflateBound(&c.z, (uLong)((c.n + 1) * (size_t)h)) + 16;
  uint8_t *png = malloc(cap); /* only the pages the stream reaches are ever touched */
  uint8_t *rows = malloc(3 * c.n + 1); /* the current RGB row, the previous one, the filtered row */
  if (png == NULL || rows == NULL) {
    free(png);
    free(rows);
    deflateEnd(&c.z);
    return throw_msg(env, "out of memory for the capture");
  }
  uint8_t *rgb = rows;
  c.prev = rows + c.n;
  c.line = rows + 2 * c.n;
  memset(c.prev, 0, c.n);
  c.z.next_out = png + head;
  c.z.avail_out = (uInt)(cap - head - 16);
  int shm;
  int done = capture_each_row(x, y, w, h, rgb, png_put, &c, &shm);
  free(rows);
  size_t idat = c.z.total_out;
  deflateEnd(&c.z);
  if (done != 1) {
    free(png);
    if (done == 0) return capture_failed(env);
    return throw_msg(env, "zlib deflate failed");
  }
  static const uint8_t signature[8] = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a};
  memcpy(png, signature, 8);
  uint8_t *ihdr = png + 8;
  chunk_begin(ihdr, 13, "IHDR");
  put_u32(ihdr + 8, (uint32_t)w);
  put_u32(ihdr + 12, (uint32_t)h);
  ihdr[16] = 8; /* bit depth */
  ihdr[17] = 2; /* RGB */
  ihdr[18] = 0; /* deflate */
  ihdr[19] = 0; /* adaptive filtering (a filter type byte per row) */
  ihdr[20] = 0; /* no interlace */
  chunk_end(ihdr, 13);
  uint8_t *idat_chunk = png + 33;
  chunk_begin(idat_chunk, (uint32_t)idat, "IDAT");
  chunk_end(idat_chunk, (uint32_t)idat);
  uint8_t *iend = idat_chunk + 12 + idat;
  chunk_begin(iend, 0, "IEND");
  chunk_end(iend, 0);
  size_t total = (size_t)(iend + 12 - png);

  napi_value buffer;
  napi_status st = napi_create_external_buffer(env, total, png, free_png, NULL, &buffer);
  if (st != napi_ok) {
    /* Runtimes that forbid external buffers: copy. */
    void *copy;
    st = napi_create_buffer_copy(env, total, png, &copy, &buffer);
    free(png);
    if (st != napi_ok) return throw_msg(env, "out of memory for the PNG");
  }
  return capture_result(env, w, h, "png", buffer, shm);
}

/* captureRelease(): frees the kept shared-memory segment (the next capture makes a new one). */
static napi_value js_capture_release(napi_env env, napi_callback_info info) {
  (void)info;
  capture_release_shm(1);
  napi_value u;
  napi_get_undefined(env, &u);
  return u;
}
