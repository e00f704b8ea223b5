import { miniKitState } from '@worldmap/minikit/internal'
import { expect, test, vi } from 'vitest'
import { readClientConfig } from '../../lib/config/readClientConfig.js'
import { createServerApp } from '../../server/createServerApp.js'
import { createLoginDependencies } from './createLoginDependencies.js'

const config = readClientConfig({}, { hostname: 'localhost', origin: 'http://localhost:3000' })
const devAddress = '0x52908400098527886E0F7030069857D2E4169EE7'

test('default: the configured endpoints', () => {
  const dependencies = createLoginDependencies(config)
  expect(dependencies.signNonceUrl).toBe('http://localhost:3000/api/sign-nonce')
  expect(dependencies.customTokenUrl).toBe('http://127.0.0.1:5001/demo-worldmap/asia-southeast1/onRequestCustomToken')
})

test("behavior: fetch goes through the page fetch; the wallet's user is the SDK's, not a second lookup", async () => {
  const server = createServerApp({ nonceSecret: 'x'.repeat(32), devUsernames: async () => devAddress })
  const pageFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    server.request(new URL(String(input)).pathname, init),
  )
  vi.stubGlobal('fetch', pageFetch)
  const dependencies = createLoginDependencies(config)

  miniKitState.user = { walletAddress: devAddress, username: 'simulator.dev', profilePictureUrl: null }
  try {
    expect(dependencies.walletUser()).toMatchObject({ walletAddress: devAddress, username: 'simulator.dev' })
  } finally {
    miniKitState.user = {}
  }
  expect(pageFetch).not.toHaveBeenCalled()

  const response = await dependencies.fetch(dependencies.signNonceUrl, {
    method: 'POST',
    body: '{"nonce":"9f86d081884c4d659a2feaa0c55ad015"}',
  })
  expect(response.status).toBe(200)
})

test('error: walletAuth outside World App rejects (the SDK is not installed)', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  await expect(createLoginDependencies(config).walletAuth({ nonce: 'abcdefgh12' })).rejects.toMatchObject({
    name: 'CommandUnavailableError',
  })
})
