// Build and serve the production app for a given local stack: used by the
// end-to-end globalSetup (e2e/app/globalSetup.ts), `pnpm bench:load`
// (benchLoad.mjs) and measureFirstLoad.mjs.
//
// Why a separate build: the client reads its backend URLs from PUBLIC_ENV__*
// values baked in at build time. turbo's `vike build` runs before any stack
// exists (`pnpm test` builds first), so it points at the dev ports
// (9099/5001/9000), never at the stack under test. A build into its own
// directory with WORLDMAP_STACK in the environment (vite.config.ts maps it onto
// PUBLIC_ENV__*) takes a few seconds and is right for whatever ports the stack
// has, and it never touches turbo's dist/.

import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** A port the OS says is free on 127.0.0.1. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => done(port))
    })
    server.on('error', fail)
  })
}

/**
 * `vike build` of the app into `outDir` (relative to apps/miniapp: Vike resolves
 * outDir against the project root, so it must live inside it; node_modules/.cache
 * is gitignored), in a child process so the caller's environment stays clean.
 *
 * @param {{ outDir: string, stackEnv: Record<string, string> }} options  stackEnv must hold WORLDMAP_STACK
 * @returns {Promise<{ distDir: string, clientDir: string, serverEntry: string }>}
 * @example
 * const build = await buildAppForStack({ outDir: 'node_modules/.cache/app-e2e/1', stackEnv: stack.env })
 */
export async function buildAppForStack({ outDir, stackEnv }) {
  if (!stackEnv.WORLDMAP_STACK) throw new Error('buildAppForStack: stackEnv.WORLDMAP_STACK is required')
  const distDir = resolve(appDir, outDir)
  rmSync(distDir, { recursive: true, force: true })
  /** @type {Buffer[]} */
  const output = []
  const code = await new Promise((done) => {
    const child = spawn(process.execPath, [join(appDir, 'scripts/buildForStack.mjs'), outDir], {
      cwd: appDir,
      env: { ...process.env, ...stackEnv, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (exitCode) => done(exitCode))
  })
  const serverEntry = join(distDir, 'server/index.mjs')
  if (code !== 0 || !existsSync(serverEntry)) {
    throw new Error(`vike build for the stack failed (exit ${code}):\n${Buffer.concat(output).toString()}`)
  }
  return { distDir, clientDir: join(distDir, 'client'), serverEntry }
}

/**
 * Start `node <dist>/server/index.mjs` (the production server) on a free port
 * and resolve once it answers `/`.
 *
 * `logFile`: where its output also goes, line for line (the app's report lines included), for tests that read it.
 *
 * @param {{ serverEntry: string, nonceSecret: string, port?: number, timeoutMs?: number, logFile?: string }} options
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 * @example
 * const app = await startAppServer({ serverEntry: build.serverEntry, nonceSecret: stack.nonceSecret })
 * await fetch(`${app.url}/`)
 * await app.stop()
 */
export async function startAppServer({ serverEntry, nonceSecret, port, timeoutMs = 30_000, logFile }) {
  const chosen = port ?? (await freePort())
  const child = spawn(process.execPath, [serverEntry], {
    cwd: appDir,
    // A production build served on this machine for the local stack, the tests and the benchmarks:
    // local mode (no WORLDMAP_APP_ORIGINS needed), whatever the build's default.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(chosen),
      WORLDMAP_NONCE_SECRET: nonceSecret,
      WORLDMAP_MODE: 'local',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const file = logFile ? createWriteStream(logFile) : undefined
  child.stdout.on('data', (chunk) => {
    log += chunk
    file?.write(chunk)
  })
  child.stderr.on('data', (chunk) => {
    log += chunk
  })
  let exited = false
  const exit = new Promise((done) =>
    child.once('exit', () => {
      exited = true
      file?.end()
      done(undefined)
    }),
  )
  const stop = async () => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exit
    clearTimeout(timer)
  }
  const url = `http://127.0.0.1:${chosen}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) throw new Error(`the production server exited before it answered:\n${log}`)
    const ok = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the production server did not answer within ${timeoutMs} ms:\n${log}`)
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  return { url, pid: /** @type {number} */ (child.pid), stop }
}
