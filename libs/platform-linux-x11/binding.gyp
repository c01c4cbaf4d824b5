{
  "targets": [
    {
      "target_name": "agent_desktop_x11",
      "sources": ["native/x11.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "libraries": ["-lX11", "-lXtst", "-lXext", "-lXrandr", "-lXfixes", "-lz"]
    }
  ]
}
