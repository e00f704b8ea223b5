// Boots the real `vike dev` server (Vite + Vike + our +server.ts with Hono)
// on a free port and talks HTTP to it, as a browser and the app would.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { networkInterfaces } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const secret = 'dev-server-test-secret-'.padEnd(48, '0')
let server: ChildProcess | undefined
let origin = ''
let output = ''

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
    probe.on('error', reject)
  })

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = spawn(
    process.execPath,
    // No --host: vite.config.ts's loopback default is under test (Vike widens it to every interface in a container).
    [join(appDir, 'node_modules/vike/bin.js'), 'dev', '--port', String(port), '--strictPort'],
    {
      cwd: appDir,
      env: { ...process.env, WORLDMAP_NONCE_SECRET: secret, NODE_ENV: 'development', WORLDMAP_STACK: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  server.stdout?.on('data', (chunk) => {
    output += chunk
  })
  server.stderr?.on('data', (chunk) => {
    output += chunk
  })
  // Poll until the server answers (its startup time depends on the machine).
  for (;;) {
    if (server.exitCode !== null) throw new Error(`vike dev exited with ${server.exitCode}:\n${output}`)
    try {
      await fetch(`${origin}/api/sign-nonce`, { method: 'GET' })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}, 90_000)

afterAll(() => {
  // The whole process group: vike dev may have started workers.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
})

test('default: / is server-rendered into #root with lang="en" and the title', async () => {
  const response = await fetch(`${origin}/`)
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toMatch(/<html lang="en"/)
  expect(html).toContain('<title>WorldMap</title>')
  // Before login the server renders the login view (the toolkit only exists in the client).
  expect(html).toMatch(/<div id="root"><div class="app"[^>]*><section class="login-screen">/)
  // `vike dev` injects the World App simulator for pages opened outside World App.
  expect(html).toContain('/@worldmap/simulator.js')
}, 60_000)

test('behavior: it listens on 127.0.0.1 only, as the README says: no Network: URL, nothing on an outside address', async () => {
  const log = stripVTControlCharacters(output)
  expect(log).toMatch(new RegExp(`Local:\\s+http://127\\.0\\.0\\.1:${new URL(origin).port}/`))
  expect(log).not.toContain('Network:')
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address
  // A machine with no outside address has nothing to leak to; the log line above still holds.
  if (outside) {
    const reached = await fetch(`http://${outside}:${new URL(origin).port}/`).then(
      () => true,
      () => false,
    )
    expect(reached).toBe(false)
  }
})

test('behavior: per-page titles', async () => {
  const html = await (await fetch(`${origin}/profile`)).text()
  expect(html).toContain('<title>Profile · WorldMap</title>')
}, 60_000)

test('behavior: POST /api/sign-nonce answers 200 with a signed nonce', async () => {
  const response = await fetch(`${origin}/api/sign-nonce`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }),
  })
  const sentAt = Date.now()
  expect(response.status).toBe(200)
  const reply = await response.json()
  expect(reply).toEqual({
    status: 'OK',
    signedNonce: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
    serverTime: expect.any(Number),
  })
  // The server's time, which the app's game clock learns from (same machine: no skew beyond the round trip).
  expect(Math.abs(reply.serverTime - sentAt)).toBeLessThan(60_000)
})

test('error: /api/sign-nonce with a bad body → 400 JSON, another method → 405', async () => {
  const bad = await fetch(`${origin}/api/sign-nonce`, { method: 'POST', body: '{"nonce":"short"}' })
  expect(bad.status).toBe(400)
  expect(await bad.json()).toMatchObject({ error: 'invalid_body' })
  const get = await fetch(`${origin}/api/sign-nonce`)
  expect(get.status).toBe(405)
  expect(await get.json()).toMatchObject({ error: 'method_not_allowed' })
})

test('error: an unknown path is the 404 page with HTTP 404', async () => {
  const response = await fetch(`${origin}/no-such-page`)
  expect(response.status).toBe(404)
  const html = await response.text()
  expect(html).toContain('Page not found')
  expect(html).toContain('<title>Page not found · WorldMap</title>')
}, 60_000)

test('behavior: the development usernames stand-in knows the simulator wallet', async () => {
  const { createSimulatorWallet } = await import('@worldmap/simulator')
  const { address } = createSimulatorWallet()
  const response = await fetch(`${origin}/api/dev/usernames/api/v1/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ addresses: [address] }),
  })
  expect(await response.json()).toEqual([{ address, username: 'simulator.dev', profile_picture_url: null }])
}, 60_000)
