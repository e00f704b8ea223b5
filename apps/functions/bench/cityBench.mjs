// One city bench's control (benchCity.mjs): its flags, its deadline, Ctrl-C, and what it started, in one object
// the phases share, so each phase stops at the same deadline and leaves nothing running behind it.

/** A duration for the log: `12.3 s`. @param {number} ms */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** What `pnpm bench:city` is doing now: the phases call {@link CityBench.checkpoint} between steps. */
export class CityBench {
  interrupted = false
  /**
   * What the phases started, stopped in reverse order on the way out (also on Ctrl-C and errors).
   * @type {(() => Promise<unknown>)[]}
   */
  cleanups = []
  /** @type {Promise<void> | undefined} */
  cleaning

  /** @param {import('./citySettings.mjs').CityFlags} flags @param {(line: string) => void} log */
  constructor(flags, log) {
    this.flags = flags
    this.log = log
    this.started = Date.now()
    this.deadline = this.started + flags.deadlineMs
  }

  /** Loops stop when this turns true: Ctrl-C, or past the deadline. */
  shouldStop() {
    return this.interrupted || Date.now() > this.deadline
  }

  /** Give up between phases on Ctrl-C or past the deadline, naming the phase. @param {string} phase */
  checkpoint(phase) {
    if (this.interrupted) throw new Error(`interrupted during ${phase}`)
    if (Date.now() > this.deadline) throw new Error(`gave up: over ${this.flags.deadlineMs / 60_000} min (during ${phase})`)
  }

  /** Stop on the way out. @param {() => Promise<unknown>} cleanup */
  onCleanUp(cleanup) {
    this.cleanups.push(cleanup)
  }

  /** Stop everything started so far, once, however often it is called (the finally and a Ctrl-C timer). */
  cleanUp() {
    this.cleaning ??= (async () => {
      for (const cleanup of this.cleanups.splice(0).reverse()) await cleanup().catch(() => {})
    })()
    return this.cleaning
  }
}
