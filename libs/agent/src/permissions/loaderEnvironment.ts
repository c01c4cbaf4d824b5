// Environment variables that make a starting program load or run code it would not otherwise: the dynamic loader's,
// the C library's, the module and plugin paths of the toolkits and interpreters apps are built on, and the variables
// that name a program to run (EDITOR, GIT_SSH_COMMAND, …). `launch
// --env` passes one only when an allow rule names it (`launch(LD_LIBRARY_PATH=/opt/app/lib myapp)`), or under
// bypassPermissions: a bare `launch` rule approves starting apps, not injecting code into them.

/** Exact names. */
const NAMES = new Set([
  "GCONV_PATH", "GLIBC_TUNABLES", "MALLOC_CHECK_", "MALLOC_TRACE", "HOSTALIASES", "LOCPATH", "NLSPATH", "RESOLV_HOST_CONF",
  "PATH", "IFS", "ENV", "BASH_ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "CDPATH",
  "GTK_MODULES", "GTK3_MODULES", "GTK_PATH", "GTK_EXE_PREFIX", "GTK_IM_MODULE_FILE", "GIO_MODULE_DIR", "GIO_EXTRA_MODULES",
  "GDK_PIXBUF_MODULE_FILE", "GDK_PIXBUF_MODULEDIR", "GI_TYPELIB_PATH", "GST_PLUGIN_PATH", "GST_PLUGIN_PATH_1_0",
  "GST_PLUGIN_SYSTEM_PATH", "GST_PLUGIN_SYSTEM_PATH_1_0", "GST_PLUGIN_SCANNER", "QT_PLUGIN_PATH",
  "QT_QPA_PLATFORM_PLUGIN_PATH", "QML_IMPORT_PATH", "QML2_IMPORT_PATH", "LIBGL_DRIVERS_PATH", "__EGL_VENDOR_LIBRARY_DIRS",
  "__EGL_VENDOR_LIBRARY_FILENAMES", "VK_ICD_FILENAMES", "VK_LAYER_PATH", "VK_ADD_LAYER_PATH", "OPENSSL_CONF",
  "OPENSSL_ENGINES", "OPENSSL_MODULES", "SSLKEYLOGFILE", "XDG_DATA_DIRS", "DBUS_SYSTEM_BUS_ADDRESS",
  "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "PYTHONINSPECT", "PYTHONBREAKPOINT", "PERL5LIB", "PERLLIB",
  "PERL5OPT", "PERL5DB", "RUBYLIB", "RUBYOPT", "NODE_OPTIONS", "NODE_PATH", "LUA_INIT", "LUA_PATH", "LUA_CPATH",
  "TCLLIBPATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH", "ELECTRON_RUN_AS_NODE",
  "NODE_EXTRA_CA_CERTS", "GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_CONFIG_GLOBAL", "EDITOR", "VISUAL", "PAGER",
  "BROWSER", "SHELL", "TERMINAL"
])

/** Prefixes: every variable of the dynamic loader (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT, …) and similar families. */
const PREFIXES = ["LD_", "DYLD_", "GCONV_", "MALLOC_", "PYTHON", "GIT_CONFIG_", "BASH_FUNC_"]

export const isLoaderVariable = (name: string): boolean => NAMES.has(name) || PREFIXES.some((prefix) => name.startsWith(prefix))
