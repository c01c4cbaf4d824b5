// The text projection (story 1 and 2): main-agent reasoning and content with their headers, one 🔧 line per tool
// id when the call runs, ❌ lines for error blocks. Sub-agents never reach this stream.
import type { AgentEvent } from "@agent-desktop/agent"

export class TextProjection {
  private readonly reasoningStarted = new Set<string>()
  private readonly contentStarted = new Set<string>()
  private readonly toolsShown = new Set<string>()
  private printed = false

  constructor(private readonly out: (text: string) => void) {}

  private write(text: string): void {
    if (text.length === 0) return
    this.printed = true
    this.out(text)
  }

  push(event: AgentEvent): void {
    switch (event.type) {
      case "reasoning_delta":
        if (!this.reasoningStarted.has(event.message_id)) {
          this.reasoningStarted.add(event.message_id)
          this.write("\n💭 Reasoning:\n")
        }
        this.write(event.delta)
        return
      case "content_delta":
        if (!this.contentStarted.has(event.message_id)) {
          this.contentStarted.add(event.message_id)
          if (this.reasoningStarted.has(event.message_id)) this.write("\n\n📝 Response:\n")
          else if (this.printed) this.write("\n")
        }
        this.write(event.delta)
        return
      case "tool_start":
        // Printed at the "running" stage only: a call whose arguments never parsed does not run (X5, D6).
        if (!event.parsed || event.name === "" || this.toolsShown.has(event.id)) return
        this.toolsShown.add(event.id)
        this.write(event.compact === "" ? `\n🔧 ${event.name}\n` : `\n🔧 ${event.name} ${event.compact}\n`)
        return
      case "error":
        this.write(`\n❌ Error: ${event.message}\n`)
        return
      default:
        return
    }
  }

  /** The final newline (an empty response prints only this, E1). */
  end(): void {
    this.out("\n")
  }
}
