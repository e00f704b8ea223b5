/**
 * A concurrency limit: at most `limit` tasks run at once, the rest wait in
 * arrival order. The load run puts every request through one, so hundreds of
 * simulated players never open hundreds of sockets (or make the Functions
 * emulator start a worker process per concurrent call).
 *
 * @param {number} limit
 * @example
 * ```js
 * const limiter = createLimiter(16)
 * const reply = await limiter.run(() => fetch(url))
 * ```
 */
export function createLimiter(limit) {
  let running = 0
  /** @type {(() => void)[]} */
  const waiting = []
  // A finishing task hands its slot straight to the next waiter, so a new
  // arrival can never slip in between and exceed the limit.
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
  return {
    /** Tasks running now. */
    get running() {
      return running
    },
    /** Tasks waiting for a slot. */
    get waiting() {
      return waiting.length
    },
    /**
     * Run `task` when a slot is free; resolves or rejects like it.
     * @template T
     * @param {() => Promise<T>} task
     * @returns {Promise<T>}
     */
    async run(task) {
      if (running >= limit) await new Promise((resolve) => waiting.push(() => resolve(undefined)))
      else running += 1
      try {
        return await task()
      } finally {
        release()
      }
    },
  }
}
