// The Firebase Auth + Functions emulators (firebase-tools), and the launcher `pnpm preview:prod` shares.

import { spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { StackStartError } from './errors.mjs'
import { functionsDir, PROJECT_ID, REGION, stackDir } from './project.mjs'

/** @import { StackPorts } from './ports.mjs' */

/**
 * @param {{ configFile: string, logFile: string, ports: StackPorts, timeoutMs: number }} options
 */
export async function startEmulators({ configFile, logFile, ports, timeoutMs }) {
  const customToken = `http://127.0.0.1:${ports.functions}/${PROJECT_ID}/${REGION}/onRequestCustomToken`
  return startFirebaseEmulators({
    only: 'auth,functions',
    project: PROJECT_ID,
    configFile,
    cwd: stackDir,
    logFile,
    env: process.env,
    timeoutMs,
    // Ready means the auth emulator answers and our function is loaded
    // (an empty query gets our own 400, not the emulator's 404).
    ready: async () => {
      const [authUp, functionStatus] = await Promise.all([
        fetch(`http://127.0.0.1:${ports.auth}/`).then(
          (r) => r.ok,
          () => false,
        ),
        fetch(customToken).then(
          (r) => r.status,
          () => 0,
        ),
      ])
      return { ok: authUp && functionStatus === 400 }
    },
    fail: (kind, message) =>
      new StackStartError(message, { code: kind === 'exited' ? 'start_failed' : 'timeout', piece: 'functions' }),
  })
}

/**
 * Run `firebase emulators:start` (the functions package's firebase-tools) in
 * its own process group, so `stop()` reaches the emulators' workers too, and
 * wait until `ready()` says so. One launcher for the local stack and
 * `pnpm preview:prod`.
 *
 * @param {{
 *   only: string, project: string, configFile: string, cwd: string, logFile: string,
 *   env: NodeJS.ProcessEnv, timeoutMs: number,
 *   ready: () => Promise<{ ok: boolean, state?: string }>,
 *   fail: (kind: 'exited' | 'timeout', message: string) => Error,
 * }} options  `state` words what was not ready yet; `fail` makes the caller's typed error
 * @returns {Promise<{ stop: () => Promise<void> }>}
 * @example
 * const { stop } = await startFirebaseEmulators({ only: 'auth', project: 'demo-x', configFile, cwd, logFile,
 *   env: process.env, timeoutMs: 60_000, ready: async () => ({ ok: true }), fail: (_, message) => new Error(message) })
 */
export async function startFirebaseEmulators({ only, project, configFile, cwd, logFile, env, timeoutMs, ready, fail }) {
  const firebaseBin = join(functionsDir, 'node_modules/.bin/firebase')
  const out = openSync(logFile, 'w')
  const child = spawn(firebaseBin, ['emulators:start', '--only', only, '--project', project, '--config', configFile], {
    cwd,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...env,
      METADATA_SERVER_DETECTION: 'none',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      // firebase-tools gives the functions' discovery 10 s; a busy 2-core machine (CI
      // building next to it) can take longer to load the bundle, which then fails the
      // whole stack. A caller's own value wins.
      FUNCTIONS_DISCOVERY_TIMEOUT: env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '60',
      CI: 'true',
    },
  })
  closeSync(out)
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null
  const exit = new Promise((done) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal }
      done(exited)
    }),
  )

  const stop = async () => {
    if (exited) return
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL')
      } catch {}
    }, 10_000)
    await exit
    clearTimeout(timer)
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    // Set by the exit listener: the type is what it may hold by now, not what it held before the loop.
    const ended = /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */ (exited)
    if (ended) {
      throw fail(
        'exited',
        `The Firebase emulators exited (${ended.code ?? ended.signal}) before they were ready.\n${tail(logFile)}`,
      )
    }
    const { ok, state } = await ready()
    if (ok) return { stop }
    if (Date.now() > deadline) {
      await stop()
      throw fail(
        'timeout',
        `The Firebase emulators were not ready after ${timeoutMs / 1000} s${state ? ` (${state})` : ''}.\n${tail(logFile)}`,
      )
    }
    await new Promise((done) => setTimeout(done, 500))
  }
}

/** @param {string} file */
function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-25).join('\n')
  } catch {
    return ''
  }
}
