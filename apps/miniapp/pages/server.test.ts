// The server entry (`+server.ts`) as Vike loads it: the app with its API, the
// security headers, the body limit and, in this development build (vitest),
// the usernames stand-in; plus the production server's static-file middleware.
import { expect, test, vi } from 'vitest'

async function loadServer() {
  vi.stubEnv('WORLDMAP_NONCE_SECRET', 'server-entry-test-secret'.padEnd(40, '0'))
  vi.stubEnv('PORT', '3123')
  vi.resetModules()
  return (await import('./+server.js')).default
}

test('default: the API answers with the security headers; the production server gets the port and the static-file middleware', async () => {
  const server = await loadServer()
  const response = await server.fetch(
    new Request('http://localhost:3000/api/sign-nonce', { method: 'POST', body: '{"nonce":"9f86d081884c4d659a2feaa0c55ad015"}' }),
  )
  expect(response.status).toBe(200)
  expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self';/)
  expect(server.prod.port).toBe(3123)
  expect(server.prod.middleware).toHaveLength(1)

  const file = await server.prod.middleware[0]?.(new Request('http://localhost:3000/assets/x.js'), () => new Response('x'))
  expect(file?.headers.get('x-content-type-options')).toBe('nosniff')
})

test('behavior: a development build mounts the usernames stand-in for the simulator wallet', async () => {
  const server = await loadServer()
  const { createSimulatorWallet } = await import('@worldmap/simulator')
  const { address } = createSimulatorWallet()
  const response = await server.fetch(
    new Request('http://localhost:3000/api/dev/usernames/api/v1/query', {
      method: 'POST',
      body: JSON.stringify({ addresses: [address] }),
    }),
  )
  expect(await response.json()).toEqual([{ address, username: 'simulator.dev', profile_picture_url: null }])
})

test('error: an oversized body is refused with 413 before the pages see it', async () => {
  const server = await loadServer()
  const response = await server.fetch(
    new Request('http://localhost:3000/profile', { method: 'POST', body: 'x'.repeat(16 * 1024 + 1) }),
  )
  expect(response.status).toBe(413)
  expect(await response.json()).toEqual({ error: 'payload_too_large', message: 'Body must be at most 16384 bytes.' })
})

test('error: a bad environment fails the import (the SSR function answers 500) without ending the process', async () => {
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
  vi.stubEnv('WORLDMAP_NONCE_SECRET', '')
  vi.resetModules()
  await expect(import('./+server.js')).rejects.toMatchObject({ name: 'ServerConfigError', code: 'invalid_server_config' })
  expect(exit).not.toHaveBeenCalled()
})

test('behavior: the Node server’s hooks end the process with 1 on an error before it listens, and not after', async () => {
  const server = await loadServer()
  const listeners: ((error: unknown) => void)[] = []
  const on = vi.spyOn(process, 'on').mockImplementation(((event: string, listener: (error: unknown) => void) => {
    if (event === 'uncaughtException') listeners.push(listener)
    return process
  }) as never)
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
  vi.spyOn(console, 'error').mockImplementation(() => {})
  server.prod.onCreate()
  on.mockRestore()
  const [listener] = listeners
  listener?.(new Error('listen EADDRINUSE: address already in use :::3123'))
  expect(exit).toHaveBeenCalledExactlyOnceWith(1)
  server.prod.onReady()
  expect(process.listeners('uncaughtException')).not.toContain(listener)
})
