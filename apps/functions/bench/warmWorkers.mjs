import { countEmulatorWorkers } from './countEmulatorWorkers.mjs'

/** The callables, warmed with empty requests they refuse at once (no data, no sign-in). */
const CALLABLES = ['verifyHuman', 'ensureDropsNear', 'collectDrop']
/** Waves per function before giving up on reaching `size` workers. */
const MAX_WAVES = 12

/**
 * Start the Functions emulator's workers before the load arrives. The
 * emulator runs one request per worker process and starts a new process
 * whenever all of a function's workers are busy; a start costs seconds of CPU,
 * and starts in the middle of the run would show up as slow requests. So each
 * function gets waves of `size` concurrent requests (each refused at once)
 * until it has `size` workers (counted in `/proc` under the stack's process,
 * `stackPid`). Returns each function's first (cold) request time and the
 * workers it ended with.
 *
 * @param {{ call: (name: string, data: unknown) => Promise<{ ms: number }>, customTokenUrl: string, size: number,
 *   stackPid: number, shouldStop?: () => boolean }} options  `shouldStop`: checked between waves (Ctrl-C).
 * @returns {Promise<{ coldStartMs: Record<string, number>, workers: Record<string, number>, ms: number }>}
 * @example
 * ```js
 * const { coldStartMs } = await warmWorkers({ call, customTokenUrl: stack.urls.customToken, size: 8, stackPid })
 * ```
 */
export async function warmWorkers({ call, customTokenUrl, size, stackPid, shouldStop = () => false }) {
  const started = performance.now()
  const getCustomToken = async () => {
    const at = performance.now()
    await fetch(customTokenUrl, { signal: AbortSignal.timeout(180_000) })
      .then((response) => response.arrayBuffer())
      .catch(() => {})
    return { ms: performance.now() - at }
  }
  /** @type {[string, () => Promise<{ ms: number }>][]} */
  const functions = [
    ['onRequestCustomToken', getCustomToken],
    ...CALLABLES.map((name) => /** @type {[string, () => Promise<{ ms: number }>]} */ ([name, () => call(name, {})])),
  ]
  /** @type {Record<string, number>} */
  const coldStartMs = {}
  /** @type {Record<string, number>} */
  const workers = {}
  for (const [name, request] of functions) {
    if (shouldStop()) break
    coldStartMs[name] = Math.round((await request()).ms)
    for (let wave = 0; wave < MAX_WAVES && !shouldStop(); wave++) {
      if ((countEmulatorWorkers(stackPid).get(name) ?? size) >= size) break
      await Promise.all(Array.from({ length: size }, () => request()))
    }
    workers[name] = countEmulatorWorkers(stackPid).get(name) ?? 0
  }
  return { coldStartMs, workers, ms: Math.round(performance.now() - started) }
}
