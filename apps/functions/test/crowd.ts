// The attacker's side of the crowd tests (issue 33): throwaway wallets as a
// script drives them — sessions minted without a client SDK, callables over
// their HTTP protocol, each request naming its source network the way
// Google's front end does (the last `X-Forwarded-For` entry).

import { randomBytes } from 'node:crypto'
import { geohashBounds } from '@worldmap/game'
import { createNonce } from '@worldmap/game/contract'
import { handleSignNonce } from '@worldmap/game/server'
import { createSiweMessage } from '@worldmap/minikit/siwe'
import { createSimulatorWallet } from '@worldmap/simulator'
import { keccak256, toHex } from 'viem'
import { projectId, type TestStack } from './testStack.js'

/** What the attacker's side needs of a stack: where its functions and sign-in listen, and its nonce secret. */
export type CrowdTarget = Pick<TestStack, 'ports' | 'urls' | 'nonceSecret'>

/**
 * An ID token for `uid` as the Auth emulator issues one after a custom-token
 * sign-in (unsigned, `alg: none`, which only the emulators accept), signed in
 * at `signedInAt` (ms): a crowd's stockpiled sessions are hours old. Made
 * here rather than asked for: hundreds of round trips to the Auth emulator
 * would add seconds, and the real sign-in is what `signInFrom` exercises.
 */
export function emulatorIdToken(uid: string, signedInAt = Date.now()): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    user_id: uid,
    iat: now,
    exp: now + 3600,
    auth_time: Math.floor(signedInAt / 1000),
    firebase: { identities: {}, sign_in_provider: 'custom' },
  })}.`
}

/** A callable's outcome as a script reads it: the result, or the refusal's code. */
export type CallOutcome<T> = { ok: true; result: T } | { ok: false; code: string }

/** Call `name` as the holder of `idToken`, from `source` (the front end's `X-Forwarded-For` entry) when given. */
export async function callAs<T>(
  stack: CrowdTarget,
  name: string,
  idToken: string,
  data: unknown,
  source?: string,
): Promise<CallOutcome<T>> {
  const response = await fetch(`http://127.0.0.1:${stack.ports.functions}/${projectId}/asia-southeast1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${idToken}`,
      ...(source ? { 'x-forwarded-for': `10.9.8.7, ${source}` } : {}),
    },
    body: JSON.stringify({ data }),
  })
  const body = (await response.json()) as { result?: T; error?: { status: string; details?: { code?: string } } }
  if (body.result !== undefined) return { ok: true, result: body.result }
  return { ok: false, code: body.error?.details?.code ?? body.error?.status ?? 'unknown' }
}

/**
 * Sign a fresh wallet in through the real custom-token endpoint (SIWE over a
 * signed nonce), from `source`. Resolves the HTTP status, the custom token
 * when admitted, and the wallet's address.
 */
export async function signInFrom(
  stack: CrowdTarget,
  source: string,
): Promise<{ status: number; customToken?: string; error?: string; uid: string }> {
  const wallet = createSimulatorWallet(keccak256(toHex(randomBytes(32))))
  const nonce = createNonce()
  const signed = handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret: stack.nonceSecret })
  if (signed.status !== 200 || !('signedNonce' in signed.body)) throw new Error('sign-nonce failed')
  const now = Date.now()
  const { message, signature } = await wallet.signSiwe(
    createSiweMessage({
      scheme: 'http',
      domain: 'localhost:3000',
      uri: 'http://localhost:3000/',
      version: '1',
      chain_id: 480,
      nonce,
      statement: `Authenticate (${nonce}).`,
      issued_at: new Date(now).toISOString(),
      expiration_time: new Date(now + 24 * 3_600_000).toISOString(),
    }),
  )
  const payload = { status: 'success', message, signature, address: wallet.address, version: 2 }
  const query = new URLSearchParams({ payload: JSON.stringify(payload), nonce, signedNonce: signed.body.signedNonce })
  const response = await fetch(`${stack.urls.customToken}?${query}`, { headers: { 'x-forwarded-for': `10.9.8.7, ${source}` } })
  const body = (await response.json()) as { customToken?: string; error?: string }
  return { status: response.status, ...body, uid: wallet.address }
}

/** Exchange a custom token for an ID token at the stack's Auth emulator, as the client SDK does on sign-in. */
export async function idTokenOf(stack: CrowdTarget, customToken: string): Promise<string> {
  const response = await fetch(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  )
  const body = (await response.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`the Auth emulator did not sign the custom token in (HTTP ${response.status})`)
  return body.idToken
}

/** Run `task` for 0..count-1 with at most `limit` in flight. */
export async function inBatches<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const index = next++
        results[index] = await task(index)
      }
    }),
  )
  return results
}

/** A city no other test plays in: a random region (geohash precision 4) on land-ish latitudes, never Singapore. */
export function randomRegion(): string {
  const base32 = '0123456789bcdefghjkmnpqrstuvwxyz'
  for (;;) {
    const region = Array.from({ length: 4 }, () => base32.charAt((randomBytes(1)[0] ?? 0) % 32)).join('')
    const { south, north } = geohashBounds(region)
    if (Math.abs(south) < 60 && Math.abs(north) < 60 && !region.startsWith('w21')) return region
  }
}

/** A random spot inside `region`, away from its edges so every watch cell around it stays in the region. */
export function spotIn(region: string): { lat: number; lng: number } {
  const { south, north, west, east } = geohashBounds(region)
  const at = (min: number, max: number) => min + (max - min) * (0.1 + 0.8 * Math.random())
  return { lat: at(south, north), lng: at(west, east) }
}

/** Count outcomes by result or refusal code, for the test's log line. */
export function tally(outcomes: readonly CallOutcome<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const outcome of outcomes) {
    const key = outcome.ok ? 'ok' : outcome.code
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
