/**
 * A synchronous call into a worker thread: post the request, block on a shared flag (`Atomics.wait`) until the
 * worker sets it, then take the reply off the port (`receiveMessageOnPort`). This keeps the store's interface
 * synchronous over an asynchronous client, exactly as SQLite's is: a call blocks its thread until the database
 * answers, within a bound. A call that outlives its bound ends the worker (and its connection with it: the server
 * rolls back whatever it had open) and fails; the next call starts a new one.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads"

export class WorkerTimeout extends Error {
  readonly code = "ETIMEDOUT"
}

export class SyncWorker<Request, Reply> {
  #worker: Worker | undefined
  #port: MessagePort | undefined
  #flag: Int32Array | undefined

  constructor(
    private readonly source: string,
    private readonly data: Readonly<Record<string, unknown>>
  ) {}

  #start(): { readonly port: MessagePort; readonly flag: Int32Array } {
    if (this.#port !== undefined && this.#flag !== undefined) return { port: this.#port, flag: this.#flag }
    const signal = new SharedArrayBuffer(4)
    const { port1, port2 } = new MessageChannel()
    const worker = new Worker(this.source, {
      eval: true,
      // Not the caller's Node flags: `--input-type=module` (or any like it) would make this CommonJS source fail.
      execArgv: [],
      workerData: { ...this.data, port: port2, signal },
      transferList: [port2],
      // Nothing the worker might print reaches the caller's stdout (the envelope's, or a protocol's): its stdout is
      // never read, its stderr goes to ours.
      stdout: true,
      stderr: true
    })
    worker.stderr.pipe(process.stderr)
    // Neither keeps the process alive: a one-shot CLI call exits when its work is done, and the socket closes with it.
    worker.unref()
    port1.unref()
    this.#worker = worker
    this.#port = port1
    this.#flag = new Int32Array(signal)
    return { port: port1, flag: this.#flag }
  }

  get running(): boolean {
    return this.#worker !== undefined
  }

  call(request: Request, timeoutMs: number): Reply {
    const { port, flag } = this.#start()
    Atomics.store(flag, 0, 0)
    port.postMessage(request)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const left = deadline - Date.now()
      if (Atomics.wait(flag, 0, 0, Math.max(0, left)) !== "timed-out") break
      if (left <= 0) {
        this.stop()
        throw new WorkerTimeout(`no answer within ${timeoutMs} ms`)
      }
    }
    const received = receiveMessageOnPort(port)
    if (received === undefined) {
      this.stop()
      throw new Error("the database worker woke without an answer")
    }
    return received.message as Reply
  }

  /** Ends the worker at once; its connection closes with it. */
  stop(): void {
    const worker = this.#worker
    this.#worker = undefined
    this.#port?.close()
    this.#port = undefined
    this.#flag = undefined
    void worker?.terminate()
  }
}
