import { describe, expect, it } from "vitest"
import { sseLines } from "./sseLines.js"

describe("sseLines", () => {
  it("joins payloads split across reads and skips keep-alives, comments and event lines", () => {
    const [pending, first] = sseLines("", "data: {\"a\"")
    expect(first).toEqual([])
    expect(pending).toBe("data: {\"a\"")
    const [rest, second] = sseLines(pending, ":1}\n\n: keep-alive\n\nevent: x\ndata:\n\ndata:{\"b\":2}\r\n")
    expect(second).toEqual(["{\"a\":1}", "{\"b\":2}"])
    expect(rest).toBe("")
    expect(sseLines(rest, "data: [DONE]\n\n")).toEqual(["", ["[DONE]"]])
  })
})
