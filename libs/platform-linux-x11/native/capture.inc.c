/*
 * Screen capture, included by x11.c. The pixels come through MIT-SHM when the server offers it (else XGetImage over
 * the socket). The shared segment is kept for the next capture of the same or a smaller size: a warm process (the
 * host, the MCP server) then pays neither the segment's set-up nor its first-touch page faults, which are most of a
 * capture's cost on a virtual machine. `captureRelease()` (and close, and a lost connection) frees it.
 *
 * captureRoot(x, y, w, h) -> {width, height, rows, shm}: PNG scanlines (filter byte 0 + RGB per pixel).
 * capturePng(x, y, w, h, level, filter) -> {width, height, png, shm}: the PNG itself, encoded here with zlib row by
 * row (no 4-byte-per-pixel copy in JS memory, no whole-image scanline buffer): filter 0 (none), 2 (up) or 4 (Paeth)
 * for every row, deflate at `level` (0-9).
 */
#include <sys/mman.h>
#include <zlib.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

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

/* The region's pixels as an XImage (*shm set when its data is the kept segment: do not free that data). */
static XImage *capture_grab(int64_t x, int64_t y, int64_t w, int64_t h, int *shm) {
  int screen = DefaultScreen(dpy);
  Window root = RootWindow(dpy, screen);
  Visual *visual = DefaultVisual(dpy, screen);
  int depth = DefaultDepth(dpy, screen);
  *shm = 0;
  if (has_shm) {
    XImage *img = XShmCreateImage(dpy, visual, depth, ZPixmap, NULL, &shm_cache, (unsigned)w, (unsigned)h);
    if (img != NULL) {
      size_t size = (size_t)img->bytes_per_line * (size_t)img->height;
      if (capture_shm_segment(size)) {
        img->data = shm_cache.shmaddr;
        x_error = 0;
        if (XShmGetImage(dpy, root, img, (int)x, (int)y, AllPlanes)) {
          XSync(dpy, False);
          if (x_error == 0 && !io_dead) {
            /* Map the pages the server wrote in one call instead of one fault per 4 KiB page (kernel 5.14+). */
            madvise(shm_cache.shmaddr, size, MADV_POPULATE_READ);
            *shm = 1;
            return img;
          }
        }
        capture_release_shm(!io_dead);
      }
      img->data = NULL;
      XDestroyImage(img);
      x_error = 0;
      if (io_dead) return NULL;
    }
  }
  XImage *img = XGetImage(dpy, root, (int)x, (int)y, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
  XSync(dpy, False);
  if (img != NULL && (x_error != 0 || io_dead)) {
    XDestroyImage(img);
    img = NULL;
  }
  return img;
}

static void capture_free(XImage *img, int shm) {
  if (img == NULL) return;
  if (shm) img->data = NULL;
  XDestroyImage(img);
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

static napi_value js_capture_root(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  int64_t x, y, w, h;
  if (!capture_args(env, info, 4, argv, &x, &y, &w, &h)) return NULL;
  int shm;
  XImage *img = capture_grab(x, y, w, h, &shm);
  if (img == NULL) return capture_failed(env);
  size_t stride = 1 + (size_t)w * 3;
  void *raw;
  napi_value buffer;
  if (napi_create_buffer(env, stride * (size_t)h, &raw, &buffer) != napi_ok) {
    capture_free(img, shm);
    return throw_msg(env, "out of memory for the capture");
  }
  for (int64_t row = 0; row < h; row++) {
    uint8_t *dst = (uint8_t *)raw + row * stride;
    dst[0] = 0;
    capture_row_rgb(img, row, w, dst + 1);
  }
  capture_free(img, shm);
  napi_value obj;
  CHECK(napi_create_object(env, &obj));
  set_num(env, obj, "width", (double)w);
  set_num(env, obj, "height", (double)h);
  napi_set_named_property(env, obj, "rows", buffer);
  napi_set_named_property(env, obj, "shm", boolean(env, shm));
  return obj;
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

static napi_value js_capture_png(napi_env env, napi_callback_info info) {
  napi_value argv[6];
  int64_t x, y, w, h, level, filter;
  if (!capture_args(env, info, 6, argv, &x, &y, &w, &h)) return NULL;
  if (!get_i64(env, argv[4], &level, "level") || !get_i64(env, argv[5], &filter, "filter")) return NULL;
  if (level < 0 || level > 9) return throw_msg(env, "level must be 0-9");
  if (filter != 0 && filter != 2 && filter != 4) return throw_msg(env, "filter must be 0 (none), 2 (up) or 4 (Paeth)");
  int shm;
  XImage *img = capture_grab(x, y, w, h, &shm);
  if (img == NULL) return capture_failed(env);

  size_t n = (size_t)w * 3;
  z_stream z;
  memset(&z, 0, sizeof(z));
  if (deflateInit2(&z, (int)level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    capture_free(img, shm);
    return throw_msg(env, "zlib deflateInit failed");
  }
  /* signature + IHDR chunk (25) + IDAT header (8) | deflate stream | IDAT CRC (4) + IEND chunk (12) */
  const size_t head = 8 + 25 + 8;
  size_t cap = head + deflateBound(&z, (uLong)((n + 1) * (size_t)h)) + 16;
  uint8_t *png = malloc(cap);
  uint8_t *rows = malloc(3 * n + 1); /* previous RGB row, current RGB row, filtered row */
  if (png == NULL || rows == NULL) {
    free(png);
    free(rows);
    deflateEnd(&z);
    capture_free(img, shm);
    return throw_msg(env, "out of memory for the capture");
  }
  uint8_t *prev = rows, *cur = rows + n, *line = rows + 2 * n;
  memset(prev, 0, n);
  z.next_out = png + head;
  z.avail_out = (uInt)(cap - head - 16);
  int ok = 1;
  for (int64_t row = 0; row < h && ok; row++) {
    capture_row_rgb(img, row, w, cur);
    filter_row((int)filter, cur, prev, n, line);
    z.next_in = line;
    z.avail_in = (uInt)(n + 1);
    if (deflate(&z, row + 1 == h ? Z_FINISH : Z_NO_FLUSH) == Z_STREAM_ERROR || z.avail_in != 0) ok = 0;
    uint8_t *t = prev;
    prev = cur;
    cur = t;
  }
  capture_free(img, shm);
  free(rows);
  size_t idat = z.total_out;
  deflateEnd(&z);
  if (!ok) {
    free(png);
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
  napi_value obj;
  CHECK(napi_create_object(env, &obj));
  set_num(env, obj, "width", (double)w);
  set_num(env, obj, "height", (double)h);
  napi_set_named_property(env, obj, "png", buffer);
  napi_set_named_property(env, obj, "shm", boolean(env, shm));
  return obj;
}

/* captureRelease(): frees the kept shared-memory segment (the next capture makes a new one). */
static napi_value js_capture_release(napi_env env, napi_callback_info info) {
  (void)info;
  capture_release_shm(1);
  napi_value u;
  napi_get_undefined(env, &u);
  return u;
}
