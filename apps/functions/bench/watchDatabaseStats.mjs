/**
 * @typedef {import('./startStackProcess.mjs').DatabaseStats} DatabaseStats
 * @typedef {{ at: number, stats: DatabaseStats[] }} Sample  `at`: performance.now() when the counters were read.
 * @typedef {object} InstanceFigures  One database instance over a window of the run.
 * @property {number} index  0 = main, i = region instance i.
 * @property {string} url
 * @property {number} writes  Write messages (set, update, transaction commit) received in the window.
 * @property {number} writesPerSec  `writes` over the window's length.
 * @property {number} peakWritesPerSec  The most writes in one sampling interval, per second.
 * @property {number} bytesIn  Websocket payload bytes received from clients in the window.
 * @property {number} bytesOut  Websocket payload bytes sent to clients in the window.
 * @property {number} connectionsAtEnd  Websockets open at the window's end.
 * @property {number} peakConnectionsInWindow  The most open at any sample of the window.
 * @property {number} peakConnectionsSinceStart  The stand-in's own peak, since it started.
 */

/**
 * Read every database instance's counters (`read`, the stack process's
 * `databaseStats()`) now and every `everyMs` until `stop()`, which reads them
 * once more and returns each instance's figures over the whole window: the
 * deltas of writes and bytes, writes per second (average and the busiest
 * interval) and connections (at the end, and the most seen at a sample). A
 * read that fails (the stack process busy for 10 s) is skipped: the figures
 * come from the samples that arrived, the first and last of which bound the
 * window.
 *
 * @param {{ read: () => Promise<DatabaseStats[]>, everyMs?: number }} options
 * @returns {Promise<{ stop: () => Promise<{ windowMs: number, instances: InstanceFigures[], samples: number }> }>}
 * @example
 * ```js
 * const watch = await watchDatabaseStats({ read: stackProcess.databaseStats })
 * await runCity(…)
 * const { instances } = await watch.stop()
 * instances[1].writesPerSec
 * ```
 */
export async function watchDatabaseStats({ read, everyMs = 1_000 }) {
  /** @type {Sample[]} */
  const samples = []
  const take = async () => {
    const stats = await read().catch(() => null)
    if (stats) samples.push({ at: performance.now(), stats })
  }
  await take()
  if (samples.length === 0) throw new Error('could not read the database counters from the stack process')
  let pending = Promise.resolve()
  const timer = setInterval(() => {
    pending = pending.then(take)
  }, everyMs)
  return {
    async stop() {
      clearInterval(timer)
      await pending
      await take()
      return { ...summarizeSamples(samples), samples: samples.length }
    },
  }
}

/**
 * Each instance's figures between the first and the last sample (see
 * {@link watchDatabaseStats}).
 *
 * @param {Sample[]} samples  In time order, at least one; every sample lists the same instances in the same order.
 * @returns {{ windowMs: number, instances: InstanceFigures[] }}
 * @example
 * ```js
 * summarizeSamples([{ at: 0, stats: [a0] }, { at: 1000, stats: [a1] }]).instances[0].writesPerSec
 * ```
 */
export function summarizeSamples(samples) {
  const first = /** @type {Sample} */ (samples[0])
  const last = /** @type {Sample} */ (samples[samples.length - 1])
  const windowMs = last.at - first.at
  const instances = first.stats.map((start, index) => {
    const end = /** @type {DatabaseStats} */ (last.stats[index])
    let peakWritesPerSec = 0
    let peakConnectionsInWindow = 0
    for (const [at, sample] of samples.entries()) {
      const now = /** @type {DatabaseStats} */ (sample.stats[index])
      peakConnectionsInWindow = Math.max(peakConnectionsInWindow, now.connections)
      const before = samples[at - 1]
      if (!before || sample.at <= before.at) continue
      const previous = /** @type {DatabaseStats} */ (before.stats[index])
      peakWritesPerSec = Math.max(peakWritesPerSec, ((now.writes - previous.writes) * 1000) / (sample.at - before.at))
    }
    const writes = end.writes - start.writes
    return {
      index,
      url: start.url,
      writes,
      writesPerSec: windowMs > 0 ? Number(((writes * 1000) / windowMs).toFixed(1)) : 0,
      peakWritesPerSec: Math.round(peakWritesPerSec),
      bytesIn: end.bytesIn - start.bytesIn,
      bytesOut: end.bytesOut - start.bytesOut,
      connectionsAtEnd: end.connections,
      peakConnectionsInWindow,
      peakConnectionsSinceStart: end.peakConnections,
    }
  })
  return { windowMs: Math.round(windowMs), instances }
}
