import { expect, test, vi } from 'vitest'

vi.mock('virtual:worldmap-app-server', () => ({
  default: { fetch: () => new Response('<!doctype html><title>WorldMap</title>', { headers: { 'content-type': 'text/html' } }) },
}))

test('default: a 2nd-gen HTTPS function in asia-southeast1 bound to the nonce secret', async () => {
  const { ssr } = await import('./ssrFunction.js')
  expect(ssr.__endpoint).toMatchObject({
    platform: 'gcfv2',
    region: ['asia-southeast1'],
    httpsTrigger: {},
    availableMemoryMb: 512,
    timeoutSeconds: 30,
    secretEnvironmentVariables: [{ key: 'WORLDMAP_NONCE_SECRET' }],
  })
})
