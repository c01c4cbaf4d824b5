/*
 * PNG encoding of 32-bit pixel rows (the screencopy capture and KWin's screenshots): RGB, filter "up", zlib at the
 * caller's level, encoded row by row as the pixels are converted. Plain C on zlib, shared by the addon and the KWin
 * helper executable.
 */
#include <zlib.h>

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

/* Encodes 32-bit pixels (R, G, B at byte offsets ro, go, bo; rows `stride` bytes apart, bottom-up when `y_invert`) as an
 * RGB PNG; 0 on success. */
static int encode_png(const unsigned char *pixels, uint32_t width, uint32_t height, uint32_t stride, bool y_invert, int ro, int go, int bo,
                      int level, bytes_t *out) {
  static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (bytes_reserve(out, 8) < 0) return -1;
  memcpy(out->data, signature, 8);
  out->len = 8;
  unsigned char ihdr[13];
  put_u32(ihdr, width);
  put_u32(ihdr + 4, height);
  ihdr[8] = 8;  /* bit depth */
  ihdr[9] = 2;  /* RGB */
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  if (png_chunk(out, "IHDR", ihdr, 13) < 0) return -1;

  size_t row_bytes = (size_t)width * 3;
  unsigned char *row = malloc(row_bytes + 1), *prev = calloc(1, row_bytes), *cur = malloc(row_bytes);
  bytes_t idat = {0};
  z_stream z;
  memset(&z, 0, sizeof(z));
  int ok = row && prev && cur && deflateInit(&z, level) == Z_OK;
  for (uint32_t y = 0; ok && y < height; y++) {
    const unsigned char *src = pixels + (size_t)(y_invert ? height - 1 - y : y) * stride;
    for (uint32_t x = 0; x < width; x++) {
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
    int flush = y + 1 == height ? Z_FINISH : Z_NO_FLUSH;
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

