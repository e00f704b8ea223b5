import { randomUUID } from 'node:crypto'
import { createSiweMessage } from '@worldmap/minikit/siwe'

const DAY_MS = 24 * 60 * 60 * 1000

/** A sign-in step failed; `step` says which, `status` is the HTTP status when there was one. */
export class SignInError extends Error {
  /** @override */
  name = 'SignInError'
  /** @param {string} step @param {string} message @param {number} [status] */
  constructor(step, message, status) {
    super(`${step}: ${message}`)
    this.step = step
    this.status = status
  }
}

/**
 * Sign a player in the way the app does (spec §7), with a local key standing
 * in for World App: a fresh nonce signed by the app server's own
 * `handleSignNonce`, a SIWE message for the app's origin
 * (`createSiweMessage`, 7-day expiry, statement `Authenticate ({nonce}).`)
 * signed by the player's viem account, exchanged at `onRequestCustomToken`
 * for a custom token, then the Auth emulator's `signInWithCustomToken` for an
 * ID token.
 *
 * @param {{
 *   account: import('viem/accounts').PrivateKeyAccount,
 *   origin: string,
 *   customTokenUrl: string,
 *   authUrl: string,
 *   signNonce: (nonce: string) => string,
 *   limiterFor: (name: 'onRequestCustomToken' | 'auth') => { run<T>(task: () => Promise<T>): Promise<T> },
 * }} options  `limiterFor`: the concurrency limit of each backend the sign-in calls.
 * @returns {Promise<{ uid: string, idToken: string, customToken: string }>}
 * @example
 * ```js
 * const { uid, idToken } = await signInPlayer({ account, origin: 'http://localhost:3000', customTokenUrl, authUrl, signNonce, limiterFor })
 * ```
 */
export async function signInPlayer({ account, origin, customTokenUrl, authUrl, signNonce, limiterFor }) {
  const nonce = randomUUID().replaceAll('-', '') // the sign-in contract's nonce: a UUID without its dashes
  const signedNonce = signNonce(nonce)
  const url = new URL(origin)
  const now = Date.now()
  const message = createSiweMessage({
    scheme: url.protocol.slice(0, -1),
    domain: url.host,
    address: account.address,
    statement: `Authenticate (${nonce}).`,
    uri: url.href,
    version: '1',
    chain_id: 480,
    nonce,
    issued_at: new Date(now).toISOString(),
    // The app asks for 7 days from just before the wallet stamps issuedAt; stay under the cap.
    expiration_time: new Date(now + 7 * DAY_MS - 60_000).toISOString(),
    not_before: new Date(now - DAY_MS).toISOString(),
  })
  const signature = await account.signMessage({ message })
  const payload = { status: 'success', message, signature, address: account.address, version: 2 }

  const query = new URLSearchParams({ payload: JSON.stringify(payload), nonce, signedNonce })
  const token = await limiterFor('onRequestCustomToken').run(() =>
    getJson(`${customTokenUrl}?${query}`, { method: 'GET' }, 'custom_token'),
  )
  if (typeof token?.customToken !== 'string') throw new SignInError('custom_token', 'no customToken in the reply')

  const session = await limiterFor('auth').run(() =>
    getJson(
      `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: token.customToken, returnSecureToken: true }),
      },
      'id_token',
    ),
  )
  if (typeof session?.idToken !== 'string') throw new SignInError('id_token', 'no idToken in the reply')
  return { uid: account.address, idToken: session.idToken, customToken: token.customToken }
}

/** @param {string} url @param {RequestInit} init @param {string} step */
async function getJson(url, init, step) {
  let response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(180_000) })
  } catch (error) {
    throw new SignInError(step, error instanceof Error ? error.message : String(error))
  }
  const body = await response.json().catch(() => null)
  if (!response.ok) {
    const reason = body?.error?.message ?? body?.error ?? `HTTP ${response.status}`
    throw new SignInError(step, typeof reason === 'string' ? reason : JSON.stringify(reason), response.status)
  }
  return body
}
