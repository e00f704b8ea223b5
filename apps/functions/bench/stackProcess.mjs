// The local stack in a child process of its own, for the city load run: the
// database stand-in (firebase-server) then gets an event loop (and a core) of
// its own instead of sharing the bench's with hundreds of simulated players.
//
// Protocol (IPC, see startStackProcess.mjs): the parent sends
// `{type: 'start', options}`; the child answers `{type: 'ready', stack}` or
// `{type: 'failed', message}`. `{type: 'stop'}`, SIGINT, SIGTERM or the parent
// going away (IPC disconnect) stop the stack, then the child exits.
// `{type: 'databaseStats', id}` asks for every database instance's traffic
// counters (`stack.databaseStats()`, main first); the child answers
// `{type: 'databaseStats', id, stats}` (`stats: null` before the stack is up).
import { startStack } from '../../../tooling/stack/startStack.mjs'

/** @type {Promise<import('../../../tooling/stack/startStack.mjs').Stack> | undefined} */
let starting
/** @type {Promise<void> | undefined} */
let stopping
/** The stack once it is up (its counters are read on request). */
/** @type {import('../../../tooling/stack/startStack.mjs').Stack | undefined} */
let started

/** @param {number} code */
function stop(code) {
  stopping ??= (async () => {
    try {
      // A stop during the start waits for it: startStack cleans up after itself
      // when it fails, and a stack that did start is stopped here.
      const stack = await starting?.catch(() => undefined)
      await stack?.stop()
    } finally {
      process.exit(code)
    }
  })()
  return stopping
}

process.on('SIGINT', () => stop(130))
process.on('SIGTERM', () => stop(143))
process.on('disconnect', () => stop(0))
/**
 * What the parent sends (startStackProcess.mjs).
 *
 * @typedef {{ type: 'stop' } | { type: 'databaseStats', id: number }
 *   | { type: 'start', options: Parameters<typeof startStack>[0] }} ParentMessage
 */

process.on('message', async (/** @type {ParentMessage | undefined} */ message) => {
  if (message?.type === 'stop') return stop(0)
  if (message?.type === 'databaseStats') {
    process.send?.({ type: 'databaseStats', id: message.id, stats: started?.databaseStats() ?? null })
    return
  }
  if (message?.type !== 'start' || starting || stopping) return
  starting = startStack(message.options)
  try {
    started = await starting
    // Functions do not cross IPC: the parent asks for the counters with a message instead.
    const { stop: _, databaseStats: __, ...stack } = started
    if (!stopping) process.send?.({ type: 'ready', stack })
  } catch (error) {
    process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    await stop(1)
  }
})
