import { describe, expect, it } from "vitest"
import { SseLineReader } from "./SseLineReader.js"

describe("SseLineReader", () => {
  it("joins payloads split across reads and skips keep-alives, comments and event lines", () => {
    const reader = new SseLineReader()
    expect(reader.push("data: {\"a\"")).toEqual([])
    expect(reader.push(":1}\n\n: keep-alive\n\nevent: x\ndata:\n\ndata:{\"b\":2}\r\n")).toEqual(["{\"a\":1}", "{\"b\":2}"])
    expect(reader.push("data: [DONE]\n\n")).toEqual(["[DONE]"])
  })
})
