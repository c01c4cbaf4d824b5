{
  "targets": [
    {
      "target_name": "agent_desktop_ocr",
      "sources": ["native/ocr.c"],
      "include_dirs": ["<!@(node scripts/tesseract-flags.mjs include)"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "libraries": ["<!@(node scripts/tesseract-flags.mjs libs)"]
    }
  ]
}
