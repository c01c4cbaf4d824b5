/*
 * KWin's screenshots (org.kde.KWin.ScreenShot2.CaptureArea): KWin writes the image to the write end of a pipe the
 * caller passes as a Unix file descriptor over D-Bus, and answers with its shape ({type: "raw", width, height,
 * stride, format: a QImage format}). Node's sockets cannot pass a descriptor, so this is one short D-Bus conversation
 * of its own on the session bus: EXTERNAL authentication with NEGOTIATE_UNIX_FD, Hello, the call with the pipe
 * (SCM_RIGHTS), then the pipe read to its end while the reply arrives (KWin writes after replying, and a full pipe
 * would block it). Every wait is bounded. KWin answers only callers whose executable a .desktop file authorizes
 * (X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2): the refusal comes back as its error name.
 */
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>

typedef struct {
  unsigned char *p;
  size_t len, cap;
} dbuf_t;

static int db_reserve(dbuf_t *b, size_t more) {
  if (b->len + more <= b->cap) return 0;
  size_t cap = b->cap ? b->cap * 2 : 512;
  while (cap < b->len + more) cap *= 2;
  unsigned char *p = realloc(b->p, cap);
  if (!p) return -1;
  b->p = p;
  b->cap = cap;
  return 0;
}

static void db_align(dbuf_t *b, size_t n) {
  while (b->len % n) {
    db_reserve(b, 1);
    b->p[b->len++] = 0;
  }
}

static void db_u8(dbuf_t *b, uint8_t v) {
  db_reserve(b, 1);
  b->p[b->len++] = v;
}

static void db_u32(dbuf_t *b, uint32_t v) {
  db_align(b, 4);
  db_reserve(b, 4);
  memcpy(b->p + b->len, &v, 4); /* little-endian host: the message says 'l' */
  b->len += 4;
}

static void db_str(dbuf_t *b, const char *s) {
  uint32_t n = (uint32_t)strlen(s);
  db_u32(b, n);
  db_reserve(b, n + 1);
  memcpy(b->p + b->len, s, n + 1);
  b->len += n + 1;
}

static void db_sig(dbuf_t *b, const char *s) {
  size_t n = strlen(s);
  db_u8(b, (uint8_t)n);
  db_reserve(b, n + 1);
  memcpy(b->p + b->len, s, n + 1);
  b->len += n + 1;
}

/* A header field (code, variant of one basic type). */
static void db_field_str(dbuf_t *b, uint8_t code, const char *type, const char *value) {
  db_align(b, 8);
  db_u8(b, code);
  db_sig(b, type);
  if (type[0] == 'g') db_sig(b, value);
  else db_str(b, value);
}

static void db_field_u32(dbuf_t *b, uint8_t code, uint32_t value) {
  db_align(b, 8);
  db_u8(b, code);
  db_sig(b, "u");
  db_u32(b, value);
}

/* A method call message; `body` is already marshalled (8-aligned start). */
static int db_call(dbuf_t *out, uint32_t serial, const char *dest, const char *path, const char *iface, const char *member,
                   const char *signature, const dbuf_t *body, uint32_t fds) {
  out->len = 0;
  db_u8(out, 'l');
  db_u8(out, 1); /* method call */
  db_u8(out, 0);
  db_u8(out, 1);
  db_u32(out, body ? (uint32_t)body->len : 0);
  db_u32(out, serial);
  db_u32(out, 0); /* header fields length, set below */
  size_t fields_at = out->len;
  db_field_str(out, 1, "o", path);
  db_field_str(out, 2, "s", iface);
  db_field_str(out, 3, "s", member);
  db_field_str(out, 6, "s", dest);
  if (signature) db_field_str(out, 8, "g", signature);
  if (fds) db_field_u32(out, 9, fds);
  uint32_t fields_len = (uint32_t)(out->len - fields_at);
  memcpy(out->p + 12, &fields_len, 4);
  db_align(out, 8);
  if (body && body->len) {
    if (db_reserve(out, body->len) < 0) return -1;
    memcpy(out->p + out->len, body->p, body->len);
    out->len += body->len;
  }
  return 0;
}

static int64_t ks_deadline;

/* Waits until `fd` is ready for `events` before the deadline: 1 ready, 0 timeout, -1 error. */
static int ks_wait(int fd, short events) {
  int64_t left = ks_deadline - mono_ms();
  if (left <= 0) return 0;
  struct pollfd p = {.fd = fd, .events = events};
  int r = poll(&p, 1, (int)left);
  return r < 0 ? (errno == EINTR ? ks_wait(fd, events) : -1) : r;
}

static int ks_send(int fd, const void *data, size_t len, int pass_fd) {
  size_t sent = 0;
  while (sent < len) {
    if (ks_wait(fd, POLLOUT) <= 0) return -1;
    struct iovec iov = {.iov_base = (char *)data + sent, .iov_len = len - sent};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    char control[CMSG_SPACE(sizeof(int))];
    if (pass_fd >= 0 && sent == 0) {
      memset(control, 0, sizeof(control));
      msg.msg_control = control;
      msg.msg_controllen = sizeof(control);
      struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN(sizeof(int));
      memcpy(CMSG_DATA(c), &pass_fd, sizeof(int));
    }
    ssize_t n = sendmsg(fd, &msg, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
    sent += (size_t)n;
  }
  return 0;
}

/* Reads one authentication line ("OK ...", "AGREE_UNIX_FD") into `line`. */
static int ks_line(int fd, char *line, size_t cap) {
  size_t n = 0;
  while (n + 1 < cap) {
    if (ks_wait(fd, POLLIN) <= 0) return -1;
    ssize_t r = read(fd, line + n, 1);
    if (r <= 0) return -1;
    if (line[n] == '\n') {
      line[n] = 0;
      return 0;
    }
    n++;
  }
  return -1;
}

typedef struct {
  uint8_t type;
  uint32_t reply_serial;
  char error[256];
  char signature[64];
  const unsigned char *body;
  uint32_t body_len;
} dmsg_t;

static size_t ks_pad(size_t at, size_t n) { return (at + n - 1) / n * n; }

/* Parses the header of a whole little-endian message at `m` (length `len`); -1 when malformed. */
static int ks_parse(const unsigned char *m, size_t len, dmsg_t *out) {
  memset(out, 0, sizeof(*out));
  if (len < 16 || m[0] != 'l') return -1;
  out->type = m[1];
  uint32_t body_len, fields_len;
  memcpy(&body_len, m + 4, 4);
  memcpy(&fields_len, m + 12, 4);
  size_t at = 16, end = 16 + (size_t)fields_len;
  if (end > len) return -1;
  while (at < end) {
    at = ks_pad(at, 8);
    if (at + 3 > end) break;
    uint8_t code = m[at++];
    uint8_t siglen = m[at++];
    char type = (char)m[at];
    at += siglen + 1;
    if (type == 'u') {
      at = ks_pad(at, 4);
      uint32_t v;
      memcpy(&v, m + at, 4);
      at += 4;
      if (code == 5) out->reply_serial = v;
    } else if (type == 's' || type == 'o') {
      at = ks_pad(at, 4);
      uint32_t n;
      memcpy(&n, m + at, 4);
      at += 4;
      if (at + n + 1 > end) return -1;
      if (code == 4) snprintf(out->error, sizeof(out->error), "%.*s", (int)n, (const char *)m + at);
      at += n + 1;
    } else if (type == 'g') {
      uint8_t n = m[at++];
      if (code == 8) snprintf(out->signature, sizeof(out->signature), "%.*s", (int)n, (const char *)m + at);
      at += n + 1;
    } else {
      return -1;
    }
  }
  size_t body_at = ks_pad(end, 8);
  if (body_at + body_len > len) return -1;
  out->body = m + body_at;
  out->body_len = body_len;
  return 0;
}

/* From an a{sv} reply body: the unsigned (or signed) number under `key`, else -1; the string under "type" in `type`. */
static int64_t ks_dict_number(const dmsg_t *msg, const char *key, char *type, size_t type_cap) {
  const unsigned char *b = msg->body;
  size_t len = msg->body_len;
  if (len < 4) return -1;
  uint32_t array_len;
  memcpy(&array_len, b, 4);
  size_t at = ks_pad(4, 8), end = at + array_len;
  if (end > len) return -1;
  while (at < end) {
    at = ks_pad(at, 8);
    uint32_t n;
    memcpy(&n, b + at, 4);
    const char *k = (const char *)b + at + 4;
    at += 4 + n + 1;
    uint8_t siglen = b[at++];
    char t = (char)b[at];
    at += siglen + 1;
    int match = strlen(key) == n && memcmp(k, key, n) == 0;
    switch (t) {
    case 'u': case 'i': case 'b': {
      at = ks_pad(at, 4);
      uint32_t v;
      memcpy(&v, b + at, 4);
      at += 4;
      if (match) return t == 'i' ? (int64_t)(int32_t)v : (int64_t)v;
      break;
    }
    case 's': case 'o': {
      at = ks_pad(at, 4);
      uint32_t sn;
      memcpy(&sn, b + at, 4);
      if (type && n == 4 && memcmp(k, "type", 4) == 0) snprintf(type, type_cap, "%.*s", (int)sn, (const char *)b + at + 4);
      at += 4 + sn + 1;
      break;
    }
    case 'd': case 'x': case 't':
      at = ks_pad(at, 8) + 8;
      break;
    case 'y':
      at += 1;
      break;
    default:
      return -1; /* a container value: nothing we need follows in KWin's answer */
    }
  }
  return -1;
}

/* What a capture gives: the PNG, or an error code and message. */
typedef struct {
  int64_t width, height;
  bytes_t png;
  char code[32];
  char message[512];
} ks_result_t;

static void ks_fail(ks_result_t *out, const char *code, const char *fmt, ...) {
  snprintf(out->code, sizeof(out->code), "%s", code);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out->message, sizeof(out->message), fmt, ap);
  va_end(ap);
}

/*
 * The global logical region through ScreenShot2.CaptureArea, as a PNG in `out` (0), or an error code in `out` (-1). Errors: DBUS_CONNECT_FAILED, DBUS_AUTH_FAILED, DBUS_TIMEOUT, DBUS_ERROR (the
 * message holds KWin's error name, e.g. org.kde.KWin.ScreenShot2.Error.NoAuthorized), KWIN_SCREENSHOT_FORMAT.
 */
static int kwin_screenshot_area(const char *path, bool abstract, int64_t x, int64_t y, int64_t w, int64_t h, ks_result_t *out) {
  memset(out, 0, sizeof(*out));
  ks_deadline = mono_ms() + WAIT_MS;
  int result = -1;
  int sock = -1, pipes[2] = {-1, -1};
  dbuf_t msg = {0}, body = {0}, in = {0};
  bytes_t image = {0};

  struct sockaddr_un addr = {.sun_family = AF_UNIX};
  size_t plen = strlen(path);
  if (plen + (abstract ? 1 : 0) >= sizeof(addr.sun_path)) {
    ks_fail(out, "DBUS_CONNECT_FAILED", "the session bus address is too long");
    goto done;
  }
  memcpy(addr.sun_path + (abstract ? 1 : 0), path, plen);
  socklen_t alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + plen + (abstract ? 1 : 0) + (abstract ? 0 : 1));
  sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (sock < 0 || connect(sock, (struct sockaddr *)&addr, alen) < 0) {
    ks_fail(out, "DBUS_CONNECT_FAILED", "cannot connect to the session bus at %s: %s", path, strerror(errno));
    goto done;
  }
  char auth[128], line[256];
  unsigned uid = (unsigned)getuid();
  char uid_text[16], hex[40] = {0};
  snprintf(uid_text, sizeof(uid_text), "%u", uid);
  for (size_t i = 0; uid_text[i]; i++) snprintf(hex + 2 * i, 3, "%02x", (unsigned char)uid_text[i]);
  int an = snprintf(auth, sizeof(auth), "%cAUTH EXTERNAL %s\r\n", 0, hex);
  if (ks_send(sock, auth, (size_t)an, -1) < 0 || ks_line(sock, line, sizeof(line)) < 0 || strncmp(line, "OK ", 3) != 0 ||
      ks_send(sock, "NEGOTIATE_UNIX_FD\r\n", 19, -1) < 0 || ks_line(sock, line, sizeof(line)) < 0 ||
      strncmp(line, "AGREE_UNIX_FD", 13) != 0 || ks_send(sock, "BEGIN\r\n", 7, -1) < 0) {
    ks_fail(out, "DBUS_AUTH_FAILED", "the session bus refused authentication with file-descriptor passing");
    goto done;
  }
  if (pipe2(pipes, O_CLOEXEC) < 0) {
    ks_fail(out, "DBUS_CONNECT_FAILED", "pipe: %s", strerror(errno));
    goto done;
  }
  db_call(&msg, 1, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", NULL, NULL, 0);
  if (ks_send(sock, msg.p, msg.len, -1) < 0) goto lost;
  /* Hello's reply before the call with the descriptor: the bus dropped the connection when both came in one read. */
  size_t reply_at = 0;
  for (bool hello = false; !hello;) {
    if (ks_wait(sock, POLLIN) <= 0 || db_reserve(&in, 4096) < 0) goto lost;
    ssize_t n = read(sock, in.p + in.len, in.cap - in.len);
    if (n <= 0) goto lost;
    in.len += (size_t)n;
    while (!hello && in.len - reply_at >= 16) {
      uint32_t bl, fl;
      memcpy(&bl, in.p + reply_at + 4, 4);
      memcpy(&fl, in.p + reply_at + 12, 4);
      size_t total = ks_pad(16 + (size_t)fl, 8) + bl;
      if (in.len - reply_at < total) break;
      hello = in.p[reply_at + 1] == 2 || in.p[reply_at + 1] == 3;
      reply_at += total;
    }
  }
  /* CaptureArea(x, y, width, height, options a{sv} (empty), pipe h = fd index 0) */
  db_u32(&body, (uint32_t)(int32_t)x);
  db_u32(&body, (uint32_t)(int32_t)y);
  db_u32(&body, (uint32_t)w);
  db_u32(&body, (uint32_t)h);
  db_u32(&body, 0);
  db_align(&body, 8);
  db_u32(&body, 0);
  db_call(&msg, 2, "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureArea", "iiuua{sv}h", &body, 1);
  if (ks_send(sock, msg.p, msg.len, pipes[1]) < 0) goto lost;
  close(pipes[1]);
  pipes[1] = -1;

  dmsg_t reply;
  bool replied = false, pipe_done = false;
  size_t reply_len = 0;
  while (!replied || !pipe_done) {
    int64_t left = ks_deadline - mono_ms();
    if (left <= 0) {
      ks_fail(out, "DBUS_TIMEOUT", "KWin's ScreenShot2 did not answer within %d ms", WAIT_MS);
      goto done;
    }
    struct pollfd p[2] = {{.fd = replied ? -1 : sock, .events = POLLIN}, {.fd = pipe_done ? -1 : pipes[0], .events = POLLIN}};
    int r = poll(p, 2, (int)left);
    if (r < 0 && errno != EINTR) goto lost;
    if (r <= 0) continue;
    if (p[1].revents) {
      if (bytes_reserve(&image, 1 << 20) < 0) {
        ks_fail(out, "WL_NO_MEMORY", "out of memory");
        goto done;
      }
      ssize_t n = read(pipes[0], image.data + image.len, image.cap - image.len);
      if (n > 0) image.len += (size_t)n;
      else if (n == 0 || (errno != EINTR && errno != EAGAIN)) pipe_done = true;
    }
    if (p[0].revents) {
      if (db_reserve(&in, 65536) < 0) goto lost;
      ssize_t n = read(sock, in.p + in.len, in.cap - in.len);
      if (n <= 0) goto lost;
      in.len += (size_t)n;
      /* Whole messages: Hello's reply, NameAcquired, then ours (reply serial 2). */
      while (in.len - reply_at >= 16) {
        const unsigned char *m = in.p + reply_at;
        uint32_t bl, fl;
        memcpy(&bl, m + 4, 4);
        memcpy(&fl, m + 12, 4);
        size_t total = ks_pad(16 + (size_t)fl, 8) + bl;
        if (in.len - reply_at < total) break;
        if (ks_parse(m, total, &reply) < 0) goto lost;
        if ((reply.type == 2 || reply.type == 3) && reply.reply_serial == 2) {
          replied = true;
          reply_len = total;
          break;
        }
        reply_at += total;
      }
      if (replied && reply.type == 3) {
        char text[256] = "";
        if (reply.signature[0] == 's' && reply.body_len >= 4) {
          uint32_t n;
          memcpy(&n, reply.body, 4);
          if (4 + n < reply.body_len + 1) snprintf(text, sizeof(text), "%.*s", (int)n, (const char *)reply.body + 4);
        }
        ks_fail(out, "DBUS_ERROR", "%s: %s", reply.error, text);
        goto done;
      }
    }
  }
  (void)reply_len;
  char type[32] = "";
  int64_t iw = ks_dict_number(&reply, "width", type, sizeof(type));
  int64_t ih = ks_dict_number(&reply, "height", type, sizeof(type));
  int64_t stride = ks_dict_number(&reply, "stride", type, sizeof(type));
  int64_t format = ks_dict_number(&reply, "format", type, sizeof(type));
  /* QImage formats with 32-bit pixels 0xAARRGGBB: RGB32 (4), ARGB32 (5), ARGB32_Premultiplied (6). */
  if (strcmp(type, "raw") != 0 || iw <= 0 || ih <= 0 || stride < iw * 4 || (format != 4 && format != 5 && format != 6) ||
      image.len < (size_t)stride * (size_t)(ih - 1) + (size_t)iw * 4) {
    ks_fail(out, "KWIN_SCREENSHOT_FORMAT", "KWin answered an image this client cannot read (type '%s', %lldx%lld, stride %lld, format %lld, %zu bytes)",
                        type, (long long)iw, (long long)ih, (long long)stride, (long long)format, image.len);
    goto done;
  }
  bytes_t png = {0};
  if (encode_png(image.data, (uint32_t)iw, (uint32_t)ih, (uint32_t)stride, false, 2, 1, 0, 1, &png) < 0) {
    free(png.data);
    ks_fail(out, "WL_NO_MEMORY", "PNG encoding failed");
    goto done;
  }
  out->width = iw;
  out->height = ih;
  out->png = png;
  result = 0;
  goto done;
lost:
  ks_fail(out, "DBUS_CONNECT_FAILED", "the session bus connection failed: %s", strerror(errno));
done:
  if (sock >= 0) close(sock);
  if (pipes[0] >= 0) close(pipes[0]);
  if (pipes[1] >= 0) close(pipes[1]);
  free(msg.p);
  free(body.p);
  free(in.p);
  free(image.data);
  return result;
}
