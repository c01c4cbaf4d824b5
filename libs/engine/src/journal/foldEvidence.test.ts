import { describe, expect, it } from "vitest"
import { foldEvidence } from "./foldEvidence.js"

// As the store holds them: labels are redacted, a message's number pairs its answer with its write-ahead record.
const ahead = (message?: number) => ({ type: "step.attempted", payload: { label: { redacted: true }, write_ahead: true, message } })
const answer = (outcome: "succeeded" | "skipped" | "attempted", message: number) =>
  ({ type: `step.${outcome}`, payload: { label: { redacted: true }, message } })
const start = { type: "command.start", payload: {} }
const adapterAnswered = { type: "action.dispatch.error", payload: {} }

describe("foldEvidence", () => {
  it("an action cut off after its message went out, unanswered, is delivery_uncertain", () => {
    expect(foldEvidence([start, ahead(), ahead(1)]).delivery).toBe("delivery_uncertain")
  })

  it("a message answered before the cut counts as delivered, whatever came after it", () => {
    // focus answered, then the keys written ahead and never answered
    expect(foldEvidence([start, ahead(), ahead(1), answer("succeeded", 1), ahead(2)]).delivery).toBe("delivered_unverified")
  })

  it("a declined message and nothing else sent is not_delivered once the adapter answered", () => {
    expect(foldEvidence([start, ahead(), ahead(1), answer("skipped", 1), adapterAnswered]).delivery).toBe("not_delivered")
  })

  it("an answer settles only its own message's write-ahead record", () => {
    // The declined first message is answered; the second, written ahead, never was.
    expect(foldEvidence([start, ahead(1), answer("skipped", 1), ahead(2)]).delivery).toBe("delivery_uncertain")
    expect(foldEvidence([start, ahead(1), answer("skipped", 2)]).delivery).toBe("delivery_uncertain")
  })

  it("a write-ahead record answered by its own message is settled even before the adapter's answer", () => {
    expect(foldEvidence([start, ahead(1), answer("skipped", 1)]).delivery).toBe("not_delivered")
  })

  it("a message that could not be recorded first (answered as skipped, never sent) proves nothing was sent", () => {
    const notSent = { type: "step.skipped", payload: { label: { redacted: true }, message: 1, sent: false } }
    expect(foldEvidence([start, ahead(), adapterAnswered, ahead(1), notSent]).delivery).toBe("not_delivered")
  })
})
