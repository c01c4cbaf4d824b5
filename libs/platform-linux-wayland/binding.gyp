{
  "targets": [
    {
      "target_name": "agent_desktop_wayland",
      "sources": [
        "native/wayland.c",
        "native/generated/virtual-keyboard-unstable-v1-protocol.c",
        "native/generated/wlr-virtual-pointer-unstable-v1-protocol.c",
        "native/generated/wlr-screencopy-unstable-v1-protocol.c",
        "native/generated/wlr-foreign-toplevel-management-unstable-v1-protocol.c",
        "native/generated/xdg-output-unstable-v1-protocol.c",
        "native/generated/fake-input-protocol.c",
        "native/generated/wlr-data-control-unstable-v1-protocol.c"
      ],
      "include_dirs": ["native"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "libraries": ["-lwayland-client", "-lxkbcommon", "-lz"]
    },
    {
      "target_name": "agent-desktop-kwin",
      "type": "executable",
      "sources": ["native/kwinhelper.c", "native/generated/fake-input-protocol.c"],
      "include_dirs": ["native"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "libraries": ["-lwayland-client", "-lz"]
    }
  ]
}
