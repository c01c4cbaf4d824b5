import { describe, expect, it } from "@effect/vitest"
import { qtApp, resolveApp } from "./AppSpec.js"

describe("Qt examples as apps", () => {
  const examples = "/usr/lib/x86_64-linux-gnu/qt5/examples/widgets"

  it("qt:NAME is a widgets example, qt:GROUP/NAME one of another group; both with Qt's accessibility switched on", () => {
    const calculator = resolveApp("qt:calculator", "/tmp/state")
    expect(calculator.argv).toEqual([`${examples}/widgets/calculator/calculator`])
    expect(calculator.env?.["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"]).toBe("1")
    const tree = resolveApp("qt:itemviews/simpletreemodel", "/tmp/state")
    expect(tree.name).toBe("simpletreemodel")
    expect(tree.argv).toEqual([`${examples}/itemviews/simpletreemodel/simpletreemodel`])
  })

  it("qtApp passes arguments to the example (Qt's -geometry) and takes \"\" for the examples at the top", () => {
    expect(qtApp("gallery", "", ["-geometry", "+0+480"]).argv).toEqual([`${examples}/gallery/gallery`, "-geometry", "+0+480"])
  })
})
