import { randomBytes } from 'node:crypto'
import { createSiweMessage, type SiweMessage } from '@worldmap/minikit/siwe'
import { createSimulatorWallet } from '@worldmap/simulator'
import { getAddress, keccak256, stringToBytes } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAdmin, createClient, readOnce, readTestStack } from '../../test/testStack.js'
import { handleSignNonce } from '../auth/handleSignNonce.js'
import { signNonce } from '../auth/signNonce.js'

const stack = readTestStack()
const wallet = createSimulatorWallet()
const otherWallet = createSimulatorWallet(keccak256(stringToBytes('someone else')))
const day = 24 * 60 * 60 * 1000
const admin = createAdmin()

afterAll(() => admin.close())

const freshNonce = () => randomBytes(16).toString('hex')

/** Step 1 of the login sequence, through the same handler `POST /api/sign-nonce` uses. */
function signedNonceFor(nonce: string): string {
  const result = handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret: stack.nonceSecret })
  if (result.status !== 200 || !('signedNonce' in result.body)) throw new Error('sign-nonce failed')
  return result.body.signedNonce
}

/** Step 2: what World App returns for walletAuth, signed by the simulator's wallet. */
async function walletAuthPayload(nonce: string, overrides: Partial<SiweMessage> = {}, signer = wallet) {
  const now = Date.now()
  const template = createSiweMessage({
    scheme: 'http',
    domain: 'localhost:3000',
    uri: 'http://localhost:3000/',
    version: '1',
    chain_id: 480,
    nonce,
    statement: `Authenticate (${nonce}).`,
    issued_at: new Date(now).toISOString(),
    expiration_time: new Date(now + 7 * day).toISOString(),
    not_before: new Date(now - day).toISOString(),
    ...overrides,
  })
  const { message, signature } = await signer.signSiwe(template)
  return { status: 'success', message, signature: signature as string, address: wallet.address as string, version: 2 }
}

/** Step 3: GET onRequestCustomToken on the Functions emulator. */
async function requestCustomToken(query: Record<string, string>, init?: RequestInit) {
  const response = await fetch(`${stack.urls.customToken}?${new URLSearchParams(query)}`, init)
  return { status: response.status, body: (await response.json()) as { customToken?: string; error?: string } }
}

const spentNonces = async () => Object.keys((await readOnce<Record<string, unknown>>(admin.database, 'nonces')) ?? {})

describe('onRequestCustomToken on the emulators', () => {
  test('default: sign-nonce → wallet auth → custom token → signInWithCustomToken gives uid = the checksummed address', async () => {
    const nonce = freshNonce()
    const payload = await walletAuthPayload(nonce)
    const { status, body } = await requestCustomToken({
      payload: JSON.stringify(payload),
      nonce,
      signedNonce: signedNonceFor(nonce),
    })
    expect(status).toBe(200)
    expect(body.customToken).toEqual(expect.any(String))

    const client = await createClient(body.customToken)
    try {
      expect(client.user?.uid).toBe(getAddress(wallet.address))
      expect(await client.user?.getIdToken()).toMatch(/\S+\.\S+\./)
    } finally {
      await client.close()
    }
    expect(await readOnce(admin.database, `nonces/${nonce}`)).toEqual({ spentAt: expect.any(Number) })
  })

  test('error: a replayed payload is refused (409) and the nonce stays spent once', async () => {
    const nonce = freshNonce()
    const query = { payload: JSON.stringify(await walletAuthPayload(nonce)), nonce, signedNonce: signedNonceFor(nonce) }
    expect((await requestCustomToken(query)).status).toBe(200)
    const first = await readOnce(admin.database, `nonces/${nonce}`)
    expect(await requestCustomToken(query)).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'nonce_already_used' }),
    })
    expect(await readOnce(admin.database, `nonces/${nonce}`)).toEqual(first)
  })

  test('behavior: ten concurrent requests with one payload mint exactly one token', async () => {
    const nonce = freshNonce()
    const query = { payload: JSON.stringify(await walletAuthPayload(nonce)), nonce, signedNonce: signedNonceFor(nonce) }
    const results = await Promise.all(Array.from({ length: 10 }, () => requestCustomToken(query)))
    expect(results.map((result) => result.status).sort()).toEqual([200, ...Array(9).fill(409)])
  })

  describe('attacks: each rejected with its own code, nothing written', () => {
    let before: string[]
    beforeAll(async () => {
      before = await spentNonces()
    })

    const cases: [string, () => Promise<Record<string, string>>, number, string][] = [
      [
        'forged HMAC',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce)
          return {
            payload: JSON.stringify(payload),
            nonce,
            signedNonce: signNonce(nonce, 'not-the-server-secret-0123456789abcdef'),
          }
        },
        403,
        'invalid_signed_nonce',
      ],
      [
        'expired message',
        async () => {
          const nonce = freshNonce()
          const past = Date.now() - 3 * day
          const payload = await walletAuthPayload(nonce, {
            issued_at: new Date(past - day).toISOString(),
            not_before: new Date(past - day).toISOString(),
            expiration_time: new Date(past).toISOString(),
          })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'expired',
      ],
      [
        'message not valid yet',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { not_before: new Date(Date.now() + day).toISOString() })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'not_yet_valid',
      ],
      [
        'wrong chain',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { chain_id: 1 })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'chain_mismatch',
      ],
      [
        'wrong statement',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { statement: 'Send me all your tokens.' })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'statement_mismatch',
      ],
      [
        'another nonce in the message',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(freshNonce())
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'nonce_mismatch',
      ],
      [
        'wrong address',
        async () => {
          const nonce = freshNonce()
          const payload = { ...(await walletAuthPayload(nonce)), address: otherWallet.address }
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'address_mismatch',
      ],
      [
        'bad signature (signed by another wallet)',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, {}, otherWallet)
          const message = payload.message.replace(otherWallet.address, wallet.address)
          return {
            payload: JSON.stringify({ ...payload, message, signature: await otherWallet.signMessage(message) }),
            nonce,
            signedNonce: signedNonceFor(nonce),
          }
        },
        401,
        'invalid_signature',
      ],
      [
        'oversized payload',
        async () => {
          const nonce = freshNonce()
          const payload = { ...(await walletAuthPayload(nonce)), padding: 'x'.repeat(9000) }
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        413,
        'payload_too_large',
      ],
      [
        'payload that is not JSON',
        async () => {
          const nonce = freshNonce()
          return { payload: '{"status": "success",', nonce, signedNonce: signedNonceFor(nonce) }
        },
        400,
        'invalid_payload_json',
      ],
      [
        'payload missing its signature',
        async () => {
          const nonce = freshNonce()
          const { signature: _, ...payload } = await walletAuthPayload(nonce)
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        400,
        'invalid_payload',
      ],
      [
        'a wallet error reply',
        async () => {
          const nonce = freshNonce()
          return {
            payload: JSON.stringify({ status: 'error', error_code: 'user_rejected', version: 2 }),
            nonce,
            signedNonce: signedNonceFor(nonce),
          }
        },
        400,
        'wallet_auth_failed',
      ],
      [
        'nonce with forbidden characters',
        async () => {
          const nonce = 'abc/def.ghi'
          return { payload: JSON.stringify(await walletAuthPayload('abcdefghi')), nonce, signedNonce: 'a'.repeat(64) }
        },
        400,
        'invalid_nonce',
      ],
      ['missing query fields', async () => ({ nonce: freshNonce() }), 400, 'invalid_query'],
    ]

    test.each(cases)('error: %s', async (_name, makeQuery, status, code) => {
      const query = await makeQuery()
      const result = await requestCustomToken(query)
      expect({ status: result.status, error: result.body.error }).toEqual({ status, error: code })
      expect(result.body.customToken).toBeUndefined()
      expect(await spentNonces()).toEqual(before)
    })

    test('error: another method → 405', async () => {
      const response = await fetch(stack.urls.customToken, { method: 'POST', body: '{}' })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET')
      expect(await response.json()).toMatchObject({ error: 'method_not_allowed' })
      expect(await spentNonces()).toEqual(before)
    })
  })
})
