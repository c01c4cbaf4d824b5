/** Blocks the thread for `ms`: pointer sequences are synchronous so nothing interleaves with a held button. */
export const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}
