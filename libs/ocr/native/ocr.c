/*
 * agent-desktop's OCR addon: Tesseract (libtesseract's C API) and Leptonica behind N-API async work, so the event
 * loop never waits for a recognition. An engine is one initialised TessBaseAPI for one language set, kept warm by
 * the caller (initialising costs a model load; recognising a window reuses it). A TessBaseAPI is not safe to use
 * from two threads at once, so each engine has a mutex held for a whole recognition; the TypeScript side also
 * queues per engine, so at most one job per engine occupies a libuv pool thread.
 *
 * createEngine(lang, datapath|null, variables?) -> Promise<{ engine, init_ms }>   variables: Tesseract's, set at init
 * recognize(engine, image, options) -> Promise<{ width, height, words, lines, prepare_ms, recognize_ms }>
 *   image: { format: 1 gray | 3 rgb | 4 rgba | 5 bgra, data, width, height, stride }   raw pixels
 *        | { format: 0, data }                                                        an encoded image (PNG)
 *   options: { x, y, width, height } region (image pixels), scale (1-4), psm, dpi, border (pixels, at scale)
 * endEngine(engine)   frees the model now, or after the job in flight
 * version() -> { tesseract, leptonica }
 *
 * Preparing an image: the region's pixels become 8-bit luma, scaled up by `scale` (linear interpolation; small UI
 * fonts read better larger, see the README), framed by `border` pixels of the region's background (the commonest
 * value on its edge: Tesseract misses text that touches the image edge). Boxes come back in the source image's
 * coordinates (region origin added, scale and border removed).
 */
#define NAPI_VERSION 8
#include <node_api.h>
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#define CHECK(call) do { if ((call) != napi_ok) { napi_throw_error(env, NULL, "N-API call failed: " #call); return NULL; } } while (0)

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct engine {
  TessBaseAPI *api;
  pthread_mutex_t lock;
  int jobs;   /* jobs queued or running (main thread only) */
  int ended;  /* endEngine was called: free when the last job completes */
  int freed;
  char lang[128];
  char datapath[1024];
  int has_datapath;
  int init_status;
  double init_ms;
  napi_deferred deferred;
  napi_async_work work;
  napi_ref self; /* the external, kept alive while init runs */
  int nvars;       /* Tesseract variables set at init (fixed for the engine's life) */
  char **var_names, **var_values;
} engine_t;

static void engine_free(engine_t *e) {
  if (e->freed) return;
  e->freed = 1;
  if (e->api != NULL) {
    TessBaseAPIEnd(e->api);
    TessBaseAPIDelete(e->api);
    e->api = NULL;
  }
}

static void engine_vars_free(engine_t *e) {
  for (int i = 0; i < e->nvars; i++) {
    free(e->var_names[i]);
    free(e->var_values[i]);
  }
  free(e->var_names);
  free(e->var_values);
  e->var_names = e->var_values = NULL;
  e->nvars = 0;
}

static void engine_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  engine_t *e = data;
  engine_free(e);
  engine_vars_free(e);
  pthread_mutex_destroy(&e->lock);
  free(e);
}

/* ---------------------------------------------------------------- createEngine */

static void init_execute(napi_env env, void *data) {
  (void)env;
  engine_t *e = data;
  double started = now_ms();
  pthread_mutex_lock(&e->lock);
  e->api = TessBaseAPICreate();
  /* Tesseract's diagnostics go to stderr through tprintf; stdout belongs to the caller, stderr stays quiet. The
     caller's variables follow (index 0 is ours). */
  e->var_names[0] = "debug_file";
  e->var_values[0] = "/dev/null";
  e->init_status = TessBaseAPIInit4(e->api, e->has_datapath ? e->datapath : NULL, e->lang, OEM_LSTM_ONLY, NULL, 0,
                                    e->var_names, e->var_values, (size_t)e->nvars, 0);
  e->var_names[0] = NULL;
  e->var_values[0] = NULL;
  pthread_mutex_unlock(&e->lock);
  e->init_ms = now_ms() - started;
}

static void init_complete(napi_env env, napi_status status, void *data) {
  engine_t *e = data;
  napi_value external, result, error, message, code, value;
  napi_get_reference_value(env, e->self, &external);
  napi_delete_reference(env, e->self);
  e->self = NULL;
  napi_delete_async_work(env, e->work);
  e->jobs--;
  if (status != napi_ok || e->init_status != 0) {
    char text[1400];
    snprintf(text, sizeof(text), "Tesseract could not load the language '%s'%s%s", e->lang,
             e->has_datapath ? " from " : "", e->has_datapath ? e->datapath : "");
    engine_free(e);
    napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &message);
    napi_create_string_utf8(env, "OCR_INIT_FAILED", NAPI_AUTO_LENGTH, &code);
    napi_create_error(env, code, message, &error);
    napi_reject_deferred(env, e->deferred, error);
    return;
  }
  napi_create_object(env, &result);
  napi_set_named_property(env, result, "engine", external);
  napi_create_double(env, e->init_ms, &value);
  napi_set_named_property(env, result, "init_ms", value);
  napi_resolve_deferred(env, e->deferred, result);
}

static int get_string(napi_env env, napi_value v, char *out, size_t size) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, v, out, size, &length) != napi_ok) return 0;
  return length < size - 1;
}

/* Reads { name: value } (strings) into e->var_names/values after a reserved slot 0; 0 on a bad argument. */
static int read_vars(napi_env env, napi_value obj, engine_t *e) {
  napi_value keys;
  uint32_t n = 0;
  if (obj != NULL && (napi_get_property_names(env, obj, &keys) != napi_ok || napi_get_array_length(env, keys, &n) != napi_ok)) return 0;
  if (n > 64) return 0;
  e->var_names = calloc(n + 1, sizeof(char *));
  e->var_values = calloc(n + 1, sizeof(char *));
  if (e->var_names == NULL || e->var_values == NULL) return 0;
  e->nvars = 1;
  for (uint32_t i = 0; i < n; i++) {
    napi_value key, value;
    char name[128], text[256];
    if (napi_get_element(env, keys, i, &key) != napi_ok || !get_string(env, key, name, sizeof(name))) return 0;
    if (napi_get_property(env, obj, key, &value) != napi_ok || !get_string(env, value, text, sizeof(text))) return 0;
    e->var_names[e->nvars] = strdup(name);
    e->var_values[e->nvars] = strdup(text);
    e->nvars++;
    if (e->var_names[e->nvars - 1] == NULL || e->var_values[e->nvars - 1] == NULL) return 0;
  }
  return 1;
}

static napi_value create_engine(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3], promise, external, name;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 1) {
    napi_throw_type_error(env, NULL, "createEngine(lang, datapath?)");
    return NULL;
  }
  engine_t *e = calloc(1, sizeof(engine_t));
  if (e == NULL) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  pthread_mutex_init(&e->lock, NULL);
  if (!get_string(env, argv[0], e->lang, sizeof(e->lang)) || e->lang[0] == '\0') {
    pthread_mutex_destroy(&e->lock);
    free(e);
    napi_throw_type_error(env, NULL, "createEngine: lang must be a non-empty string of at most 127 bytes");
    return NULL;
  }
  napi_valuetype type = napi_undefined;
  if (argc > 1) napi_typeof(env, argv[1], &type);
  if (type == napi_string) {
    if (!get_string(env, argv[1], e->datapath, sizeof(e->datapath))) {
      pthread_mutex_destroy(&e->lock);
      free(e);
      napi_throw_type_error(env, NULL, "createEngine: datapath is too long");
      return NULL;
    }
    e->has_datapath = 1;
  }
  type = napi_undefined;
  if (argc > 2) napi_typeof(env, argv[2], &type);
  if (!read_vars(env, type == napi_object ? argv[2] : NULL, e)) {
    engine_vars_free(e);
    pthread_mutex_destroy(&e->lock);
    free(e);
    napi_throw_type_error(env, NULL, "createEngine: variables must be an object of at most 64 string values");
    return NULL;
  }
  CHECK(napi_create_external(env, e, engine_finalize, NULL, &external));
  CHECK(napi_create_reference(env, external, 1, &e->self));
  CHECK(napi_create_promise(env, &e->deferred, &promise));
  CHECK(napi_create_string_utf8(env, "agent-desktop-ocr-init", NAPI_AUTO_LENGTH, &name));
  CHECK(napi_create_async_work(env, NULL, name, init_execute, init_complete, e, &e->work));
  e->jobs++;
  CHECK(napi_queue_async_work(env, e->work));
  return promise;
}

static engine_t *engine_arg(napi_env env, napi_value v) {
  void *data = NULL;
  napi_valuetype type;
  if (napi_typeof(env, v, &type) != napi_ok || type != napi_external || napi_get_value_external(env, v, &data) != napi_ok) {
    napi_throw_type_error(env, NULL, "not an OCR engine");
    return NULL;
  }
  return data;
}

static napi_value end_engine(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 1) return NULL;
  engine_t *e = engine_arg(env, argv[0]);
  if (e == NULL) return NULL;
  e->ended = 1;
  if (e->jobs == 0) engine_free(e);
  return NULL;
}

/* ---------------------------------------------------------------- recognize */

typedef struct word {
  char *text;
  float confidence;
  int x, y, w, h;
  int line, paragraph, block;
} word_t;

typedef struct line {
  float confidence;
  int x, y, w, h;
  int baseline_y; /* at the line's left edge, image coordinates */
  int paragraph, block;
  int first_word, word_count;
} line_t;

enum { FORMAT_ENCODED = 0, FORMAT_GRAY = 1, FORMAT_RGB = 3, FORMAT_RGBA = 4, FORMAT_BGRA = 5 };

typedef struct job {
  engine_t *engine;
  napi_ref engine_ref, data_ref;
  const uint8_t *data;
  size_t length;
  int format, width, height, stride;
  int has_region, rx, ry, rw, rh;
  double scale;
  int psm, dpi, border;
  /* results */
  int image_w, image_h;
  word_t *words;
  int nwords, capwords;
  line_t *lines;
  int nlines, caplines;
  double prepare_ms, recognize_ms;
  const char *error_code;
  char error[256];
  napi_deferred deferred;
  napi_async_work work;
} job_t;

static void job_fail(job_t *j, const char *code, const char *message) {
  j->error_code = code;
  snprintf(j->error, sizeof(j->error), "%s", message);
}

static int bytes_per_pixel(int format) {
  return format == FORMAT_GRAY ? 1 : format == FORMAT_RGB ? 3 : 4;
}

/* The region of a raw image as 8-bit luma (ITU-R BT.601 weights in 8.8 fixed point). */
static PIX *gray_from_raw(job_t *j) {
  PIX *pix = pixCreate(j->rw, j->rh, 8);
  if (pix == NULL) return NULL;
  l_uint32 *base = pixGetData(pix);
  int wpl = pixGetWpl(pix);
  int bpp = bytes_per_pixel(j->format);
  int ri = j->format == FORMAT_BGRA ? 2 : 0, bi = j->format == FORMAT_BGRA ? 0 : 2;
  for (int y = 0; y < j->rh; y++) {
    const uint8_t *src = j->data + (size_t)(j->ry + y) * (size_t)j->stride + (size_t)j->rx * (size_t)bpp;
    l_uint32 *line = base + (size_t)y * (size_t)wpl;
    for (int x = 0; x < j->rw; x++, src += bpp) {
      unsigned v = j->format == FORMAT_GRAY ? src[0] : (77u * src[ri] + 150u * src[1] + 29u * src[bi] + 128u) >> 8;
      SET_DATA_BYTE(line, x, v);
    }
  }
  return pix;
}

/* An encoded image (PNG, or anything Leptonica reads) decoded, clipped to the region, as 8-bit gray. */
static PIX *gray_from_encoded(job_t *j) {
  PIX *decoded = pixReadMem(j->data, j->length);
  if (decoded == NULL) {
    job_fail(j, "OCR_BAD_IMAGE", "the image could not be decoded (PNG, JPEG, TIFF, BMP, PNM or WebP expected)");
    return NULL;
  }
  j->image_w = pixGetWidth(decoded);
  j->image_h = pixGetHeight(decoded);
  if (!j->has_region) {
    j->rx = 0;
    j->ry = 0;
    j->rw = j->image_w;
    j->rh = j->image_h;
  } else if (j->rx < 0 || j->ry < 0 || j->rw < 1 || j->rh < 1 || j->rx + j->rw > j->image_w || j->ry + j->rh > j->image_h) {
    pixDestroy(&decoded);
    job_fail(j, "OCR_BAD_REGION", "the region is not inside the image");
    return NULL;
  }
  PIX *gray = pixConvertTo8(decoded, 0);
  pixDestroy(&decoded);
  if (gray == NULL) return NULL;
  if (j->rx == 0 && j->ry == 0 && j->rw == j->image_w && j->rh == j->image_h) return gray;
  BOX *box = boxCreate(j->rx, j->ry, j->rw, j->rh);
  PIX *clipped = pixClipRectangle(gray, box, NULL);
  boxDestroy(&box);
  pixDestroy(&gray);
  return clipped;
}

/* The commonest value on the image's outer rows and columns: the background a border should continue. */
static unsigned edge_mode(PIX *pix) {
  unsigned counts[256] = {0};
  int w = pixGetWidth(pix), h = pixGetHeight(pix), wpl = pixGetWpl(pix);
  l_uint32 *data = pixGetData(pix);
  for (int x = 0; x < w; x++) {
    counts[GET_DATA_BYTE(data, x)]++;
    counts[GET_DATA_BYTE(data + (size_t)(h - 1) * wpl, x)]++;
  }
  for (int y = 0; y < h; y++) {
    counts[GET_DATA_BYTE(data + (size_t)y * wpl, 0)]++;
    counts[GET_DATA_BYTE(data + (size_t)y * wpl, w - 1)]++;
  }
  unsigned best = 255;
  for (unsigned v = 0; v < 256; v++) if (counts[v] > counts[best]) best = v;
  return best;
}

static int push_word(job_t *j, word_t w) {
  if (j->nwords == j->capwords) {
    int cap = j->capwords ? j->capwords * 2 : 64;
    word_t *grown = realloc(j->words, (size_t)cap * sizeof(word_t));
    if (grown == NULL) return 0;
    j->words = grown;
    j->capwords = cap;
  }
  j->words[j->nwords++] = w;
  return 1;
}

static int push_line(job_t *j, line_t l) {
  if (j->nlines == j->caplines) {
    int cap = j->caplines ? j->caplines * 2 : 16;
    line_t *grown = realloc(j->lines, (size_t)cap * sizeof(line_t));
    if (grown == NULL) return 0;
    j->lines = grown;
    j->caplines = cap;
  }
  j->lines[j->nlines++] = l;
  return 1;
}

/* A box of the prepared image back in source image coordinates: border removed, scale undone (outward), clipped. */
static void to_source(const job_t *j, int left, int top, int right, int bottom, int *x, int *y, int *w, int *h) {
  double s = j->scale;
  int x0 = (int)floor((left - j->border) / s) + j->rx;
  int y0 = (int)floor((top - j->border) / s) + j->ry;
  int x1 = (int)ceil((right - j->border) / s) + j->rx;
  int y1 = (int)ceil((bottom - j->border) / s) + j->ry;
  if (x0 < j->rx) x0 = j->rx;
  if (y0 < j->ry) y0 = j->ry;
  if (x1 > j->rx + j->rw) x1 = j->rx + j->rw;
  if (y1 > j->ry + j->rh) y1 = j->ry + j->rh;
  *x = x0;
  *y = y0;
  *w = x1 > x0 ? x1 - x0 : 0;
  *h = y1 > y0 ? y1 - y0 : 0;
}

static void read_results(job_t *j, TessBaseAPI *api) {
  TessResultIterator *ri = TessBaseAPIGetIterator(api);
  if (ri == NULL) return;
  const TessPageIterator *pi = TessResultIteratorGetPageIteratorConst(ri);
  int block = -1, paragraph = -1, line = -1;
  do {
    if (TessPageIteratorIsAtBeginningOf(pi, RIL_BLOCK)) block++;
    if (TessPageIteratorIsAtBeginningOf(pi, RIL_PARA)) paragraph++;
    if (TessPageIteratorIsAtBeginningOf(pi, RIL_TEXTLINE)) {
      int l, t, r, b, x1, y1, x2, y2;
      if (TessPageIteratorBoundingBox(pi, RIL_TEXTLINE, &l, &t, &r, &b)) {
        line_t ln = {0};
        to_source(j, l, t, r, b, &ln.x, &ln.y, &ln.w, &ln.h);
        ln.confidence = TessResultIteratorConfidence(ri, RIL_TEXTLINE);
        ln.baseline_y = ln.y + ln.h;
        if (TessPageIteratorBaseline(pi, RIL_TEXTLINE, &x1, &y1, &x2, &y2)) {
          int bx, by, bw, bh;
          to_source(j, x1, y1, x1 + 1, y1 + 1, &bx, &by, &bw, &bh);
          ln.baseline_y = by;
        }
        ln.paragraph = paragraph < 0 ? 0 : paragraph;
        ln.block = block < 0 ? 0 : block;
        ln.first_word = j->nwords;
        if (!push_line(j, ln)) break;
        line = j->nlines - 1;
      }
    }
    char *text = TessResultIteratorGetUTF8Text(ri, RIL_WORD);
    if (text == NULL) continue;
    int l, t, r, b;
    if (text[0] == '\0' || line < 0 || !TessPageIteratorBoundingBox(pi, RIL_WORD, &l, &t, &r, &b)) {
      TessDeleteText(text);
      continue;
    }
    word_t w = {0};
    w.text = strdup(text);
    TessDeleteText(text);
    if (w.text == NULL) break;
    w.confidence = TessResultIteratorConfidence(ri, RIL_WORD);
    to_source(j, l, t, r, b, &w.x, &w.y, &w.w, &w.h);
    w.line = line;
    w.paragraph = j->lines[line].paragraph;
    w.block = j->lines[line].block;
    if (!push_word(j, w)) {
      free(w.text);
      break;
    }
    j->lines[line].word_count++;
  } while (TessResultIteratorNext(ri, RIL_WORD));
  TessResultIteratorDelete(ri);
}

static void recognize_execute(napi_env env, void *data) {
  (void)env;
  job_t *j = data;
  double started = now_ms();
  PIX *gray = j->format == FORMAT_ENCODED ? gray_from_encoded(j) : gray_from_raw(j);
  if (gray == NULL) {
    if (j->error_code == NULL) job_fail(j, "OCR_FAILED", "out of memory preparing the image");
    return;
  }
  /* Tesseract refuses images over 32767 px a side; say so before scaling up to that. */
  if ((double)pixGetWidth(gray) * j->scale + 2 * j->border > 32767 || (double)pixGetHeight(gray) * j->scale + 2 * j->border > 32767) {
    pixDestroy(&gray);
    job_fail(j, "OCR_BAD_REGION", "the region is too large at this scale (Tesseract reads at most 32767 px a side): read a smaller region or use a lower scale");
    return;
  }
  PIX *scaled = j->scale == 1.0 ? pixClone(gray) : pixScaleGrayLI(gray, (l_float32)j->scale, (l_float32)j->scale);
  pixDestroy(&gray);
  if (scaled == NULL) {
    job_fail(j, "OCR_FAILED", "scaling the image failed");
    return;
  }
  PIX *framed = j->border > 0 ? pixAddBorderGeneral(scaled, j->border, j->border, j->border, j->border, edge_mode(scaled))
                              : pixClone(scaled);
  pixDestroy(&scaled);
  if (framed == NULL) {
    job_fail(j, "OCR_FAILED", "framing the image failed");
    return;
  }
  pixSetResolution(framed, (l_int32)lround(j->dpi * j->scale), (l_int32)lround(j->dpi * j->scale));
  j->prepare_ms = now_ms() - started;

  engine_t *e = j->engine;
  pthread_mutex_lock(&e->lock);
  started = now_ms();
  if (e->api == NULL) {
    job_fail(j, "OCR_ENGINE_ENDED", "the OCR engine was closed");
  } else {
    TessBaseAPISetPageSegMode(e->api, (TessPageSegMode)j->psm);
    TessBaseAPISetImage2(e->api, framed);
    TessBaseAPISetSourceResolution(e->api, (int)lround(j->dpi * j->scale));
    if (TessBaseAPIRecognize(e->api, NULL) != 0) job_fail(j, "OCR_FAILED", "Tesseract's recognition failed");
    else read_results(j, e->api);
    /* Drops the page image and results; the model stays loaded for the next job. */
    TessBaseAPIClear(e->api);
  }
  j->recognize_ms = now_ms() - started;
  pthread_mutex_unlock(&e->lock);
  pixDestroy(&framed);
}

static void set_int(napi_env env, napi_value obj, const char *key, int v) {
  napi_value value;
  napi_create_int32(env, v, &value);
  napi_set_named_property(env, obj, key, value);
}

static void set_double(napi_env env, napi_value obj, const char *key, double v) {
  napi_value value;
  napi_create_double(env, v, &value);
  napi_set_named_property(env, obj, key, value);
}

static void job_free(napi_env env, job_t *j) {
  for (int i = 0; i < j->nwords; i++) free(j->words[i].text);
  free(j->words);
  free(j->lines);
  if (j->data_ref != NULL) napi_delete_reference(env, j->data_ref);
  if (j->engine_ref != NULL) napi_delete_reference(env, j->engine_ref);
  free(j);
}

static void recognize_complete(napi_env env, napi_status status, void *data) {
  job_t *j = data;
  engine_t *e = j->engine;
  napi_delete_async_work(env, j->work);
  e->jobs--;
  if (e->ended && e->jobs == 0) engine_free(e);
  if (status != napi_ok && j->error_code == NULL) job_fail(j, "OCR_FAILED", "the recognition was cancelled");
  if (j->error_code != NULL) {
    napi_value error, message, code;
    napi_create_string_utf8(env, j->error, NAPI_AUTO_LENGTH, &message);
    napi_create_string_utf8(env, j->error_code, NAPI_AUTO_LENGTH, &code);
    napi_create_error(env, code, message, &error);
    napi_reject_deferred(env, j->deferred, error);
    job_free(env, j);
    return;
  }
  napi_value result, words, lines;
  napi_create_object(env, &result);
  set_int(env, result, "width", j->image_w);
  set_int(env, result, "height", j->image_h);
  set_double(env, result, "prepare_ms", j->prepare_ms);
  set_double(env, result, "recognize_ms", j->recognize_ms);
  napi_create_array_with_length(env, (size_t)j->nwords, &words);
  for (int i = 0; i < j->nwords; i++) {
    const word_t *w = &j->words[i];
    napi_value o, text;
    napi_create_object(env, &o);
    napi_create_string_utf8(env, w->text, NAPI_AUTO_LENGTH, &text);
    napi_set_named_property(env, o, "text", text);
    set_double(env, o, "confidence", w->confidence);
    set_int(env, o, "x", w->x);
    set_int(env, o, "y", w->y);
    set_int(env, o, "width", w->w);
    set_int(env, o, "height", w->h);
    set_int(env, o, "line", w->line);
    set_int(env, o, "paragraph", w->paragraph);
    set_int(env, o, "block", w->block);
    napi_set_element(env, words, (uint32_t)i, o);
  }
  napi_set_named_property(env, result, "words", words);
  napi_create_array_with_length(env, (size_t)j->nlines, &lines);
  for (int i = 0; i < j->nlines; i++) {
    const line_t *l = &j->lines[i];
    napi_value o;
    napi_create_object(env, &o);
    set_double(env, o, "confidence", l->confidence);
    set_int(env, o, "x", l->x);
    set_int(env, o, "y", l->y);
    set_int(env, o, "width", l->w);
    set_int(env, o, "height", l->h);
    set_int(env, o, "baseline", l->baseline_y);
    set_int(env, o, "paragraph", l->paragraph);
    set_int(env, o, "block", l->block);
    set_int(env, o, "first_word", l->first_word);
    set_int(env, o, "word_count", l->word_count);
    napi_set_element(env, lines, (uint32_t)i, o);
  }
  napi_set_named_property(env, result, "lines", lines);
  napi_resolve_deferred(env, j->deferred, result);
  job_free(env, j);
}

static int get_int_prop(napi_env env, napi_value obj, const char *key, int *out, int required) {
  napi_value v;
  napi_valuetype type;
  bool has = false;
  if (napi_has_named_property(env, obj, key, &has) != napi_ok || !has) return !required;
  if (napi_get_named_property(env, obj, key, &v) != napi_ok || napi_typeof(env, v, &type) != napi_ok) return 0;
  if (type == napi_undefined) return !required;
  if (type != napi_number) return 0;
  double d;
  if (napi_get_value_double(env, v, &d) != napi_ok || d != floor(d) || d < -2147483648.0 || d > 2147483647.0) return 0;
  *out = (int)d;
  return 1;
}

static napi_value recognize(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3], promise, data_value, name;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 3) {
    napi_throw_type_error(env, NULL, "recognize(engine, image, options)");
    return NULL;
  }
  engine_t *e = engine_arg(env, argv[0]);
  if (e == NULL) return NULL;
  if (e->ended || e->freed) {
    napi_throw_error(env, "OCR_ENGINE_ENDED", "the OCR engine was closed");
    return NULL;
  }
  job_t *j = calloc(1, sizeof(job_t));
  if (j == NULL) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  j->engine = e;
  j->scale = 1.0;
  j->psm = PSM_SPARSE_TEXT;
  j->dpi = 96;
  const char *bad = NULL;
  if (!get_int_prop(env, argv[1], "format", &j->format, 1)) bad = "image.format must be 0, 1, 3, 4 or 5";
  if (bad == NULL && j->format != FORMAT_ENCODED && j->format != FORMAT_GRAY && j->format != FORMAT_RGB &&
      j->format != FORMAT_RGBA && j->format != FORMAT_BGRA) bad = "image.format must be 0, 1, 3, 4 or 5";
  bool is_buffer = false;
  if (bad == NULL) {
    if (napi_get_named_property(env, argv[1], "data", &data_value) != napi_ok ||
        napi_is_buffer(env, data_value, &is_buffer) != napi_ok || !is_buffer) bad = "image.data must be a Buffer";
  }
  if (bad == NULL) {
    void *bytes = NULL;
    napi_get_buffer_info(env, data_value, &bytes, &j->length);
    j->data = bytes;
    if (j->length == 0) bad = "image.data is empty";
  }
  if (bad == NULL && j->format != FORMAT_ENCODED) {
    if (!get_int_prop(env, argv[1], "width", &j->width, 1) || !get_int_prop(env, argv[1], "height", &j->height, 1) ||
        !get_int_prop(env, argv[1], "stride", &j->stride, 1) || j->width < 1 || j->height < 1 ||
        j->stride < j->width * bytes_per_pixel(j->format)) {
      bad = "image.width, height and stride must be positive integers, stride at least width * bytes per pixel";
    } else if ((size_t)(j->height - 1) * (size_t)j->stride + (size_t)j->width * (size_t)bytes_per_pixel(j->format) > j->length) {
      bad = "image.data is shorter than height rows of stride bytes";
    }
    j->image_w = j->width;
    j->image_h = j->height;
  }
  int has_x = 0;
  napi_value options = argv[2];
  if (bad == NULL) {
    bool has = false;
    napi_has_named_property(env, options, "x", &has);
    has_x = has;
    if (has_x && (!get_int_prop(env, options, "x", &j->rx, 1) || !get_int_prop(env, options, "y", &j->ry, 1) ||
                  !get_int_prop(env, options, "width", &j->rw, 1) || !get_int_prop(env, options, "height", &j->rh, 1))) {
      bad = "options.x, y, width and height must be integers";
    }
    j->has_region = has_x;
  }
  if (bad == NULL && j->format != FORMAT_ENCODED) {
    if (!j->has_region) {
      j->rw = j->width;
      j->rh = j->height;
    } else if (j->rx < 0 || j->ry < 0 || j->rw < 1 || j->rh < 1 || j->rx + j->rw > j->width || j->ry + j->rh > j->height) {
      bad = "the region is not inside the image";
    }
  }
  if (bad == NULL) {
    napi_value v;
    bool has = false;
    napi_has_named_property(env, options, "scale", &has);
    if (has && napi_get_named_property(env, options, "scale", &v) == napi_ok) {
      double s;
      if (napi_get_value_double(env, v, &s) != napi_ok || !(s >= 1.0 && s <= 4.0)) bad = "options.scale must be a number from 1 to 4";
      else j->scale = s;
    }
  }
  if (bad == NULL && (!get_int_prop(env, options, "psm", &j->psm, 0) || j->psm < 0 || j->psm >= PSM_COUNT)) bad = "options.psm must be 0-13";
  if (bad == NULL && (!get_int_prop(env, options, "dpi", &j->dpi, 0) || j->dpi < 30 || j->dpi > 1200)) bad = "options.dpi must be 30-1200";
  if (bad == NULL && (!get_int_prop(env, options, "border", &j->border, 0) || j->border < 0 || j->border > 256)) bad = "options.border must be 0-256";
  if (bad != NULL) {
    free(j);
    napi_throw_type_error(env, "OCR_BAD_ARGUMENT", bad);
    return NULL;
  }
  napi_status s1 = napi_create_reference(env, data_value, 1, &j->data_ref);
  napi_status s2 = napi_create_reference(env, argv[0], 1, &j->engine_ref);
  if (s1 != napi_ok || s2 != napi_ok || napi_create_promise(env, &j->deferred, &promise) != napi_ok) {
    job_free(env, j);
    napi_throw_error(env, NULL, "N-API call failed: recognize set-up");
    return NULL;
  }
  CHECK(napi_create_string_utf8(env, "agent-desktop-ocr-recognize", NAPI_AUTO_LENGTH, &name));
  CHECK(napi_create_async_work(env, NULL, name, recognize_execute, recognize_complete, j, &j->work));
  e->jobs++;
  CHECK(napi_queue_async_work(env, j->work));
  return promise;
}

/* ---------------------------------------------------------------- version */

static napi_value version(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result, v;
  CHECK(napi_create_object(env, &result));
  CHECK(napi_create_string_utf8(env, TessVersion(), NAPI_AUTO_LENGTH, &v));
  CHECK(napi_set_named_property(env, result, "tesseract", v));
  char *lept = getLeptonicaVersion();
  CHECK(napi_create_string_utf8(env, lept != NULL ? lept : "", NAPI_AUTO_LENGTH, &v));
  free(lept);
  CHECK(napi_set_named_property(env, result, "leptonica", v));
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  /* Leptonica's own warnings (e.g. about a file format) would go to stderr; the JS side reports errors itself. */
  setMsgSeverity(L_SEVERITY_NONE);
  napi_property_descriptor props[] = {
    {"createEngine", NULL, create_engine, NULL, NULL, NULL, napi_default, NULL},
    {"recognize", NULL, recognize, NULL, NULL, NULL, napi_default, NULL},
    {"endEngine", NULL, end_engine, NULL, NULL, NULL, napi_default, NULL},
    {"version", NULL, version, NULL, NULL, NULL, napi_default, NULL},
  };
  CHECK(napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props));
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
