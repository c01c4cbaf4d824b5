import { describe, expect, it } from "vitest"
import { appNameOf, loadsAccessibilityBridge, noTreeAdvice, noTreeToolkit, processAppName, processFacts } from "./noTreeAdvice.js"

const maps = (...files: ReadonlyArray<string>) => files.map((file, i) => `7f00000${i}000-7f00000${i}fff r-xp 00000000 fe:00 1 ${file}`).join("\n")
const facts = (files: ReadonlyArray<string>, environ: ReadonlyArray<string> = [], cmdline: ReadonlyArray<string> = ["/usr/bin/app"]) => ({
  maps: maps(...files),
  environ,
  cmdline
})

describe("noTreeToolkit", () => {
  it("tells the toolkit from the libraries a process loaded", () => {
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libgtk-x11-2.0.so.0.2400.33"]))).toBe("gtk2")
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libQt5Gui.so.5.15.8"]))).toBe("qt")
    expect(noTreeToolkit(facts(["/usr/lib/jvm/java-17-openjdk-amd64/lib/server/libjvm.so", "/usr/lib/x86_64-linux-gnu/libgtk-3.so.0"]))).toBe("java")
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libtk8.6.so"]))).toBe("tk")
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libXaw.so.7.0.0"]))).toBe("xlib")
    expect(noTreeToolkit(facts(["/usr/lib/chromium/chromium"], [], ["/usr/lib/chromium/chromium", "--type=renderer"]))).toBe("chromium")
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libc.so.6"]))).toBe("unknown")
  })

  it("a GTK 3 or 4 app is off the bus only when its environment turned the bridge off", () => {
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libgtk-3.so.0.2406.32"], ["NO_AT_BRIDGE=1"]))).toBe("gtk-bridge-off")
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libgtk-4.so.1"], ["GTK_A11Y=none"]))).toBe("gtk-bridge-off")
    expect(noTreeToolkit(facts(["/usr/lib/x86_64-linux-gnu/libgtk-3.so.0"], ["NO_AT_BRIDGE=0"]))).toBe("unknown")
  })
})

describe("noTreeAdvice", () => {
  it("names the toolkit's switch where one exists, and always the pixel route", () => {
    expect(noTreeAdvice("gtk2")).toContain("--env GTK_MODULES=gail:atk-bridge")
    expect(noTreeAdvice("qt")).toContain("QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1")
    expect(noTreeAdvice("java")).toContain("AtkWrapper")
    expect(noTreeAdvice("chromium")).toContain("--force-renderer-accessibility")
    expect(noTreeAdvice("gtk-bridge-off")).toContain("NO_AT_BRIDGE")
    for (const toolkit of ["gtk2", "gtk-bridge-off", "qt", "java", "chromium", "tk", "xlib", "unknown"] as const) {
      expect(noTreeAdvice(toolkit)).toMatch(/screenshot.*--headed mouse-click --xy.*press --text/)
    }
    expect(noTreeAdvice("tk")).not.toContain("launch it again")
  })
})

describe("processFacts and processAppName", () => {
  it("read this process from /proc; a process that does not exist reads as empty", () => {
    const own = processFacts(process.pid)
    expect(own.maps).toContain("/")
    expect(own.cmdline.length).toBeGreaterThan(0)
    expect(processAppName(process.pid)).toBe(own.cmdline[0]!.split("/").pop())
    expect(processFacts(2 ** 22 + 7)).toEqual({ maps: "", environ: [], cmdline: [] })
    expect(processAppName(2 ** 22 + 7)).toBeUndefined()
  })
})

describe("appNameOf", () => {
  it("is argv[0]'s base name; a rewritten title (one argument with the whole command line) gives its first word", () => {
    expect(appNameOf(["/usr/bin/xterm", "-e", "sh"], "xterm")).toBe("xterm")
    // Chromium's browser process under load (a CI run answered 'page.html', the last word's base name).
    expect(appNameOf(["/usr/lib/chromium/chromium --no-first-run --user-data-dir=/tmp/p file:///tmp/t/page.html"], "chromium", () => false)).toBe("chromium")
    // A path with a space that exists stays whole.
    expect(appNameOf(["/opt/My App/run"], "run", (file) => file === "/opt/My App/run")).toBe("run")
    expect(appNameOf([], "comm-name\n")).toBe("comm-name")
    expect(appNameOf([], "")).toBeUndefined()
  })
})

describe("loadsAccessibilityBridge", () => {
  it("is the AT-SPI bridge mapped and not turned off by the environment", () => {
    expect(loadsAccessibilityBridge(facts(["/usr/lib/chromium/chromium", "/lib/x86_64-linux-gnu/libatk-bridge-2.0.so.0.0.0"]))).toBe(true)
    expect(loadsAccessibilityBridge(facts(["/lib/x86_64-linux-gnu/libatk-bridge-2.0.so.0.0.0"], ["NO_AT_BRIDGE=1"]))).toBe(false)
    expect(loadsAccessibilityBridge(facts(["/usr/lib/x86_64-linux-gnu/libtk8.6.so"]))).toBe(false)
  })
})
