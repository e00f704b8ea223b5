import type { WalletAuthResult } from '@worldmap/minikit'
import { vi } from 'vitest'
import type { LoginDependencies } from '../src/features/auth/login.js'
import { ADDRESS } from './renderApp.js'

/**
 * Login dependencies that answer like the real services: a signed nonce, the
 * given wallet reply, a custom token, a Firebase user and a username.
 */
export function fakeLoginDependencies(walletReplies: WalletAuthResult[] = []) {
  const replies = [...walletReplies]
  const walletAuth = vi.fn(
    async (): Promise<WalletAuthResult> =>
      replies.shift() ?? { status: 'success', message: 'siwe', signature: '0xsig', address: ADDRESS, version: 1 },
  )
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/api/sign-nonce')
      ? Response.json({ status: 'OK', signedNonce: 'f'.repeat(64) })
      : Response.json({ customToken: 'custom-token' }),
  )
  const dependencies: LoginDependencies = {
    fetch,
    walletAuth,
    signInWithCustomToken: vi.fn(async () => ({ uid: ADDRESS, getIdToken: async () => 'id-token' })),
    walletUser: vi.fn(() => ({ walletAddress: ADDRESS, username: 'alice', profilePictureUrl: null })),
    signNonceUrl: 'http://localhost:3000/api/sign-nonce',
    customTokenUrl: 'http://127.0.0.1:5001/demo-worldmap/asia-southeast1/onRequestCustomToken',
  }
  return { dependencies, walletAuth, fetch }
}
