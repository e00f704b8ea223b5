// The production server of the build this run serves (globalSetup), started
// wrong: it must print why and exit with a non-zero status, so a process
// manager sees the failure. Vike's own process listeners print such errors
// and let the process exit 0; pages/+server.ts's start-up guard turns that
// into status 1.
import { spawnSync } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { freePort } from '../../scripts/appServer.mjs'

const serverEntry = () => join(inject('appClientDir'), '..', 'server', 'index.mjs')
const secret = 'startup-failure-test-secret'.padEnd(40, '0')

/**
 * `node <build>/server/index.mjs` with exactly `env` (plus PATH): its exit code and output. Synchronous: a
 * port this process holds stays held (the kernel refuses the bind), and a server that started after all is
 * killed at the timeout instead of hanging the test.
 */
function runServer(env: Record<string, string>): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [serverEntry()], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  })
  return { code: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('a production server that cannot start exits with status 1', () => {
  let blocker: Server | undefined
  afterAll(async () => {
    await new Promise((done) => (blocker ? blocker.close(done) : done(undefined)))
  })

  test('error: without WORLDMAP_NONCE_SECRET and WORLDMAP_APP_ORIGINS (production mode)', async () => {
    const { code, output } = runServer({ PORT: String(await freePort()) })
    expect(code).toBe(1)
    expect(output).toContain('ServerConfigError: WORLDMAP_NONCE_SECRET is not set; WORLDMAP_APP_ORIGINS is not set.')
    expect(output).toContain('The app server did not start (ServerConfigError: ')
    expect(output).not.toContain('Listening on')
  })

  test('error: with an invalid PORT', async () => {
    const { code, output } = runServer({ PORT: 'eighty', WORLDMAP_NONCE_SECRET: secret, WORLDMAP_MODE: 'local' })
    expect(code).toBe(1)
    expect(output).toMatch(/The app server did not start \(ServerConfigError: PORT /)
  })

  test('error: on a port another process holds', async () => {
    const port = await freePort()
    blocker = createServer()
    await new Promise<void>((done) => blocker?.listen(port, done))
    const { code, output } = runServer({ PORT: String(port), WORLDMAP_NONCE_SECRET: secret, WORLDMAP_MODE: 'local' })
    expect(code).toBe(1)
    expect(output).toContain('The app server did not start (Error: listen EADDRINUSE: address already in use')
  })
})
