{
  "targets": [
    {
      "target_name": "agent_desktop_pipewire",
      "sources": ["native/pipewire.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers", "<!@(pkg-config --cflags libpipewire-0.3)"],
      "libraries": ["<!@(pkg-config --libs libpipewire-0.3)"]
    }
  ]
}
