import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const script = fileURLToPath(new URL('./stackProcess.mjs', import.meta.url))

/**
 * @typedef {object} StackProcess
 * @property {{ name: string, ports: Record<string, number>, env: Record<string, string>, nonceSecret: string,
 *   logFile: string, urls: Record<string, string> } & Record<string, unknown>} stack  What startStack returned, minus stop().
 * @property {number} pid  The child's process id.
 * @property {() => Promise<void>} stop  Stop the stack and the child (idempotent); SIGKILLs the child after `stopTimeoutMs`.
 */

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
 * const { stack, stop } = await startStackProcess({ name: 'city', ports: { auth: 9599 } })
 * try { … } finally { await stop() }
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

  const reply = new Promise((done, fail) => {
    child.on('message', (message) => {
      if (message?.type === 'ready') done(message.stack)
      if (message?.type === 'failed') fail(new Error(message.message))
    })
    exited.then(({ code, signal }) => fail(new Error(`the stack process exited (${code ?? signal}) before it was ready`)))
  })
  child.send({ type: 'start', options })
  try {
    const stack = await reply
    return { stack, pid: /** @type {number} */ (child.pid), stop }
  } catch (error) {
    await stop()
    throw error
  }
}
