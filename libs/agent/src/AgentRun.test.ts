import { finish, match, reply, sse, startFakeModel, toolCall } from "@agent-desktop/fake-model"
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Deferred, Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { AgentRun, type RunRequest } from "./AgentRun.js"
import type { AgentEvent } from "./loop/AgentEvent.js"
import type { CreatedInfo } from "./RunOutcome.js"
import type { SessionEvent, SessionStore } from "./session/SessionStore.js"

const memoryStore = (appended: Array<SessionEvent>): SessionStore => ({
  read: () => Effect.succeed([]),
  latest: () => Effect.succeed(undefined),
  append: (_id, events) => Effect.sync(() => void appended.push(...events))
})

const withFake = <A>(script: Parameters<typeof startFakeModel>[0], use: (url: string) => Effect.Effect<A>) =>
  Effect.acquireUseRelease(
    Effect.promise(() => startFakeModel(script)),
    (fake) => use(fake.url),
    (fake) => Effect.promise(() => fake.close())
  )

const home = fs.mkdtempSync(path.join(os.tmpdir(), "agentrun-"))
afterAll(() => fs.rmSync(home, { recursive: true, force: true }))

const request = (url: string | undefined, fields: Partial<RunRequest>): RunRequest => ({
  prompt: "hi",
  cwd: home,
  env: {
    HOME: home,
    WAVE_HOME: path.join(home, ".wave"),
    WAVE_MODEL: "m",
    WAVE_MAX_RETRIES: "0",
    WAVE_DISABLE_AUTO_MEMORY: "1",
    ...(url === undefined ? {} : { WAVE_BASE_URL: url })
  },
  maxWaitMs: 30_000,
  headed: false,
  autoRecover: false,
  sessions: memoryStore([]),
  emit: () => {},
  ...fields
})

describe("AgentRun.run answers the run's outcome as a value", () => {
  it.live("a finished run: its init info (the agent's own tool list), the agent's final state, the session", () =>
    withFake({ rules: [{ name: "answer", match: match.always, reply: reply("hello") }] }, (url) =>
      Effect.gen(function*() {
        const appended: Array<SessionEvent> = []
        const created: Array<CreatedInfo> = []
        const outcome = yield* AgentRun.run(request(url, {
          sessions: memoryStore(appended),
          onCreated: (info) => created.push(info)
        }))
        assert.deepStrictEqual(created, [outcome.created!])
        assert.deepStrictEqual([outcome.created?.tools, outcome.created?.restored], [["Bash", "Agent"], false])
        assert.deepStrictEqual([outcome.ended?.turns, outcome.ended?.lastText, outcome.thrown], [1, "hello", undefined])
        assert.deepStrictEqual(outcome.incompleteTasks, [])
        assert.deepStrictEqual(appended.map((e) => e.type), [
          "wave.session_started",
          "wave.message",
          "wave.message",
          "wave.run_ended"
        ])
      })))

  it.live("a configuration problem is the outcome's failure, after its error block; no agent was created", () =>
    Effect.gen(function*() {
      const events: Array<AgentEvent> = []
      const outcome = yield* AgentRun.run(request(undefined, { emit: (event) => events.push(event) }))
      assert.isDefined(outcome.thrown)
      assert.deepStrictEqual([outcome.created, outcome.ended], [undefined, undefined])
      assert.deepStrictEqual(events.map((e) => e.type === "error" && [e.source, e.message]), [["create", outcome.thrown]])
    }))

  it.live("a stop mid-turn tears the run down and still answers what it knew; the run is not recorded as ended", () =>
    withFake({
      rules: [{
        name: "slow tool",
        match: match.always,
        reply: sse([toolCall({ id: "c1", name: "Bash", args: { command: "sleep 30" } }), finish("tool_calls")])
      }]
    }, (url) =>
      Effect.gen(function*() {
        const appended: Array<SessionEvent> = []
        const toolStarted = yield* Deferred.make<void>()
        const outcome = yield* AgentRun.run(request(url, {
          sessions: memoryStore(appended),
          emit: (event) => {
            if (event.type === "tool_start") Deferred.doneUnsafe(toolStarted, Effect.void)
          },
          stop: Deferred.await(toolStarted)
        }))
        assert.strictEqual(outcome.created?.model, "m")
        // Its state when the wait was cut: one turn, still loading (the tool call never ended).
        assert.deepStrictEqual([outcome.ended?.turns, outcome.ended?.loading, outcome.thrown], [1, true, undefined])
        assert.isFalse(appended.some((e) => e.type === "wave.run_ended"))
      })))
})
