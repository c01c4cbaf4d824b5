// Compiler and linker flags for libtesseract and Leptonica, for binding.gyp: pkg-config's when it knows them,
// otherwise Debian's names (Leptonica's library is `lept` up to 1.82, `leptonica` from 1.83 on).
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const want = process.argv[2]
const pkgConfig = (flag) => {
  const result = spawnSync("pkg-config", [flag, "tesseract", "lept"], { encoding: "utf8" })
  return result.status === 0 ? result.stdout.trim().split(/\s+/).filter((s) => s.length > 0) : undefined
}
if (want === "include") {
  const flags = pkgConfig("--cflags-only-I")
  const dirs = flags?.map((f) => f.replace(/^-I/, "")) ?? ["/usr/include/leptonica"]
  process.stdout.write(dirs.join(" ") + "\n")
} else {
  const leptonica = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"].some((dir) =>
    existsSync(`${dir}/libleptonica.so`)
  )
  // Only the two libraries the addon calls: pkg-config also lists libtesseract's own dependencies (curl,
  // libarchive), which the shared library already links.
  const flags = pkgConfig("--libs")?.filter((f) => f.startsWith("-L") || /^-l(tesseract|lept|leptonica)$/.test(f)) ?? [
    "-ltesseract",
    leptonica ? "-lleptonica" : "-llept"
  ]
  process.stdout.write(flags.join(" ") + "\n")
}
