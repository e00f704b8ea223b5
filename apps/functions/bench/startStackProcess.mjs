import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const script = fileURLToPath(new URL('./stackProcess.mjs', import.meta.url))

/**
 * @typedef {object} StackProcess
 * @property {Omit<import('../../../tooling/stack/startStack.mjs').Stack, 'stop' | 'databaseStats'>} stack  What
 *   startStack returned, minus its functions (`databaseStats` is asked for over IPC: see below).
 * @property {number} pid  The child's process id.
 * @property {() => Promise<void>} stop  Stop the stack and the child (idempotent); SIGKILLs the child after `stopTimeoutMs`.
 * @property {() => Promise<DatabaseStats[]>} databaseStats  Every database instance's traffic counters since it
 *   started (`stack.databaseStats()` in the child), main first; rejects after 10 s without an answer.
 */

/**
 * @typedef {import('../../../tooling/stack/startStack.mjs').DatabaseStats & { url: string }} DatabaseStats
 */

/**
 * What the child (stackProcess.mjs) sends.
 *
 * @typedef {{ type: 'ready', stack: StackProcess['stack'] } | { type: 'failed', message: string }
 *   | { type: 'databaseStats', id: number, stats: DatabaseStats[] | null }} ChildMessage
 */

/** How long a counters request may take before it counts as lost, ms. */
const STATS_TIMEOUT_MS = 10_000

/**
 * Start the local stack (`startStack(options)`) in a child process, so the
 * database stand-in does not share the caller's event loop. Resolves once
 * every piece answers. The child stops the stack by itself when this process
 * goes away, even without a `stop()`.
 *
 * @param {Parameters<typeof import('../../../tooling/stack/startStack.mjs').startStack>[0]} options
 * @param {{ stopTimeoutMs?: number, env?: Record<string, string> }} [settings]  `env`: added to the child's
 *   environment (the emulators inherit it).
 * @returns {Promise<StackProcess>}
 * @example
 * ```js
 * const { stack, stop, databaseStats } = await startStackProcess({ name: 'city', ports: { auth: 9599 } })
 * try { (await databaseStats())[0].writes } finally { await stop() }
 * ```
 */
export async function startStackProcess(options, settings = {}) {
  const stopTimeoutMs = settings.stopTimeoutMs ?? 30_000
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...settings.env } })
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })))

  /** @type {Promise<void> | undefined} */
  let stopping
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      if (child.connected) child.send({ type: 'stop' })
      else child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
      await exited
      clearTimeout(timer)
    })()
    return stopping
  }

  /** @type {Map<number, { done: (stats: DatabaseStats[]) => void, fail: (error: Error) => void }>} */
  const statsRequests = new Map()
  let nextStatsId = 0
  child.on('message', (/** @type {any} */ message) => {
    if (message?.type !== 'databaseStats') return
    const request = statsRequests.get(message.id)
    statsRequests.delete(message.id)
    if (!request) return
    if (Array.isArray(message.stats)) request.done(message.stats)
    else request.fail(new Error('the stack is not running'))
  })
  exited.then(() => {
    for (const request of statsRequests.values()) request.fail(new Error('the stack process exited'))
    statsRequests.clear()
  })
  /** @returns {Promise<DatabaseStats[]>} */
  const databaseStats = () =>
    new Promise((done, fail) => {
      if (!child.connected) return fail(new Error('the stack process is gone'))
      const id = nextStatsId++
      const timer = setTimeout(() => {
        statsRequests.delete(id)
        fail(new Error(`no database counters from the stack process within ${STATS_TIMEOUT_MS / 1000} s`))
      }, STATS_TIMEOUT_MS)
      statsRequests.set(id, {
        done: (stats) => {
          clearTimeout(timer)
          done(stats)
        },
        fail: (error) => {
          clearTimeout(timer)
          fail(error)
        },
      })
      child.send({ type: 'databaseStats', id })
    })

  const reply = new Promise((done, fail) => {
    child.on('message', (/** @type {ChildMessage | undefined} */ message) => {
      if (message?.type === 'ready') done(message.stack)
      if (message?.type === 'failed') fail(new Error(message.message))
    })
    exited.then(({ code, signal }) => fail(new Error(`the stack process exited (${code ?? signal}) before it was ready`)))
  })
  child.send({ type: 'start', options })
  try {
    const stack = await reply
    return { stack, pid: /** @type {number} */ (child.pid), stop, databaseStats }
  } catch (error) {
    await stop()
    throw error
  }
}
