/*
 * The warm host's native client, and the installed `agent-desktop` command: scripts/build-host-client.mjs compiles
 * it at install and, in an installed package, puts it in place of the shell launcher bin/agent-desktop (which runs
 * it when it is beside it, in build/). When a host we may trust is listening for this state root
 * (`agent-desktop serve`, src/host/), the invocation is sent there and its answer printed, with no Node start-up at
 * all (a few milliseconds instead of ~100). Whenever anything is doubtful — no host, a socket or directory that is
 * not private, arguments or an environment it does not handle, a host that declines — it execs
 * `node <package>/bin/agent-desktop.js ARGS...`, which behaves exactly as the CLI always does (the same number of
 * exec's as the `#!/usr/bin/env node` line it replaces). Once the request is sent the command may have run: a host
 * that goes away before answering is reported by the Node entry, never retried. What the entry must know — a host
 * declined or was lost, a signal already received — goes in AGENT_DESKTOP_HOST_HANDOFF (src/host/Handoff.ts), bound
 * to this process's pid, which the exec keeps.
 *
 * This file is the C twin of src/host/HostClient.ts; its rules must stay those of HostAddress.ts (which socket is
 * trusted, the binding fingerprint), PrivateDirectory.ts (a private state root and host directory), HostProtocol.ts
 * (the wire format), wantsHost.ts (which invocations go to a host) and signals.ts (exit codes after a signal).
 * host.test.ts runs its cases through both clients.
 *
 * usage: agent-desktop ARGS...   (as bin/agent-desktop or build/agent-desktop-host-client of the package)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static char entry[PATH_MAX];
static char **user_args;
static int user_argc;

/* ---- running the Node CLI instead ---------------------------------------------------------------------------- */

/* This executable's own path: /proc/self/exe, else argv[0] as given or as found on PATH. */
static int locate_self(const char *argv0, char *out) {
    ssize_t n = readlink("/proc/self/exe", out, PATH_MAX - 1);
    if (n > 0) {
        out[n] = '\0';
        return 1;
    }
    if (strchr(argv0, '/') != NULL) return realpath(argv0, out) != NULL;
    const char *path = getenv("PATH");
    while (path != NULL && *path != '\0') {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        char candidate[PATH_MAX];
        if (len > 0 && snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, path, argv0) < (int)sizeof candidate &&
            access(candidate, X_OK) == 0 && realpath(candidate, out) != NULL) return 1;
        path = end ? end + 1 : NULL;
    }
    return 0;
}

/* <package>/bin/agent-desktop.js: this executable is <package>/bin/agent-desktop or <package>/build/<name>. */
static int find_entry(const char *argv0) {
    char self[PATH_MAX];
    if (!locate_self(argv0, self)) return 0;
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(self, '/');
        if (slash == NULL) return 0;
        *slash = '\0';
    }
    return snprintf(entry, sizeof entry, "%s/bin/agent-desktop.js", self) < (int)sizeof entry;
}

static volatile sig_atomic_t first_signal;

static const char *signal_name(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP"; }

#define HANDOFF "AGENT_DESKTOP_HOST_HANDOFF"

/* ---- the one envelope this client prints itself: when Node cannot be started at all --------------------------- */

/* LATEST_CONTRACT_VERSION and the global flags that take a value (nativeClient.test.ts holds both to the spec). */
#define CONTRACT_VERSION "2.7"
static const char *const GLOBAL_VALUE_FLAGS[] = {"--session", "--agent-id", "--trace", "--wait-for", "-w", "--wait-for-gone",
                                                 "--wait-timeout", "--contract"};

/* The command the arguments name, as far as a scan without the spec can tell; "unknown" otherwise. */
static const char *command_name(void) {
    for (int i = 0; i < user_argc; i++) {
        const char *arg = user_args[i];
        if (strcmp(arg, "--") == 0) return "unknown";
        if (arg[0] == '-') {
            for (size_t f = 0; f < sizeof GLOBAL_VALUE_FLAGS / sizeof GLOBAL_VALUE_FLAGS[0]; f++)
                if (strcmp(arg, GLOBAL_VALUE_FLAGS[f]) == 0) i++;
            continue;
        }
        size_t n = strlen(arg);
        if (n == 0 || n > 64) return "unknown";
        for (size_t c = 0; c < n; c++)
            if (!((arg[c] >= 'a' && arg[c] <= 'z') || (c > 0 && arg[c] == '-'))) return "unknown";
        return arg;
    }
    return "unknown";
}

static int signal_exit(int sig);

/*
 * Node could not be started (an argument list and environment just under the system's limit, no `node` on PATH):
 * nothing else can print this call's envelope, so this client does, in the newest contract version. Written with a
 * fixed buffer: this path must not allocate (it is also where running out of memory ends).
 */
static void exec_failed(int error, int sent, int sig) {
    int too_big = error == E2BIG && !sent;
    char reason[160];
    snprintf(reason, sizeof reason, "%s", strerror(error));
    for (char *c = reason; *c; c++)
        if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20) *c = ' ';
    char envelope[1024];
    int n = snprintf(envelope, sizeof envelope,
        "{\"version\":\"" CONTRACT_VERSION "\",\"ok\":false,\"command\":\"%s\",\"error\":{\"code\":\"%s\",\"message\":\"%s\","
        "\"suggestion\":\"%s\",\"disposition\":{\"delivery\":\"%s\",\"retry\":\"%s\"}}}\n",
        command_name(), too_big ? "INVALID_ARGS" : "INTERNAL",
        too_big ? "The arguments and environment are too large to start Node with them (E2BIG); nothing was run"
                : sent ? "Node could not be started to report what the warm host did with the request; the command may have run"
                       : "Node could not be started to run the command; nothing was run",
        too_big ? "Pass fewer or shorter arguments, or run with a smaller environment (the system limits both together)"
                : "Check that node (Node.js 20 or later) is on PATH and can start",
        sent ? "unknown" : "not_delivered", sent ? "unknown" : "safe");
    fprintf(stderr, "agent-desktop: cannot run node: %s\n", reason);
    if (n > 0 && (size_t)n < sizeof envelope) {
        const char *p = envelope;
        size_t left = (size_t)n;
        while (left > 0) {
            ssize_t w = write(STDOUT_FILENO, p, left);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) break;
            p += w;
            left -= (size_t)w;
        }
    }
    _exit(sig != 0 ? signal_exit(sig) : too_big ? 2 : 1);
}

/*
 * `node ENTRY ARGS...`, found on PATH as the `#!/usr/bin/env node` line of the entry would find it. `outcome` is
 * what a host did ("declined", "lost", "unanswered", or NULL when none was reached); it and a signal received so far
 * go to the entry as `<pid>;<signal or ->;<outcome or run>;<reason>` (src/host/Handoff.ts).
 */
static void run_node(const char *outcome, const char *reason) {
    signal(SIGPIPE, SIG_DFL);
    int sig = first_signal;
    if (outcome != NULL || sig != 0) {
        char value[512];
        snprintf(value, sizeof value, "%ld;%s;%s;%s", (long)getpid(), sig != 0 ? signal_name(sig) : "-",
                 outcome != NULL ? outcome : "run", reason != NULL ? reason : "");
        setenv(HANDOFF, value, 1);
    }
    char **args = calloc((size_t)user_argc + 3, sizeof(char *));
    int error = ENOMEM;
    if (args != NULL) {
        args[0] = "node";
        args[1] = entry;
        for (int i = 0; i < user_argc; i++) args[i + 2] = user_args[i];
        execvp("node", args);
        error = errno;
    }
    int sent = outcome != NULL && (strcmp(outcome, "lost") == 0 || strcmp(outcome, "unanswered") == 0);
    exec_failed(error, sent, sig);
}

/* Nothing was sent: the CLI runs the command itself. */
#define FALL_BACK() run_node(NULL, NULL)

static int request_sent;

/* Out of memory, or another failure: before the request went out the CLI runs it; after, the host was lost. */
static void give_up(const char *reason) {
    if (request_sent) run_node("lost", reason);
    FALL_BACK();
}

/* ---- growable byte buffers ----------------------------------------------------------------------------------- */

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

static void reserve(Buf *b, size_t extra) {
    if (b->len + extra <= b->cap) return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra) cap *= 2;
    char *data = realloc(b->data, cap);
    if (data == NULL) give_up("out of memory");
    b->data = data;
    b->cap = cap;
}

static void put(Buf *b, const char *bytes, size_t n) {
    reserve(b, n);
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
}

static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }

static void putc_(Buf *b, char c) { put(b, &c, 1); }

/* ---- JSON strings, as JSON.stringify writes them --------------------------------------------------------------- */

/* Node decodes argv and environment as UTF-8, replacing what is not: only well-formed text is sent as is. */
static int valid_utf8(const unsigned char *s) {
    while (*s) {
        unsigned c = *s;
        int extra;
        uint32_t cp;
        if (c < 0x80) { s++; continue; }
        else if ((c & 0xE0) == 0xC0) { extra = 1; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { extra = 2; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { extra = 3; cp = c & 0x07; }
        else return 0;
        for (int i = 1; i <= extra; i++) {
            if ((s[i] & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (s[i] & 0x3F);
        }
        if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000)) return 0;
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
        s += extra + 1;
    }
    return 1;
}

static void put_json_string(Buf *b, const char *s) {
    if (!valid_utf8((const unsigned char *)s)) FALL_BACK();
    putc_(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': puts_(b, "\\\""); break;
        case '\\': puts_(b, "\\\\"); break;
        case '\b': puts_(b, "\\b"); break;
        case '\f': puts_(b, "\\f"); break;
        case '\n': puts_(b, "\\n"); break;
        case '\r': puts_(b, "\\r"); break;
        case '\t': puts_(b, "\\t"); break;
        default:
            if (*p < 0x20) {
                char escaped[8];
                snprintf(escaped, sizeof escaped, "\\u%04x", *p);
                puts_(b, escaped);
            } else {
                putc_(b, (char)*p);
            }
        }
    }
    putc_(b, '"');
}

/* ---- which invocations go to a host (wantsHost.ts; `mcp` and `serve` are modes of the entry itself; `watch`
 * streams its events as they happen, which a host's one answer per call cannot) ------------------------------- */

static int wants_host(void) {
    const char *mode = getenv("AGENT_DESKTOP_HOST");
    if (mode != NULL && strcmp(mode, "off") == 0) return 0;
    if (user_argc == 0) return 0;
    static const char *const local[] = {"version", "--version", "-V", "--help", "-h", "help", "mcp", "serve"};
    for (size_t i = 0; i < sizeof local / sizeof local[0]; i++)
        if (strcmp(user_args[0], local[i]) == 0) return 0;
    for (int i = 0; i < user_argc; i++)
        if (strcmp(user_args[i], "-") == 0 || strcmp(user_args[i], "-v") == 0 || strcmp(user_args[i], "--verbose") == 0 ||
            strcmp(user_args[i], "watch") == 0) return 0;
    return 1;
}

/* ---- the trusted socket (HostAddress.ts, PrivateDirectory.ts) -------------------------------------------------- */

/* An absolute path normalised as path.resolve does: no `.`, `..`, repeated or trailing slashes. */
static int normalise(const char *in, char *out, size_t size) {
    if (in[0] != '/') return 0;
    size_t len = 0;
    const char *p = in;
    while (*p) {
        while (*p == '/') p++;
        const char *start = p;
        while (*p && *p != '/') p++;
        size_t n = (size_t)(p - start);
        if (n == 0 || (n == 1 && start[0] == '.')) continue;
        if (n == 2 && start[0] == '.' && start[1] == '.') {
            while (len > 0 && out[len - 1] != '/') len--;
            if (len > 0) len--;
            continue;
        }
        if (len + 1 + n + 1 > size) return 0;
        out[len++] = '/';
        memcpy(out + len, start, n);
        len += n;
    }
    if (len == 0) out[len++] = '/';
    out[len] = '\0';
    return 1;
}

/* stateRootOf: AGENT_DESKTOP_HOME if absolute, else `$HOME/.agent-desktop`; anything else is left to the CLI. */
static int state_root(char *out, size_t size) {
    const char *home = getenv("AGENT_DESKTOP_HOME");
    if (home != NULL && home[0] != '\0') return normalise(home, out, size);
    const char *user_home = getenv("HOME");
    if (user_home != NULL && user_home[0] == '\0') return 0; /* Node's homedir() is "" then: a relative root */
    if (user_home == NULL) {
        struct passwd *account = getpwuid(getuid());
        if (account == NULL) return 0;
        user_home = account->pw_dir;
    }
    char joined[PATH_MAX];
    if (snprintf(joined, sizeof joined, "%s/.agent-desktop", user_home) >= (int)sizeof joined) return 0;
    return normalise(joined, out, size);
}

static int writable_by_others(const struct stat *st) { return (st->st_mode & 022) != 0; }

/* Every directory from `dir` up to `/` (symlinks resolved) owned by root or us, writable by others only if sticky. */
static int ancestors_are_safe(const char *dir, uid_t uid) {
    char current[PATH_MAX];
    if (realpath(dir, current) == NULL) return 0;
    for (;;) {
        struct stat st;
        if (stat(current, &st) != 0 || !S_ISDIR(st.st_mode)) return 0;
        if (st.st_uid != 0 && st.st_uid != uid) return 0;
        if (writable_by_others(&st) && (st.st_mode & S_ISVTX) == 0) return 0;
        if (strcmp(current, "/") == 0) return 1;
        char *slash = strrchr(current, '/');
        if (slash == current) slash[1] = '\0';
        else *slash = '\0';
    }
}

/* ---- the binding (HostAddress.ts): which desktop and state root a host serves ------------------------------- */

static const char *const BINDING_VARS[] = {
    "AGENT_DESKTOP_HOME", "AGENT_DESKTOP_DBUS_TCP", "HOME", "DISPLAY", "WAYLAND_DISPLAY",
    "XDG_SESSION_TYPE", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS",
    "XAUTHORITY", "AGENT_DESKTOP_STORE", "AGENT_DESKTOP_MACHINE", "AGENT_DESKTOP_SQLITE"};

/* fingerprintOf: JSON.stringify of the binding variables' values, null for unset ones, as a string (malloc'd). */
static char *binding_fingerprint(void) {
    Buf fingerprint = {0};
    putc_(&fingerprint, '[');
    for (size_t i = 0; i < sizeof BINDING_VARS / sizeof BINDING_VARS[0]; i++) {
        if (i > 0) putc_(&fingerprint, ',');
        const char *value = getenv(BINDING_VARS[i]);
        if (value == NULL) puts_(&fingerprint, "null");
        else put_json_string(&fingerprint, value);
    }
    puts_(&fingerprint, "]");
    putc_(&fingerprint, '\0');
    return fingerprint.data;
}

/* bindingKey: FNV-1a (64 bit) of the fingerprint's UTF-8 bytes, 16 hex digits: one host per desktop and root. */
static void binding_key(char out[17]) {
    char *fingerprint = binding_fingerprint();
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)fingerprint; *p; p++) {
        hash ^= *p;
        hash *= 0x100000001b3ULL;
    }
    free(fingerprint);
    snprintf(out, 17, "%016llx", (unsigned long long)hash);
}

/* Real directory, ours, mode exactly 0700 (PrivateDirectory.ts privateChildDirectory). */
static int private_dir(const char *dir, uid_t uid) {
    struct stat st;
    return lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == uid && (st.st_mode & 0777) == 0700;
}

/* A directory that is ours, not writable by others, with safe ancestors (PrivateDirectory.ts trustedStateRoot). */
static int trusted_dir(const char *dir, uid_t uid) {
    struct stat st;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != uid || writable_by_others(&st)) return 0;
    char parent[PATH_MAX];
    strcpy(parent, dir);
    char *slash = strrchr(parent, '/');
    if (slash == parent) slash[1] = '\0';
    else *slash = '\0';
    return ancestors_are_safe(parent, uid);
}

/* RuntimeDirectory.ts: `$XDG_RUNTIME_DIR/agent-desktop` when that is short and ours, else `/tmp/agent-desktop-<uid>`. */
#define MAX_RUNTIME_BASE 64
static int runtime_directory(char *out, size_t size, uid_t uid) {
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    char base[PATH_MAX];
    if (xdg != NULL && xdg[0] == '/' && normalise(xdg, base, sizeof base) && strlen(base) <= MAX_RUNTIME_BASE &&
        trusted_dir(base, uid)) {
        if (snprintf(out, size, "%s/agent-desktop", strcmp(base, "/") == 0 ? "" : base) >= (int)size) return 0;
        return private_dir(out, uid);
    }
    if (!ancestors_are_safe("/tmp", uid)) return 0;
    if (snprintf(out, size, "/tmp/agent-desktop-%lu", (unsigned long)uid) >= (int)size) return 0;
    return private_dir(out, uid);
}

/* HostAddress.ts trustedSocket: `<runtime directory>/engine-<key>.sock`, a socket of ours with mode 0600. */
static int trusted_socket(char *out, size_t size) {
    char root[PATH_MAX];
    if (!state_root(root, sizeof root)) return 0;
    uid_t uid = getuid();
    char dir[PATH_MAX];
    if (!runtime_directory(dir, sizeof dir, uid)) return 0;
    char key[17];
    binding_key(key);
    if (snprintf(out, size, "%s/engine-%s.sock", dir, key) >= (int)size) return 0;
    struct stat st;
    if (lstat(out, &st) != 0 || !S_ISSOCK(st.st_mode) || st.st_uid != uid || (st.st_mode & 077) != 0) return 0;
    return 1;
}

/* ---- the request (HostProtocol.ts) ---------------------------------------------------------------------------- */

static void put_request(Buf *b) {
    puts_(b, "{\"argv\":[");
    for (int i = 0; i < user_argc; i++) {
        if (i > 0) putc_(b, ',');
        put_json_string(b, user_args[i]);
    }
    puts_(b, "],\"env\":{");
    int first = 1;
    for (char **var = environ; *var != NULL; var++) {
        const char *eq = strchr(*var, '=');
        if (eq == NULL) continue;
        size_t name_len = (size_t)(eq - *var);
        /* forwardedEnv: the whole environment, as main() reads it in-process (launch gives it to the app). */
        /* A name the environment holds twice is sent once, with the value getenv (and Node) sees: the first. */
        int seen = 0;
        for (char **earlier = environ; earlier != var && !seen; earlier++)
            seen = strncmp(*earlier, *var, name_len + 1) == 0;
        if (seen) continue;
        char *name = strndup(*var, name_len);
        if (name == NULL) give_up("out of memory");
        if (!first) putc_(b, ',');
        first = 0;
        put_json_string(b, name);
        putc_(b, ':');
        put_json_string(b, getenv(name));
        free(name);
    }
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd) == NULL) FALL_BACK();
    puts_(b, "},\"cwd\":");
    put_json_string(b, cwd);
    puts_(b, ",\"fingerprint\":");
    char *fingerprint = binding_fingerprint();
    put_json_string(b, fingerprint);
    free(fingerprint);
    puts_(b, "}\n");
}

/* ---- the answer: one JSON object of strings and integers ------------------------------------------------------- */

typedef struct {
    const char *p, *end;
} Cursor;

static void skip_space(Cursor *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n')) c->p++;
}

static int hex4(const char *p, uint32_t *out) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        char h = p[i];
        v <<= 4;
        if (h >= '0' && h <= '9') v |= (uint32_t)(h - '0');
        else if (h >= 'a' && h <= 'f') v |= (uint32_t)(h - 'a' + 10);
        else if (h >= 'A' && h <= 'F') v |= (uint32_t)(h - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

static void put_utf8(Buf *b, uint32_t cp) {
    char bytes[4];
    size_t n;
    if (cp < 0x80) { bytes[0] = (char)cp; n = 1; }
    else if (cp < 0x800) { bytes[0] = (char)(0xC0 | (cp >> 6)); bytes[1] = (char)(0x80 | (cp & 0x3F)); n = 2; }
    else if (cp < 0x10000) {
        bytes[0] = (char)(0xE0 | (cp >> 12)); bytes[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (cp & 0x3F)); n = 3;
    } else {
        bytes[0] = (char)(0xF0 | (cp >> 18)); bytes[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        bytes[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); bytes[3] = (char)(0x80 | (cp & 0x3F)); n = 4;
    }
    put(b, bytes, n);
}

/* A JSON string into `out` as UTF-8; a lone surrogate becomes U+FFFD, as Node writes such a string. */
static int parse_string(Cursor *c, Buf *out) {
    if (c->p >= c->end || *c->p != '"') return 0;
    c->p++;
    while (c->p < c->end) {
        const char *run = c->p;
        while (c->p < c->end && *c->p != '"' && *c->p != '\\' && (unsigned char)*c->p >= 0x20) c->p++;
        put(out, run, (size_t)(c->p - run));
        if (c->p >= c->end || (unsigned char)*c->p < 0x20) return 0;
        if (*c->p == '"') {
            c->p++;
            return 1;
        }
        if (c->end - c->p < 2) return 0;
        char e = c->p[1];
        c->p += 2;
        switch (e) {
        case '"': putc_(out, '"'); break;
        case '\\': putc_(out, '\\'); break;
        case '/': putc_(out, '/'); break;
        case 'b': putc_(out, '\b'); break;
        case 'f': putc_(out, '\f'); break;
        case 'n': putc_(out, '\n'); break;
        case 'r': putc_(out, '\r'); break;
        case 't': putc_(out, '\t'); break;
        case 'u': {
            uint32_t unit;
            if (c->end - c->p < 4 || !hex4(c->p, &unit)) return 0;
            c->p += 4;
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                uint32_t low;
                if (c->end - c->p >= 6 && c->p[0] == '\\' && c->p[1] == 'u' && hex4(c->p + 2, &low) &&
                    low >= 0xDC00 && low <= 0xDFFF) {
                    c->p += 6;
                    put_utf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                } else {
                    put_utf8(out, 0xFFFD);
                }
            } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
                put_utf8(out, 0xFFFD);
            } else {
                put_utf8(out, unit);
            }
            break;
        }
        default: return 0;
        }
    }
    return 0;
}

typedef struct {
    Buf kind, out, err;
    int exit;
    int has_exit;
} Answer;

/* Skips any JSON value (fields the host may add later); nesting is bounded. */
static int skip_value(Cursor *c, int depth) {
    skip_space(c);
    if (c->p >= c->end || depth > 64) return 0;
    char first = *c->p;
    if (first == '"') {
        Buf ignored = {0};
        int ok = parse_string(c, &ignored);
        free(ignored.data);
        return ok;
    }
    if (first == '{' || first == '[') {
        char close = first == '{' ? '}' : ']';
        c->p++;
        skip_space(c);
        if (c->p < c->end && *c->p == close) { c->p++; return 1; }
        for (;;) {
            if (first == '{') {
                if (!skip_value(c, depth + 1)) return 0;
                skip_space(c);
                if (c->p >= c->end || *c->p++ != ':') return 0;
            }
            if (!skip_value(c, depth + 1)) return 0;
            skip_space(c);
            if (c->p < c->end && *c->p == ',') { c->p++; continue; }
            if (c->p < c->end && *c->p == close) { c->p++; return 1; }
            return 0;
        }
    }
    const char *start = c->p;
    while (c->p < c->end && (strchr("+-.eE", *c->p) != NULL || (*c->p >= '0' && *c->p <= '9') || (*c->p >= 'a' && *c->p <= 'z'))) c->p++;
    size_t n = (size_t)(c->p - start);
    if (n == 0) return 0;
    if (start[0] >= 'a' && start[0] <= 'z')
        return (n == 4 && memcmp(start, "true", 4) == 0) || (n == 5 && memcmp(start, "false", 5) == 0) || (n == 4 && memcmp(start, "null", 4) == 0);
    return 1;
}

static int key_is(const Buf *key, const char *name) {
    return key->len == strlen(name) && memcmp(key->data, name, key->len) == 0;
}

static int parse_answer(const char *line, size_t len, Answer *a) {
    Cursor c = {line, line + len};
    skip_space(&c);
    if (c.p >= c.end || *c.p++ != '{') return 0;
    skip_space(&c);
    if (c.p < c.end && *c.p == '}') return 0;
    for (;;) {
        Buf key = {0};
        skip_space(&c);
        if (!parse_string(&c, &key)) { free(key.data); return 0; }
        skip_space(&c);
        if (c.p >= c.end || *c.p++ != ':') { free(key.data); return 0; }
        skip_space(&c);
        Buf *target = key_is(&key, "kind") ? &a->kind : key_is(&key, "stdout") ? &a->out : key_is(&key, "stderr") ? &a->err : NULL;
        int is_exit = key_is(&key, "exit");
        free(key.data);
        if (target != NULL && c.p < c.end && *c.p == '"') {
            target->len = 0; /* a repeated key: the last one counts, as in JSON.parse */
            if (!parse_string(&c, target)) return 0;
        } else if (is_exit && c.p < c.end && *c.p >= '0' && *c.p <= '9') {
            long value = 0;
            int digits = 0;
            while (c.p < c.end && *c.p >= '0' && *c.p <= '9' && digits < 4) value = value * 10 + (*c.p++ - '0'), digits++;
            if (value > 255 || (c.p < c.end && *c.p >= '0' && *c.p <= '9')) return 0;
            a->exit = (int)value;
            a->has_exit = 1;
        } else if (target != NULL || is_exit) {
            return 0;
        } else if (!skip_value(&c, 0)) {
            return 0;
        }
        skip_space(&c);
        if (c.p < c.end && *c.p == ',') { c.p++; continue; }
        if (c.p < c.end && *c.p == '}') return 1;
        return 0;
    }
}

/* ---- signals (signals.ts): the first aborts the command in the host, a second ends this process --------------- */

static int signal_exit(int sig) { return sig == SIGINT ? 130 : sig == SIGTERM ? 143 : 129; }

static void on_signal(int sig) {
    if (first_signal != 0) _exit(signal_exit(sig));
    first_signal = sig;
}

/* ---- the exchange, with deadlines (HostProtocol.ts) ------------------------------------------------------------ */

#define CONNECT_MS 2000
#define FIRST_BYTE_MS 5000
#define SILENCE_MS 10000
#define ABORT_GRACE_MS 3000

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int remaining(long long deadline) {
    long long left = deadline - now_ms();
    return left <= 0 ? 0 : left > 60000 ? 60000 : (int)left;
}

/* Writes everything (0) or fails (-1, errno set); waits for a non-blocking descriptor (a pipe shared with a Node
 * parent, or the host's socket) to take more, until `deadline` (-1: none; ETIMEDOUT when it passes). */
static int write_all(int fd, const char *data, size_t len, long long deadline) {
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                if (deadline >= 0 && remaining(deadline) == 0) {
                    errno = ETIMEDOUT;
                    return -1;
                }
                struct pollfd writable = {.fd = fd, .events = POLLOUT};
                if (poll(&writable, 1, deadline < 0 ? -1 : remaining(deadline)) < 0 && errno != EINTR) return -1;
                continue;
            }
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

static const char *reason_of(int error) {
    switch (error) {
    case ECONNRESET: return "ECONNRESET";
    case EPIPE: return "EPIPE";
    default: return strerror(error);
    }
}

/* A connection to the host within CONNECT_MS, or -1 (nothing was sent: the CLI runs the call). */
static int connect_host(const struct sockaddr_un *address) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    long long deadline = now_ms() + CONNECT_MS;
    for (;;) {
        if (connect(fd, (const struct sockaddr *)address, sizeof *address) == 0) return fd;
        /* EAGAIN: the host's backlog is full (it is not accepting: stopped, or flooded); try again a little later. */
        if ((errno != EINTR && errno != EAGAIN) || first_signal != 0 || remaining(deadline) == 0) {
            close(fd);
            return -1;
        }
        if (errno == EAGAIN) poll(NULL, 0, 20);
    }
}

static int is_kind(const Answer *a, const char *kind) {
    return a->kind.len == strlen(kind) && memcmp(a->kind.data, kind, a->kind.len) == 0;
}

int main(int argc, char **argv) {
    unsetenv(HANDOFF); /* only ever meant for the Node entry this process becomes */
    user_args = argv + 1;
    user_argc = argc - 1;
    /*
     * A stdout closed at start (`agent-desktop ... >&-`): the envelope could go nowhere, and Node, which would run
     * the command, reopens descriptors 0-2 on /dev/null before any of our code runs, so only this check can see it.
     * `serve` writes nothing to stdout.
     */
    if (fcntl(STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF && !(user_argc > 0 && strcmp(user_args[0], "serve") == 0)) {
        fprintf(stderr, "agent-desktop: stdout is closed, so the result could not be printed; nothing was run\n");
        return 1;
    }
    if (!find_entry(argv[0])) {
        fprintf(stderr, "agent-desktop: cannot find bin/agent-desktop.js beside this executable\n");
        return 127;
    }
    if (!wants_host()) FALL_BACK();

    char socket_path[PATH_MAX];
    if (!trusted_socket(socket_path, sizeof socket_path)) FALL_BACK();
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(socket_path) >= sizeof address.sun_path) FALL_BACK();
    strcpy(address.sun_path, socket_path);

    Buf request = {0};
    put_request(&request);
    /* MAX_REQUEST_BYTES: a host would refuse to read a bigger request (a huge environment): run it in Node. */
    if (request.len > 1024 * 1024) FALL_BACK();

    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    signal(SIGPIPE, SIG_IGN);

    /* Refused (a socket a killed host left), vanished, or no connection in time: the Node entry runs the call (and
     * starts another host for the next ones when the socket was stale). */
    int fd = connect_host(&address);
    if (fd < 0) FALL_BACK();
    /* Only the request's last byte, its newline, makes it runnable: until then a failure sent nothing. */
    if (write_all(fd, request.data, request.len, now_ms() + FIRST_BYTE_MS) != 0) FALL_BACK();
    request_sent = 1;
    free(request.data);

    Buf reply = {0};
    int abort_sent = 0;
    long long deadline = now_ms() + FIRST_BYTE_MS;
    char late[80];
    snprintf(late, sizeof late, "no reply within %d ms of the request", FIRST_BYTE_MS);
    Answer answer = {0};
    for (;;) {
        if (first_signal != 0 && !abort_sent) {
            abort_sent = 1;
            char line[40];
            int n = snprintf(line, sizeof line, "{\"abort\":\"%s\"}\n", signal_name(first_signal));
            (void)write_all(fd, line, (size_t)n, now_ms() + ABORT_GRACE_MS);
            deadline = now_ms() + ABORT_GRACE_MS;
            snprintf(late, sizeof late, "no answer within %d ms of %s", ABORT_GRACE_MS, signal_name(first_signal));
        }
        int wait = remaining(deadline);
        if (wait == 0) run_node("unanswered", late);
        struct pollfd readable = {.fd = fd, .events = POLLIN};
        int ready = poll(&readable, 1, wait);
        if (ready < 0) {
            if (errno == EINTR) continue;
            give_up(reason_of(errno));
        }
        if (ready == 0) continue;
        reserve(&reply, 65536);
        ssize_t n = read(fd, reply.data + reply.len, reply.cap - reply.len);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            give_up(reason_of(errno));
        }
        if (n == 0) give_up("connection closed");
        size_t scanned = reply.len;
        reply.len += (size_t)n;
        if (!abort_sent) {
            deadline = now_ms() + SILENCE_MS;
            snprintf(late, sizeof late, "silent for %d ms while the call ran", SILENCE_MS);
        }
        /* Heartbeats (`alive`) only say the call still runs; the first other line is the answer. */
        char *newline;
        while ((newline = memchr(reply.data + scanned, '\n', reply.len - scanned)) != NULL) {
            size_t length = (size_t)(newline - reply.data);
            free(answer.kind.data);
            free(answer.out.data);
            free(answer.err.data);
            memset(&answer, 0, sizeof answer);
            if (!parse_answer(reply.data, length, &answer) || answer.kind.len == 0) give_up("an unreadable answer");
            if (!is_kind(&answer, "alive")) goto answered;
            memmove(reply.data, newline + 1, reply.len - length - 1);
            reply.len -= length + 1;
            scanned = 0;
        }
    }
answered:
    close(fd);
    if (is_kind(&answer, "declined")) {
        run_node("declined", NULL); /* another desktop or state root, busy, shutting down: the host ran nothing */
    }
    if (!is_kind(&answer, "result") || !answer.has_exit) give_up("an unreadable answer");
    int code = first_signal != 0 ? signal_exit(first_signal) : answer.exit;
    if (answer.err.len > 0) (void)write_all(STDERR_FILENO, answer.err.data, answer.err.len, -1);
    if (write_all(STDOUT_FILENO, answer.out.data, answer.out.len, -1) != 0) {
        fprintf(stderr, "agent-desktop: could not write the result to stdout: %s\n", strerror(errno));
        return code == 0 ? 1 : code;
    }
    return code;
}
