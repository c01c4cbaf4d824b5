/*
 * agent-desktop-kwin: the program KWin sees when agent-desktop drives a KDE Plasma Wayland session. KWin grants its
 * restricted fake-input global and its ScreenShot2 D-Bus interface per executable (the client's /proc/PID/exe against
 * the Exec= of an installed .desktop file). agent-desktop runs on Node, and a grant to Node's executable would be a
 * grant to every Node program of the user; this small program is what agent-desktop's .desktop file names instead.
 * The KDE backend starts it once per process (a warm host keeps it) and talks to it over its stdin and stdout; it
 * holds the one fake-input connection and makes the ScreenShot2 calls. It knows no key names or layouts: the backend
 * sends evdev codes it resolved through KWin's keymap on its own (unprivileged) connection.
 *
 * Protocol, one request per line, fields separated by tabs:
 *   at start   -> "ready\t<fake input version; 0 when KWin does not offer it to this executable>\n"
 *                 or "error\t<CODE>\t<message>\n" and exit
 *   "input\t<op> <op> ...\n" -> "ok\n" | "error\t<CODE>\t<ops done>\t<message>\n"
 *       ops: k<code>,<0|1> (key)  b<code>,<0|1> (button)  m<x>,<y> (absolute motion)  a<axis>,<notches>  w<ms> (pause)
 *       each op is flushed to KWin as it is made; the batch ends with a round trip, so KWin has read all of it.
 *   "shot\t<bus socket path>\t<0|1 abstract>\t<x>\t<y>\t<width>\t<height>\n"
 *       -> "png\t<width>\t<height>\t<bytes>\n" and the PNG's bytes | "error\t<CODE>\t<message>\n"
 * End of input (the backend's process ended): exit. Every wait for KWin or the bus is bounded (5 s).
 */
#define _GNU_SOURCE
#include <wayland-client.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "generated/fake-input-client-protocol.h"

#define WAIT_MS 5000

static int64_t mono_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

#include "png.inc.c"
#include "kwinscreenshot.inc.c"

static struct wl_display *display;
static struct org_kde_kwin_fake_input *fake;
static uint32_t fake_version;

static int write_all(const void *data, size_t len) {
  const char *p = data;
  while (len > 0) {
    ssize_t n = write(STDOUT_FILENO, p, len);
    if (n < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

static void reply(const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  if ((size_t)n > sizeof(line) - 2) n = (int)sizeof(line) - 2;
  /* One line per answer: a message never carries a newline or a tab into the protocol. */
  for (int i = 0; i < n; i++)
    if (line[i] == '\n' || line[i] == '\r') line[i] = ' ';
  line[n] = '\n';
  if (write_all(line, (size_t)n + 1) < 0) exit(0);
}

static void global_added(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
  (void)data;
  if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && fake == NULL) {
    fake_version = version < 4 ? version : 4;
    fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, fake_version);
  }
}

static void global_removed(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {.global = global_added, .global_remove = global_removed};

/* The connection's error as a code and message (a protocol error names its interface). */
static void wayland_error(const char **code, char *message, size_t cap) {
  const struct wl_interface *iface = NULL;
  uint32_t id = 0;
  int err = wl_display_get_error(display);
  if (err == EPROTO) {
    uint32_t pcode = wl_display_get_protocol_error(display, &iface, &id);
    *code = "WL_PROTOCOL_ERROR";
    snprintf(message, cap, "KWin sent a protocol error %u on %s", pcode, iface ? iface->name : "an object");
  } else {
    *code = "WL_CONNECTION_LOST";
    snprintf(message, cap, "the Wayland connection was lost: %s", strerror(err ? err : errno));
  }
}

static int flush_until(int64_t deadline) {
  while (wl_display_flush(display) < 0) {
    if (errno != EAGAIN) return -1;
    int64_t left = deadline - mono_ms();
    if (left <= 0) return -2;
    struct pollfd p = {.fd = wl_display_get_fd(display), .events = POLLOUT};
    if (poll(&p, 1, (int)left) < 0 && errno != EINTR) return -1;
  }
  return 0;
}

static void sync_done(void *data, struct wl_callback *callback, uint32_t serial) {
  (void)serial;
  *(bool *)data = true;
  wl_callback_destroy(callback);
}

static const struct wl_callback_listener sync_listener = {.done = sync_done};

/* A round trip bounded by WAIT_MS: 0, -1 connection error, -2 timeout. */
static int roundtrip(void) {
  int64_t deadline = mono_ms() + WAIT_MS;
  bool done = false;
  struct wl_callback *callback = wl_display_sync(display);
  wl_callback_add_listener(callback, &sync_listener, &done);
  while (!done) {
    int f = flush_until(deadline);
    if (f < 0) return f;
    while (wl_display_prepare_read(display) != 0)
      if (wl_display_dispatch_pending(display) < 0) return -1;
    if (done) {
      wl_display_cancel_read(display);
      break;
    }
    int64_t left = deadline - mono_ms();
    struct pollfd p = {.fd = wl_display_get_fd(display), .events = POLLIN};
    int r = left > 0 ? poll(&p, 1, (int)left) : 0;
    if (r <= 0) {
      wl_display_cancel_read(display);
      if (r < 0 && errno == EINTR) continue;
      return r == 0 ? -2 : -1;
    }
    if (wl_display_read_events(display) < 0 || wl_display_dispatch_pending(display) < 0) return -1;
  }
  return 0;
}

static void pause_ms(long ms) {
  struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
  }
}

/* Runs one op; 0, -1 connection error, -2 timeout, -3 malformed, -4 the fake-input version lacks it. */
static int run_op(const char *op) {
  long a = 0, b = 0;
  char kind = op[0];
  int n = kind == 'w' ? sscanf(op + 1, "%ld", &a) : sscanf(op + 1, "%ld,%ld", &a, &b);
  if (n != (kind == 'w' ? 1 : 2)) return -3;
  switch (kind) {
  case 'k':
    if (fake_version < 4) return -4;
    org_kde_kwin_fake_input_keyboard_key(fake, (uint32_t)a, b ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
    break;
  case 'b':
    org_kde_kwin_fake_input_button(fake, (uint32_t)a, b ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
    break;
  case 'm':
    if (fake_version < 3) return -4;
    org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_int((int)a), wl_fixed_from_int((int)b));
    break;
  case 'a':
    org_kde_kwin_fake_input_axis(fake, (uint32_t)a, wl_fixed_from_double(15.0 * (double)b));
    break;
  case 'w':
    if (a < 0 || a > 60000) return -3;
    pause_ms(a);
    return 0;
  default:
    return -3;
  }
  return flush_until(mono_ms() + WAIT_MS);
}

static void input(char *ops) {
  if (fake == NULL) {
    reply("error\tWL_PROTOCOL_UNAVAILABLE\t0\tKWin does not offer org_kde_kwin_fake_input to this executable (no installed .desktop file authorizes it)");
    return;
  }
  int done = 0;
  char *save = NULL;
  for (char *op = strtok_r(ops, " ", &save); op; op = strtok_r(NULL, " ", &save), done++) {
    int r = run_op(op);
    if (r == -3) {
      reply("error\tBAD_REQUEST\t%d\tmalformed input op '%s'", done, op);
      return;
    }
    if (r == -4) {
      reply("error\tWL_PROTOCOL_UNAVAILABLE\t%d\torg_kde_kwin_fake_input version %u lacks op '%s'", done, fake_version, op);
      return;
    }
    if (r == -2) {
      /* Keys or a button may be held: ending the connection makes KWin drop this device. */
      reply("error\tWL_TIMEOUT\t%d\tKWin did not read the input within %d ms", done, WAIT_MS);
      exit(1);
    }
    if (r < 0) {
      const char *code;
      char message[512];
      wayland_error(&code, message, sizeof(message));
      reply("error\t%s\t%d\t%s", code, done, message);
      exit(1);
    }
  }
  int r = roundtrip();
  if (r == -2) {
    reply("error\tWL_TIMEOUT\t%d\tKWin did not answer within %d ms", done, WAIT_MS);
    exit(1);
  }
  if (r < 0) {
    const char *code;
    char message[512];
    wayland_error(&code, message, sizeof(message));
    reply("error\t%s\t%d\t%s", code, done, message);
    exit(1);
  }
  reply("ok");
}

static void shot(char *args) {
  char *fields[6];
  char *save = NULL;
  int n = 0;
  for (char *f = strtok_r(args, "\t", &save); f && n < 6; f = strtok_r(NULL, "\t", &save)) fields[n++] = f;
  if (n != 6) {
      reply("error\tBAD_REQUEST\tshot takes a bus socket path, abstract, x, y, width and height");
      return;
    }
  ks_result_t result;
  if (kwin_screenshot_area(fields[0], strcmp(fields[1], "1") == 0, atoll(fields[2]), atoll(fields[3]), atoll(fields[4]), atoll(fields[5]),
                           &result) < 0)
    {
      reply("error\t%s\t%s", result.code, result.message);
      return;
    }
  reply("png\t%lld\t%lld\t%zu", (long long)result.width, (long long)result.height, result.png.len);
  if (write_all(result.png.data, result.png.len) < 0) exit(0);
  free(result.png.data);
}

int main(void) {
  /* Dies with the process that started it (its stdin also closes then). */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  signal(SIGPIPE, SIG_DFL);
  display = wl_display_connect(NULL);
  if (display == NULL) {
    reply("error\tWL_CONNECT_FAILED\tcannot connect to the Wayland display '%s': %s", getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "",
          strerror(errno));
    return 1;
  }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  if (roundtrip() < 0) {
    reply("error\tWL_CONNECT_FAILED\tKWin did not list its globals");
    return 1;
  }
  if (fake != NULL) {
    org_kde_kwin_fake_input_authenticate(fake, "agent-desktop", "drive applications for an AI agent");
    if (roundtrip() < 0) {
      reply("error\tWL_CONNECT_FAILED\tKWin did not answer the fake-input authentication");
      return 1;
    }
  }
  reply("ready\t%u", fake == NULL ? 0 : fake_version);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, stdin)) > 0) {
    if (line[len - 1] == '\n') line[--len] = 0;
    if (strncmp(line, "input\t", 6) == 0) input(line + 6);
    else if (strncmp(line, "shot\t", 5) == 0) shot(line + 5);
    else reply("error\tBAD_REQUEST\tunknown request");
  }
  free(line);
  wl_display_disconnect(display);
  return 0;
}
