// @vitest-environment happy-dom
// The sign-in flow against the real SDK, the World App simulator (a real
// wallet signing SIWE) and our real server routes; only the two Firebase
// pieces (custom token function, Auth) are stand-ins here — the end-to-end
// suite covers them against the emulators.
import { render, screen, waitFor } from '@testing-library/react'
import { MiniKitProvider } from '@worldmap/minikit-react'
import { createSimulator, createSimulatorWallet } from '@worldmap/simulator'
import { expect, test, vi } from 'vitest'
import { readClientConfig } from '../../lib/config/readClientConfig.js'
import { createServerApp } from '../../server/createServerApp.js'
import { AuthProvider } from './AuthProvider.js'
import { createLoginDependencies } from './createLoginDependencies.js'
import type { LoginDependencies } from './login.js'
import { useAuth } from './useAuth.js'

function Who() {
  const { user, isAuthenticated } = useAuth()
  return <p>{isAuthenticated ? `signed in as ${user?.username} (${user?.walletAddress})` : 'signed out'}</p>
}

test('default: auto-login on install signs the simulator wallet in, named by the usernames stand-in', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const wallet = createSimulatorWallet()
  const simulator = createSimulator({ window })
  const server = createServerApp({ nonceSecret: 'x'.repeat(32), devUsernames: async () => wallet.address })
  const config = readClientConfig({}, window.location)
  const tokenRequests: URL[] = []

  // Our own routes go to the real Hono app; the custom token function is a stand-in.
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.origin === window.location.origin) return server.request(url.pathname, init)
    tokenRequests.push(url)
    return Response.json({ customToken: 'custom-token' })
  }
  vi.stubGlobal('fetch', fetch)
  const dependencies = (): LoginDependencies => ({
    ...createLoginDependencies(config),
    fetch,
    signInWithCustomToken: async () => ({ uid: wallet.address, getIdToken: async () => 'id-token' }),
  })

  render(
    <MiniKitProvider installOptions={{ appId: config.appId, usernamesUrl: config.usernamesUrl }}>
      <AuthProvider loginDependencies={dependencies}>
        <Who />
      </AuthProvider>
    </MiniKitProvider>,
  )

  await waitFor(() => expect(screen.getByText(`signed in as simulator.dev (${wallet.address})`)).toBeTruthy(), {
    timeout: 10_000,
  })

  // The wallet signed our nonce with the spec's statement, and the token request carried it.
  const [request] = tokenRequests
  const nonce = request?.searchParams.get('nonce') ?? ''
  expect(nonce).toMatch(/^[a-f0-9]{32}$/)
  const payload = JSON.parse(request?.searchParams.get('payload') ?? '{}')
  expect(payload).toMatchObject({ status: 'success', address: wallet.address })
  expect(payload.message).toContain(`Authenticate (${nonce}).`)
  expect(payload.message).toContain(`Nonce: ${nonce}`)
  expect(request?.searchParams.get('signedNonce')).toMatch(/^\d+\.[0-9a-f]{64}$/)
  expect(simulator.received.map((message) => message.command)).toContain('wallet-auth')
}, 20_000)
