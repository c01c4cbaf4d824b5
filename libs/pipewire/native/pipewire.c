/*
 * One frame from a PipeWire video node (a compositor's screen-cast stream), as RGB scanlines ready for PNG (filter
 * byte 0, then R, G, B per pixel). Synchronous and bounded: a private main loop runs until the first frame with
 * content arrives, the stream fails, or the timeout passes. The stream asks for the packed 8-bit formats compositors
 * offer without a GPU (BGRx, BGRA, RGBx, RGBA, xRGB, ARGB, RGB, BGR) and for memory it can map (MemFd, MemPtr):
 * no DMA-BUF, which needs a GPU to read. The session manager (WirePlumber) links the stream to the node.
 *
 * Errors are thrown as Error objects with a `code`: PW_CONNECT_FAILED (no daemon), PW_STREAM_FAILED (the node
 * refused or vanished), PW_TIMEOUT (no frame in time), PW_BAD_FORMAT, PW_BAD_ARGUMENT, PW_NO_MEMORY.
 */
#define NAPI_VERSION 8
#include <node_api.h>

#include <pipewire/pipewire.h>
#include <spa/param/video/format-utils.h>
#include <spa/param/props.h>
#include <spa/debug/types.h>
#include <spa/utils/result.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
  struct pw_main_loop *loop;
  struct pw_stream *stream;
  struct spa_hook listener;
  struct spa_video_info_raw format;
  int have_format;
  /* 0 running, 1 frame, negative: error code index */
  int done;
  const char *error_code;
  char error[256];
  /* crop (in frame pixels); width 0 = whole frame */
  int cx, cy, cw, ch;
  unsigned char *rows;
  size_t rows_len;
  int out_width, out_height;
} capture_t;

static void fail(capture_t *c, const char *code, const char *message) {
  if (c->done) return;
  c->done = -1;
  c->error_code = code;
  snprintf(c->error, sizeof(c->error), "%s", message);
  pw_main_loop_quit(c->loop);
}

/* Byte offsets of R, G, B inside one pixel, and the pixel size, for the formats asked for. */
static int layout_of(uint32_t format, int *r, int *g, int *b, int *bpp) {
  switch (format) {
    case SPA_VIDEO_FORMAT_BGRx: case SPA_VIDEO_FORMAT_BGRA: *b = 0; *g = 1; *r = 2; *bpp = 4; return 0;
    case SPA_VIDEO_FORMAT_RGBx: case SPA_VIDEO_FORMAT_RGBA: *r = 0; *g = 1; *b = 2; *bpp = 4; return 0;
    case SPA_VIDEO_FORMAT_xRGB: case SPA_VIDEO_FORMAT_ARGB: *r = 1; *g = 2; *b = 3; *bpp = 4; return 0;
    case SPA_VIDEO_FORMAT_xBGR: case SPA_VIDEO_FORMAT_ABGR: *b = 1; *g = 2; *r = 3; *bpp = 4; return 0;
    case SPA_VIDEO_FORMAT_RGB: *r = 0; *g = 1; *b = 2; *bpp = 3; return 0;
    case SPA_VIDEO_FORMAT_BGR: *b = 0; *g = 1; *r = 2; *bpp = 3; return 0;
    default: return -1;
  }
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
  capture_t *c = data;
  if (state == PW_STREAM_STATE_ERROR) fail(c, "PW_STREAM_FAILED", error ? error : "the stream failed");
  else if (state == PW_STREAM_STATE_UNCONNECTED && old != PW_STREAM_STATE_UNCONNECTED)
    fail(c, "PW_STREAM_FAILED", "the stream was disconnected (the node went away)");
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
  capture_t *c = data;
  if (param == NULL || id != SPA_PARAM_Format) return;
  uint32_t media_type, media_subtype;
  if (spa_format_parse(param, &media_type, &media_subtype) < 0) return;
  if (media_type != SPA_MEDIA_TYPE_video || media_subtype != SPA_MEDIA_SUBTYPE_raw) return;
  if (spa_format_video_raw_parse(param, &c->format) < 0) {
    fail(c, "PW_BAD_FORMAT", "the node's video format could not be parsed");
    return;
  }
  int r, g, b, bpp;
  if (layout_of(c->format.format, &r, &g, &b, &bpp) < 0) {
    char message[128];
    snprintf(message, sizeof(message), "the node chose an unsupported pixel format (%u)", c->format.format);
    fail(c, "PW_BAD_FORMAT", message);
    return;
  }
  c->have_format = 1;
  uint8_t buffer[1024];
  struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
  const struct spa_pod *params[1];
  params[0] = spa_pod_builder_add_object(&builder,
    SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
    SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 1, 16),
    SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemFd) | (1 << SPA_DATA_MemPtr)));
  pw_stream_update_params(c->stream, params, 1);
}

static void on_process(void *data) {
  capture_t *c = data;
  if (c->done) return;
  struct pw_buffer *buffer = pw_stream_dequeue_buffer(c->stream);
  if (buffer == NULL) return;
  struct spa_buffer *sb = buffer->buffer;
  struct spa_data *d = &sb->datas[0];
  int usable = c->have_format && d->data != NULL && d->chunk != NULL && d->chunk->size > 0 &&
    (d->chunk->flags & SPA_CHUNK_FLAG_CORRUPTED) == 0;
  if (!usable) {
    /* A buffer without pixels (a cursor-only update, or not yet rendered): wait for the next. */
    pw_stream_queue_buffer(c->stream, buffer);
    return;
  }
  int r, g, b, bpp;
  layout_of(c->format.format, &r, &g, &b, &bpp);
  int width = (int)c->format.size.width, height = (int)c->format.size.height;
  int stride = d->chunk->stride > 0 ? d->chunk->stride : width * bpp;
  const unsigned char *pixels = (const unsigned char *)d->data + d->chunk->offset;
  if ((size_t)stride * (size_t)height > d->maxsize - d->chunk->offset) {
    pw_stream_queue_buffer(c->stream, buffer);
    fail(c, "PW_BAD_FORMAT", "the frame is smaller than its size says");
    return;
  }
  int x0 = 0, y0 = 0, w = width, h = height;
  if (c->cw > 0) {
    x0 = c->cx; y0 = c->cy; w = c->cw; h = c->ch;
    if (x0 < 0 || y0 < 0 || x0 + w > width || y0 + h > height) {
      pw_stream_queue_buffer(c->stream, buffer);
      fail(c, "PW_BAD_ARGUMENT", "the region is outside the frame");
      return;
    }
  }
  size_t row_len = 1 + (size_t)w * 3;
  c->rows_len = row_len * (size_t)h;
  c->rows = malloc(c->rows_len);
  if (c->rows == NULL) {
    pw_stream_queue_buffer(c->stream, buffer);
    fail(c, "PW_NO_MEMORY", "out of memory for the frame");
    return;
  }
  for (int y = 0; y < h; y++) {
    unsigned char *out = c->rows + row_len * (size_t)y;
    const unsigned char *in = pixels + (size_t)stride * (size_t)(y0 + y) + (size_t)x0 * bpp;
    *out++ = 0;
    for (int x = 0; x < w; x++, in += bpp) {
      *out++ = in[r];
      *out++ = in[g];
      *out++ = in[b];
    }
  }
  c->out_width = w;
  c->out_height = h;
  pw_stream_queue_buffer(c->stream, buffer);
  c->done = 1;
  pw_main_loop_quit(c->loop);
}

static const struct pw_stream_events stream_events = {
  PW_VERSION_STREAM_EVENTS,
  .state_changed = on_state_changed,
  .param_changed = on_param_changed,
  .process = on_process,
};

static void on_timeout(void *data, uint64_t expirations) {
  fail(data, "PW_TIMEOUT", "no frame arrived in time (is a session manager such as WirePlumber running to link the stream?)");
}

static napi_value throw_code(napi_env env, const char *code, const char *message) {
  napi_value error, msg, code_value;
  napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &msg);
  napi_create_string_utf8(env, code, NAPI_AUTO_LENGTH, &code_value);
  napi_create_error(env, code_value, msg, &error);
  napi_set_named_property(env, error, "code", code_value);
  napi_throw(env, error);
  return NULL;
}

static int int_property(napi_env env, napi_value object, const char *name, int fallback) {
  napi_value value;
  bool has = false;
  if (napi_has_named_property(env, object, name, &has) != napi_ok || !has) return fallback;
  napi_get_named_property(env, object, name, &value);
  int32_t out = fallback;
  if (napi_get_value_int32(env, value, &out) != napi_ok) return fallback;
  return out;
}

static int initialized = 0;

/* captureFrame(nodeId, timeoutMs, region?: {x, y, width, height}) -> {width, height, format, rows} */
static napi_value capture_frame(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  uint32_t node = 0;
  int32_t timeout_ms = 2000;
  if (argc < 1 || napi_get_value_uint32(env, argv[0], &node) != napi_ok || node == 0)
    return throw_code(env, "PW_BAD_ARGUMENT", "captureFrame needs a node id");
  if (argc >= 2) napi_get_value_int32(env, argv[1], &timeout_ms);
  capture_t c;
  memset(&c, 0, sizeof(c));
  if (argc >= 3) {
    napi_valuetype type;
    napi_typeof(env, argv[2], &type);
    if (type == napi_object) {
      c.cx = int_property(env, argv[2], "x", 0);
      c.cy = int_property(env, argv[2], "y", 0);
      c.cw = int_property(env, argv[2], "width", 0);
      c.ch = int_property(env, argv[2], "height", 0);
      if (c.cw <= 0 || c.ch <= 0) return throw_code(env, "PW_BAD_ARGUMENT", "the region needs a positive width and height");
    }
  }
  if (!initialized) {
    pw_init(NULL, NULL);
    initialized = 1;
  }
  c.loop = pw_main_loop_new(NULL);
  if (c.loop == NULL) return throw_code(env, "PW_NO_MEMORY", "pw_main_loop_new failed");
  struct pw_context *context = pw_context_new(pw_main_loop_get_loop(c.loop), NULL, 0);
  struct pw_core *core = context ? pw_context_connect(context, NULL, 0) : NULL;
  if (core == NULL) {
    if (context) pw_context_destroy(context);
    pw_main_loop_destroy(c.loop);
    return throw_code(env, "PW_CONNECT_FAILED", "cannot connect to the PipeWire daemon (no pipewire-0 socket in XDG_RUNTIME_DIR, or PIPEWIRE_REMOTE)");
  }
  c.stream = pw_stream_new(core, "agent-desktop capture", pw_properties_new(
    PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture", PW_KEY_MEDIA_ROLE, "Screen", NULL));
  pw_stream_add_listener(c.stream, &c.listener, &stream_events, &c);

  uint8_t buffer[1024];
  struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
  const struct spa_pod *params[1];
  params[0] = spa_pod_builder_add_object(&builder,
    SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
    SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
    SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
    SPA_FORMAT_VIDEO_format, SPA_POD_CHOICE_ENUM_Id(9,
      SPA_VIDEO_FORMAT_BGRx, SPA_VIDEO_FORMAT_BGRx, SPA_VIDEO_FORMAT_BGRA, SPA_VIDEO_FORMAT_RGBx, SPA_VIDEO_FORMAT_RGBA,
      SPA_VIDEO_FORMAT_xRGB, SPA_VIDEO_FORMAT_ARGB, SPA_VIDEO_FORMAT_RGB, SPA_VIDEO_FORMAT_BGR),
    SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(
      &SPA_RECTANGLE(1920, 1080), &SPA_RECTANGLE(1, 1), &SPA_RECTANGLE(16384, 16384)),
    SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(
      &SPA_FRACTION(30, 1), &SPA_FRACTION(0, 1), &SPA_FRACTION(1000, 1)));

  struct spa_source *timer = pw_loop_add_timer(pw_main_loop_get_loop(c.loop), on_timeout, &c);
  struct timespec value = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
  pw_loop_update_timer(pw_main_loop_get_loop(c.loop), timer, &value, NULL, false);

  int res = pw_stream_connect(c.stream, PW_DIRECTION_INPUT, node,
    PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS, params, 1);
  if (res < 0) {
    char message[160];
    snprintf(message, sizeof(message), "pw_stream_connect to node %u failed: %s", node, spa_strerror(res));
    fail(&c, "PW_STREAM_FAILED", message);
  } else {
    pw_main_loop_run(c.loop);
  }
  pw_stream_disconnect(c.stream);
  pw_stream_destroy(c.stream);
  pw_loop_destroy_source(pw_main_loop_get_loop(c.loop), timer);
  pw_core_disconnect(core);
  pw_context_destroy(context);
  pw_main_loop_destroy(c.loop);

  if (c.done != 1) {
    free(c.rows);
    return throw_code(env, c.error_code ? c.error_code : "PW_STREAM_FAILED", c.error[0] ? c.error : "no frame");
  }
  napi_value result, width, height, format, rows;
  napi_create_object(env, &result);
  napi_create_int32(env, c.out_width, &width);
  napi_create_int32(env, c.out_height, &height);
  napi_create_string_utf8(env, spa_debug_type_find_short_name(spa_type_video_format, c.format.format), NAPI_AUTO_LENGTH, &format);
  void *copy = NULL;
  napi_status status = napi_create_buffer_copy(env, c.rows_len, c.rows, &copy, &rows);
  free(c.rows);
  if (status != napi_ok) return throw_code(env, "PW_NO_MEMORY", "out of memory for the frame");
  napi_set_named_property(env, result, "width", width);
  napi_set_named_property(env, result, "height", height);
  napi_set_named_property(env, result, "format", format);
  napi_set_named_property(env, result, "rows", rows);
  return result;
}

/* libraryVersion() -> the libpipewire version this addon runs against */
static napi_value library_version(napi_env env, napi_callback_info info) {
  napi_value out;
  napi_create_string_utf8(env, pw_get_library_version(), NAPI_AUTO_LENGTH, &out);
  return out;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_value fn;
  napi_create_function(env, "captureFrame", NAPI_AUTO_LENGTH, capture_frame, NULL, &fn);
  napi_set_named_property(env, exports, "captureFrame", fn);
  napi_create_function(env, "libraryVersion", NAPI_AUTO_LENGTH, library_version, NULL, &fn);
  napi_set_named_property(env, exports, "libraryVersion", fn);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
