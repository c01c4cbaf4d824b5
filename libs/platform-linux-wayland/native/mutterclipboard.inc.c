/*
 * GNOME's clipboard through mutter's RemoteDesktop session (org.gnome.Mutter.RemoteDesktop.Session): EnableClipboard,
 * then SelectionRead(mime) answers a pipe's read end as a Unix fd, and an owner's SetSelection(mime-types) makes
 * mutter ask for the data with a SelectionTransfer(mime, serial) signal, answered by SelectionWrite(serial) (a pipe's
 * write end as a Unix fd) and SelectionWriteDone. mutter admits these calls only from the connection that created
 * the session, and Node's sockets cannot receive a descriptor, so the whole conversation runs on a session-bus
 * connection of this addon's own, built on the D-Bus helpers of kwinscreenshot.inc.c (marshalling, bounded sends
 * with SCM_RIGHTS, authentication lines, header parsing); descriptors arrive through recvmsg.
 */

typedef struct {
  int sock;
  dbuf_t in;
  size_t at;
  uint32_t serial;
  int fds[16];
  int nfds;
  char session[256];
  /* SelectionOwnerChanged: the offered MIME types (NUL-separated), whether this session owns the selection. */
  bool owner_seen, session_is_owner;
  char mimes[4096];
  size_t mimes_len;
  /* SelectionTransfer requests not answered yet. */
  uint32_t transfer_serials[16];
  char transfer_mimes[16][128];
  int transfers;
} mc_conn_t;

typedef struct {
  uint8_t type;
  uint32_t reply_serial, unix_fds;
  char error[256], member[64], path[256], signature[64];
  const unsigned char *body;
  uint32_t body_len;
} mc_msg_t;

static int mc_parse(const unsigned char *m, size_t len, mc_msg_t *out) {
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
      if (code == 9) out->unix_fds = v;
    } else if (type == 's' || type == 'o') {
      at = ks_pad(at, 4);
      uint32_t n;
      memcpy(&n, m + at, 4);
      at += 4;
      if (at + n + 1 > end) return -1;
      const char *s = (const char *)m + at;
      if (code == 4) snprintf(out->error, sizeof(out->error), "%.*s", (int)n, s);
      if (code == 3) snprintf(out->member, sizeof(out->member), "%.*s", (int)n, s);
      if (code == 1) snprintf(out->path, sizeof(out->path), "%.*s", (int)n, s);
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

/* SelectionOwnerChanged's a{sv}: "mime-types" (as) and "session-is-owner" (b). */
static void mc_owner_changed(mc_conn_t *c, const mc_msg_t *msg) {
  const unsigned char *b = msg->body;
  size_t len = msg->body_len;
  c->owner_seen = true;
  c->session_is_owner = false;
  c->mimes_len = 0;
  if (len < 4) return;
  uint32_t array_len;
  memcpy(&array_len, b, 4);
  size_t at = ks_pad(4, 8), end = at + array_len;
  if (end > len) return;
  while (at < end) {
    at = ks_pad(at, 8);
    uint32_t n;
    memcpy(&n, b + at, 4);
    const char *key = (const char *)b + at + 4;
    at += 4 + n + 1;
    uint8_t siglen = b[at++];
    const char *sig = (const char *)b + at;
    at += siglen + 1;
    /* mutter 43 sends the types as a one-field struct "(as)"; a plain "as" is read the same way. */
    bool wrapped = siglen == 4 && memcmp(sig, "(as)", 4) == 0;
    if (wrapped || (siglen == 2 && memcmp(sig, "as", 2) == 0)) {
      if (wrapped) at = ks_pad(at, 8);
      at = ks_pad(at, 4);
      uint32_t bytes;
      memcpy(&bytes, b + at, 4);
      at += 4;
      size_t stop = at + bytes;
      bool mimes = n == 10 && memcmp(key, "mime-types", 10) == 0;
      while (at < stop) {
        at = ks_pad(at, 4);
        uint32_t sn;
        memcpy(&sn, b + at, 4);
        if (mimes && c->mimes_len + sn + 1 < sizeof(c->mimes)) {
          memcpy(c->mimes + c->mimes_len, b + at + 4, sn);
          c->mimes_len += sn;
          c->mimes[c->mimes_len++] = 0;
        }
        at += 4 + sn + 1;
      }
    } else if (siglen == 1 && (sig[0] == 'b' || sig[0] == 'u' || sig[0] == 'i')) {
      at = ks_pad(at, 4);
      uint32_t v;
      memcpy(&v, b + at, 4);
      at += 4;
      if (n == 16 && memcmp(key, "session-is-owner", 16) == 0) c->session_is_owner = v != 0;
    } else {
      return; /* a value this client does not need; nothing it needs follows in mutter's signal */
    }
  }
}

static void mc_signal(mc_conn_t *c, const mc_msg_t *msg) {
  if (strcmp(msg->path, c->session) != 0) return;
  if (strcmp(msg->member, "SelectionOwnerChanged") == 0) {
    mc_owner_changed(c, msg);
  } else if (strcmp(msg->member, "SelectionTransfer") == 0 && msg->body_len >= 8 && c->transfers < 16) {
    uint32_t n;
    memcpy(&n, msg->body, 4);
    size_t at = ks_pad(4 + n + 1, 4);
    if (at + 4 > msg->body_len) return;
    snprintf(c->transfer_mimes[c->transfers], sizeof(c->transfer_mimes[0]), "%.*s", (int)n, (const char *)msg->body + 4);
    memcpy(&c->transfer_serials[c->transfers], msg->body + at, 4);
    c->transfers++;
  }
}

/* Reads what the socket has (with any descriptors); 0 on data, -1 when lost, -2 at the deadline. */
static int mc_fill(mc_conn_t *c) {
  int w = ks_wait(c->sock, POLLIN);
  if (w == 0) return -2;
  if (w < 0 || db_reserve(&c->in, 65536) < 0) return -1;
  struct iovec iov = {.iov_base = c->in.p + c->in.len, .iov_len = c->in.cap - c->in.len};
  char control[CMSG_SPACE(sizeof(int) * 8)];
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof(control)};
  ssize_t n = recvmsg(c->sock, &mh, MSG_CMSG_CLOEXEC);
  if (n <= 0) return n < 0 && (errno == EINTR || errno == EAGAIN) ? 0 : -1;
  c->in.len += (size_t)n;
  for (struct cmsghdr *cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
    if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS) continue;
    size_t count = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t i = 0; i < count; i++) {
      int fd;
      memcpy(&fd, CMSG_DATA(cm) + i * sizeof(int), sizeof(int));
      if (c->nfds < 16) c->fds[c->nfds++] = fd;
      else close(fd);
    }
  }
  return 0;
}

/*
 * The next whole message (signals handled on the way when `signals`); 1 with `out` filled, 0 when none is complete
 * yet. A message's descriptors are taken from the queue in order: `*fd` gets its first (or -1), the rest are closed.
 */
static int mc_next(mc_conn_t *c, mc_msg_t *out, int *fd) {
  if (c->in.len - c->at < 16) return 0;
  const unsigned char *m = c->in.p + c->at;
  uint32_t bl, fl;
  memcpy(&bl, m + 4, 4);
  memcpy(&fl, m + 12, 4);
  size_t total = ks_pad(16 + (size_t)fl, 8) + bl;
  if (c->in.len - c->at < total) return 0;
  if (mc_parse(m, total, out) < 0) return -1;
  c->at += total;
  *fd = -1;
  for (uint32_t i = 0; i < out->unix_fds && c->nfds > 0; i++) {
    int taken = c->fds[0];
    memmove(c->fds, c->fds + 1, sizeof(int) * (size_t)(c->nfds - 1));
    c->nfds--;
    if (i == 0) *fd = taken;
    else close(taken);
  }
  if (c->at == c->in.len) c->in.len = c->at = 0;
  return 1;
}

/*
 * Sends a call and waits for its reply; signals arriving meanwhile are recorded. 0 with `*reply_fd` (or -1) and the
 * reply's first basic value copied into `text` (a string or object path); -1 lost, -2 deadline, -3 an error reply
 * (its name and message in `text`).
 */
static int mc_call(mc_conn_t *c, const char *dest, const char *path, const char *iface, const char *member, const char *signature,
                   const dbuf_t *body, int *reply_fd, char *text, size_t text_cap) {
  dbuf_t msg = {0};
  uint32_t serial = ++c->serial;
  db_call(&msg, serial, dest, path, iface, member, signature, body, 0);
  int sent = ks_send(c->sock, msg.p, msg.len, -1);
  free(msg.p);
  if (sent < 0) return -1;
  if (reply_fd) *reply_fd = -1;
  if (text && text_cap) text[0] = 0;
  for (;;) {
    mc_msg_t in;
    int fd, r;
    while ((r = mc_next(c, &in, &fd)) == 1) {
      if (in.type == 4) mc_signal(c, &in);
      if ((in.type == 2 || in.type == 3) && in.reply_serial == serial) {
        if (in.signature[0] == 's' || in.signature[0] == 'o') {
          uint32_t n;
          memcpy(&n, in.body, 4);
          if (text && in.type == 3) snprintf(text, text_cap, "%s: %.*s", in.error, (int)n, (const char *)in.body + 4);
          else if (text) snprintf(text, text_cap, "%.*s", (int)n, (const char *)in.body + 4);
        } else if (in.type == 3 && text) {
          snprintf(text, text_cap, "%s", in.error);
        }
        if (in.type == 3) {
          if (fd >= 0) close(fd);
          return -3;
        }
        if (reply_fd) *reply_fd = fd;
        else if (fd >= 0) close(fd);
        return 0;
      }
      if (fd >= 0) close(fd);
    }
    if (r < 0) return -1;
    int f = mc_fill(c);
    if (f < 0) return f;
  }
}

static void mc_close(mc_conn_t *c) {
  if (c->sock >= 0) close(c->sock);
  for (int i = 0; i < c->nfds; i++) close(c->fds[i]);
  free(c->in.p);
  memset(c, 0, sizeof(*c));
  c->sock = -1;
}

static const char *MC_RD = "org.gnome.Mutter.RemoteDesktop";
static const char *MC_SESSION = "org.gnome.Mutter.RemoteDesktop.Session";

/*
 * Connects (EXTERNAL with fd passing), Hello, then a remote-desktop session with its clipboard enabled, never started:
 * mutter 43 serves the clipboard of a session that was not started, and only a started one registers with the
 * Shell's remote-access controller (its top-bar indicator), so a clipboard owner shows nothing while it lives.
 */
static napi_value mc_open(napi_env env, mc_conn_t *c, const char *path, bool abstract) {
  memset(c, 0, sizeof(*c));
  c->sock = -1;
  struct sockaddr_un addr = {.sun_family = AF_UNIX};
  size_t plen = strlen(path);
  if (plen + (abstract ? 1 : 0) >= sizeof(addr.sun_path)) return throw_code(env, "DBUS_CONNECT_FAILED", "the session bus address is too long");
  memcpy(addr.sun_path + (abstract ? 1 : 0), path, plen);
  socklen_t alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + plen + (abstract ? 1 : 0) + (abstract ? 0 : 1));
  c->sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (c->sock < 0 || connect(c->sock, (struct sockaddr *)&addr, alen) < 0)
    return throw_code(env, "DBUS_CONNECT_FAILED", "cannot connect to the session bus at %s: %s", path, strerror(errno));
  char auth[128], line[256], uid_text[16], hex[40] = {0};
  snprintf(uid_text, sizeof(uid_text), "%u", (unsigned)getuid());
  for (size_t i = 0; uid_text[i]; i++) snprintf(hex + 2 * i, 3, "%02x", (unsigned char)uid_text[i]);
  int an = snprintf(auth, sizeof(auth), "%cAUTH EXTERNAL %s\r\n", 0, hex);
  if (ks_send(c->sock, auth, (size_t)an, -1) < 0 || ks_line(c->sock, line, sizeof(line)) < 0 || strncmp(line, "OK ", 3) != 0 ||
      ks_send(c->sock, "NEGOTIATE_UNIX_FD\r\n", 19, -1) < 0 || ks_line(c->sock, line, sizeof(line)) < 0 ||
      strncmp(line, "AGREE_UNIX_FD", 13) != 0 || ks_send(c->sock, "BEGIN\r\n", 7, -1) < 0)
    return throw_code(env, "DBUS_AUTH_FAILED", "the session bus refused authentication with file-descriptor passing");
  char text[512];
  int r = mc_call(c, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", NULL, NULL, NULL, text, sizeof(text));
  if (r == 0) r = mc_call(c, MC_RD, "/org/gnome/Mutter/RemoteDesktop", MC_RD, "CreateSession", NULL, NULL, NULL, c->session, sizeof(c->session));
  if (r == 0) {
    /* mutter broadcasts the session's signals: a match rule brings them to this connection. */
    dbuf_t rule = {0};
    char rule_text[512];
    snprintf(rule_text, sizeof(rule_text), "type='signal',interface='%s',path='%s'", MC_SESSION, c->session);
    db_str(&rule, rule_text);
    r = mc_call(c, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", "s", &rule, NULL, text, sizeof(text));
    free(rule.p);
  }
  if (r == 0) {
    dbuf_t options = {0};
    db_u32(&options, 0); /* empty a{sv}: its length, then the padding to its entries' 8-byte alignment */
    db_align(&options, 8);
    r = mc_call(c, MC_RD, c->session, MC_SESSION, "EnableClipboard", "a{sv}", &options, NULL, text, sizeof(text));
    free(options.p);
  }
  if (r == -3) return throw_code(env, "DBUS_ERROR", "%s", text);
  if (r == -2) return throw_code(env, "DBUS_TIMEOUT", "mutter's RemoteDesktop did not answer within %d ms", WAIT_MS);
  if (r < 0) return throw_code(env, "DBUS_CONNECT_FAILED", "the session bus connection failed: %s", strerror(errno));
  return NULL;
}

static void mc_stop(mc_conn_t *c) {
  if (c->session[0]) {
    dbuf_t msg = {0};
    db_call(&msg, ++c->serial, MC_RD, c->session, MC_SESSION, "Stop", NULL, NULL, 0);
    ks_send(c->sock, msg.p, msg.len, -1);
    free(msg.p);
  }
  mc_close(c);
}

static napi_value mc_mime_array(napi_env env, const mc_conn_t *c) {
  napi_value list;
  napi_create_array(env, &list);
  uint32_t i = 0;
  for (size_t at = 0; at < c->mimes_len; at += strlen(c->mimes + at) + 1) napi_set_element(env, list, i++, str(env, c->mimes + at));
  return list;
}

/*
 * mutterClipboardRead(socketPath, abstract, choose(offered) -> mimes[], timeoutMs) -> {offered: string[] | null,
 * mime?, data?}: the selection's MIME types (null: no owner), then the first of `choose`'s MIME types whose data is
 * not empty, read from the pipe mutter hands back until it closes (bounded by timeoutMs).
 */
static napi_value js_mutter_clipboard_read(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_n(env, info, 4, argv)) return NULL;
  bool failed, abstract;
  char *path = get_string(env, argv[0], "socket path", false, &failed);
  if (failed) return NULL;
  get_bool(env, argv[1], &abstract);
  int64_t timeout;
  if (!get_i64(env, argv[3], &timeout, "timeoutMs")) {
    free(path);
    return NULL;
  }
  ks_deadline = mono_ms() + WAIT_MS;
  mc_conn_t c;
  napi_value result = mc_open(env, &c, path, abstract);
  free(path);
  if (result) {
    mc_close(&c);
    return result;
  }
  /* mutter reports the current owner on EnableClipboard; a session with no owner reports nothing: wait briefly. */
  for (int64_t until = mono_ms() + 150; !c.owner_seen && mono_ms() < until;) {
    mc_msg_t m;
    int fd, r;
    while ((r = mc_next(&c, &m, &fd)) == 1) {
      if (m.type == 4) mc_signal(&c, &m);
      if (fd >= 0) close(fd);
    }
    int64_t saved = ks_deadline;
    ks_deadline = until;
    int f = r < 0 ? -1 : mc_fill(&c);
    ks_deadline = saved;
    if (f == -1) break;
  }
  napi_create_object(env, &result);
  if (!c.owner_seen || c.mimes_len == 0) {
    napi_value null_value;
    napi_get_null(env, &null_value);
    set(env, result, "offered", null_value);
    mc_stop(&c);
    return result;
  }
  napi_value offered = mc_mime_array(env, &c);
  set(env, result, "offered", offered);
  napi_value plan, global;
  napi_get_global(env, &global);
  if (napi_call_function(env, global, argv[2], 1, &offered, &plan) != napi_ok) {
    mc_stop(&c);
    return NULL;
  }
  uint32_t count = 0;
  napi_get_array_length(env, plan, &count);
  bytes_t data = {0};
  for (uint32_t i = 0; i < count && data.len == 0; i++) {
    napi_value item;
    napi_get_element(env, plan, i, &item);
    char *mime = get_string(env, item, "mime", false, &failed);
    if (failed) break;
    dbuf_t body = {0};
    db_str(&body, mime);
    int fd = -1;
    char text[512];
    ks_deadline = mono_ms() + WAIT_MS;
    int r = mc_call(&c, MC_RD, c.session, MC_SESSION, "SelectionRead", "s", &body, &fd, text, sizeof(text));
    free(body.p);
    if (r == 0 && fd >= 0) {
      ks_deadline = mono_ms() + timeout;
      for (;;) {
        if (ks_wait(fd, POLLIN) <= 0 || bytes_reserve(&data, 65536) < 0) break;
        ssize_t n = read(fd, data.data + data.len, data.cap - data.len);
        if (n > 0) data.len += (size_t)n;
        else if (n == 0 || (errno != EINTR && errno != EAGAIN)) break;
      }
      close(fd);
      if (data.len > 0) {
        set(env, result, "mime", str(env, mime));
        napi_value buf;
        napi_create_buffer_copy(env, data.len, data.data, NULL, &buf);
        set(env, result, "data", buf);
      }
    } else if (fd >= 0) {
      close(fd);
    }
    free(mime);
    if (r == -1) break;
  }
  free(data.data);
  mc_stop(&c);
  return result;
}

/*
 * mutterClipboardServe(socketPath, abstract, items [{mime, data}], onOwned()) -> reason: takes the selection with
 * the items' MIME types, calls onOwned, then answers every SelectionTransfer with the item's bytes through the pipe
 * of SelectionWrite until another client takes the selection ("cancelled") or the bus goes away ("lost"). Blocks:
 * for a detached owner process.
 */
static napi_value js_mutter_clipboard_serve(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_n(env, info, 4, argv)) return NULL;
  bool failed, abstract;
  char *path = get_string(env, argv[0], "socket path", false, &failed);
  if (failed) return NULL;
  get_bool(env, argv[1], &abstract);
  uint32_t count = 0;
  napi_get_array_length(env, argv[2], &count);
  if (count == 0 || count > 16) {
    free(path);
    return throw_code(env, "INVALID_ARGS", "between 1 and 16 items");
  }
  char *mimes[16] = {0};
  void *datas[16] = {0};
  size_t sizes[16] = {0};
  for (uint32_t i = 0; i < count; i++) {
    napi_value item, mime, data;
    napi_get_element(env, argv[2], i, &item);
    napi_get_named_property(env, item, "mime", &mime);
    napi_get_named_property(env, item, "data", &data);
    mimes[i] = get_string(env, mime, "mime", false, &failed);
    if (failed) goto bad;
    void *p;
    size_t n;
    if (napi_get_buffer_info(env, data, &p, &n) != napi_ok) goto bad;
    datas[i] = malloc(n ? n : 1);
    memcpy(datas[i], p, n);
    sizes[i] = n;
  }
  ks_deadline = mono_ms() + WAIT_MS;
  mc_conn_t c;
  napi_value result = mc_open(env, &c, path, abstract);
  if (result) {
    mc_close(&c);
    goto out;
  }
  /* SetSelection({"mime-types": <as>}) */
  dbuf_t body = {0};
  db_u32(&body, 0);
  size_t array_at = body.len;
  db_align(&body, 8);
  size_t start = body.len;
  db_align(&body, 8);
  db_str(&body, "mime-types");
  db_sig(&body, "as");
  db_align(&body, 4);
  db_u32(&body, 0);
  size_t inner_at = body.len;
  size_t inner_start = body.len;
  for (uint32_t i = 0; i < count; i++) db_str(&body, mimes[i]);
  uint32_t inner_len = (uint32_t)(body.len - inner_start), outer_len = (uint32_t)(body.len - start);
  memcpy(body.p + inner_at - 4, &inner_len, 4);
  memcpy(body.p + array_at - 4, &outer_len, 4);
  char text[512];
  int r = mc_call(&c, MC_RD, c.session, MC_SESSION, "SetSelection", "a{sv}", &body, NULL, text, sizeof(text));
  free(body.p);
  if (r != 0) {
    result = r == -3 ? throw_code(env, "DBUS_ERROR", "%s", text) : throw_code(env, "DBUS_CONNECT_FAILED", "SetSelection failed");
    mc_stop(&c);
    goto out;
  }
  napi_value global, ignored;
  napi_get_global(env, &global);
  if (napi_call_function(env, global, argv[3], 0, NULL, &ignored) != napi_ok) {
    mc_stop(&c);
    result = NULL;
    goto out;
  }
  const char *reason = "lost";
  c.owner_seen = false;
  for (;;) {
    while (c.transfers > 0) {
      uint32_t serial = c.transfer_serials[0];
      char mime[128];
      snprintf(mime, sizeof(mime), "%s", c.transfer_mimes[0]);
      memmove(c.transfer_serials, c.transfer_serials + 1, sizeof(uint32_t) * (size_t)(c.transfers - 1));
      memmove(c.transfer_mimes, c.transfer_mimes + 1, sizeof(c.transfer_mimes[0]) * (size_t)(c.transfers - 1));
      c.transfers--;
      int item = -1;
      for (uint32_t i = 0; i < count; i++) if (strcmp(mimes[i], mime) == 0) item = (int)i;
      dbuf_t args = {0};
      db_u32(&args, serial);
      int fd = -1;
      ks_deadline = mono_ms() + WAIT_MS;
      int w = mc_call(&c, MC_RD, c.session, MC_SESSION, "SelectionWrite", "u", &args, &fd, text, sizeof(text));
      bool ok = false;
      if (w == 0 && fd >= 0 && item >= 0) {
        /* A paster that stops reading is given up after WAIT_MS. */
        size_t sent = 0;
        while (sent < sizes[item]) {
          if (ks_wait(fd, POLLOUT) <= 0) break;
          ssize_t n = write(fd, (char *)datas[item] + sent, sizes[item] - sent);
          if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
          if (n <= 0) break;
          sent += (size_t)n;
        }
        ok = sent == sizes[item];
      }
      if (fd >= 0) close(fd);
      if (w == -1) goto done_serving;
      args.len = 0;
      db_u32(&args, serial);
      db_u32(&args, ok ? 1 : 0);
      w = mc_call(&c, MC_RD, c.session, MC_SESSION, "SelectionWriteDone", "ub", &args, NULL, text, sizeof(text));
      free(args.p);
      if (w == -1) goto done_serving;
    }
    if (c.owner_seen && !c.session_is_owner) {
      reason = "cancelled";
      break;
    }
    mc_msg_t m;
    int fd, nr;
    while ((nr = mc_next(&c, &m, &fd)) == 1) {
      if (m.type == 4) mc_signal(&c, &m);
      if (fd >= 0) close(fd);
    }
    if (nr < 0) break;
    if (c.transfers > 0 || (c.owner_seen && !c.session_is_owner)) continue;
    ks_deadline = mono_ms() + 3600 * 1000;
    if (mc_fill(&c) == -1) break;
  }
done_serving:
  mc_stop(&c);
  result = str(env, reason);
  goto out;
bad:
  result = NULL;
out:
  for (uint32_t i = 0; i < 16; i++) {
    free(mimes[i]);
    free(datas[i]);
  }
  free(path);
  return result;
}
