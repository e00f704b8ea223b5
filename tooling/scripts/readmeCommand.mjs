// One README command as a terminal runs it: its own process group (so Ctrl-C
// is a SIGINT to the group), its output collected, and a stop that reaches
// every process it started, whatever group they lead.

import { spawn } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'
import { readProcessTree, signalTree } from '../stack/processTree.mjs'

/** The commands running now: an interrupted check (Ctrl-C on `pnpm test`) stops them, they are in their own groups. */
export const running = new Set()
/**
 * A `pnpm` command in its own process group, as a terminal runs it (so a
 * SIGINT to the group is the user's Ctrl-C), with its output collected.
 *
 * @param {string[]} args @param {{ cwd: string, env: Record<string, string> }} options
 */
export function startCommand(args, { cwd, env }) {
  const child = spawn('pnpm', args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  /** @type {{ pattern: RegExp, done: (match: RegExpExecArray | null) => void }[]} */
  let waiters = []
  const onData = (/** @type {Buffer} */ chunk) => {
    output += stripVTControlCharacters(String(chunk))
    waiters = waiters.filter((waiter) => {
      const match = waiter.pattern.exec(output)
      if (match) waiter.done(match)
      return !match
    })
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  // Set before anyone waiting on the output is told, so they see the command as ended.
  let finished = false
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const exited = new Promise((done) => {
    child.on('close', (code, signal) => {
      finished = true
      running.delete(child)
      for (const waiter of waiters) waiter.done(null)
      waiters = []
      done({ code, signal })
    })
    child.on('error', () => {
      finished = true
      done({ code: 127, signal: null })
    })
  })
  return {
    command: `pnpm ${args.join(' ')}`,
    output: () => output,
    finished: () => finished,
    exited,
    /**
     * The first match of `pattern` in the output; `null` if the command ends or `timeoutMs` passes first.
     * @param {RegExp} pattern @param {number} timeoutMs
     * @returns {Promise<RegExpExecArray | null>}
     */
    waitFor(pattern, timeoutMs) {
      const match = pattern.exec(output)
      if (match || finished) return Promise.resolve(match)
      return new Promise((done) => {
        const waiter = {
          pattern,
          done: (/** @type {RegExpExecArray | null} */ found) => {
            clearTimeout(timer)
            done(found)
          },
        }
        const timer = setTimeout(() => {
          waiters = waiters.filter((each) => each !== waiter)
          done(null)
        }, timeoutMs)
        waiters.push(waiter)
      })
    },
    /**
     * Ctrl-C: SIGINT to the whole group. Resolves how it ended, or `null` if it was still running after
     * `timeoutMs` (then the group is killed).
     * @param {number} timeoutMs
     */
    async interrupt(timeoutMs) {
      if (finished) return exited
      // Read before Ctrl-C: a part that outlives its parent is no longer under the command when it is killed.
      const started = readProcessTree(child.pid ?? 0) ?? []
      signalGroup(child.pid, 'SIGINT')
      const ended = await within(exited, timeoutMs)
      if (!ended) {
        // The whole tree, not the group: the emulators lead groups of their own.
        signalTree(child.pid, 'SIGKILL')
        for (const { pid } of started) signalTree(pid, 'SIGKILL')
      }
      return /** @type {{ code: number | null, signal: string | null } | null} */ (ended)
    },
  }
}

/**
 * `promise`, or `null` once `ms` pass first (the timer is cleared either way: a pending one would keep the check's
 * process alive after its report).
 *
 * @template T @param {Promise<T>} promise @param {number} ms @returns {Promise<T | null>}
 */
export function within(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer
  const timeout = new Promise((done) => {
    timer = setTimeout(() => done(null), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** @param {number | undefined} pid @param {NodeJS.Signals} signal */
export function signalGroup(pid, signal) {
  if (!pid) return
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}
