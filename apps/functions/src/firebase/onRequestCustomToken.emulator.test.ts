import { createNonce } from '@worldmap/game/contract'
import { handleSignNonce, signNonce } from '@worldmap/game/server'
import { createSiweMessage, type SiweMessage } from '@worldmap/minikit/siwe'
import { createSimulatorWallet } from '@worldmap/simulator'
import { getAddress, keccak256, stringToBytes, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAdmin, createClient, readOnce, readTestStack } from '../../test/testStack.js'

const stack = readTestStack()
const wallet = createSimulatorWallet()
const otherWallet = createSimulatorWallet(keccak256(stringToBytes('someone else')))
const day = 24 * 60 * 60 * 1000
const minute = 60 * 1000
const admin = createAdmin()

afterAll(() => admin.close())

const freshNonce = () => createNonce()

/** Step 1 of the login sequence, through the same handler `POST /api/sign-nonce` uses (`ageMs` back-dates it). */
function signedNonceFor(nonce: string, ageMs = 0): string {
  const result = handleSignNonce(
    { method: 'POST', body: JSON.stringify({ nonce }) },
    { secret: stack.nonceSecret, now: () => Date.now() - ageMs },
  )
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

/**
 * A World App (contract) wallet's sign-in: the message is for the wallet's
 * address, the signature is its owner key's, so only the wallet contract can
 * vouch for it (ERC-1271 over the stack's World Chain RPC).
 */
async function contractWalletPayload(nonce: string) {
  const owner = privateKeyToAccount(keccak256(toHex(`contract wallet owner ${nonce}`)))
  const walletAddress = getAddress(keccak256(toHex(`contract wallet ${nonce}`)).slice(0, 42))
  const now = Date.now()
  const message = createSiweMessage({
    scheme: 'http',
    domain: 'localhost:3000',
    address: walletAddress,
    uri: 'http://localhost:3000/',
    version: '1',
    chain_id: 480,
    nonce,
    statement: `Authenticate (${nonce}).`,
    issued_at: new Date(now).toISOString(),
    expiration_time: new Date(now + 7 * day).toISOString(),
  })
  const payload = {
    status: 'success',
    message,
    signature: await owner.signMessage({ message }),
    address: walletAddress,
    version: 2,
  }
  return { payload, walletAddress }
}

/** The stack's chain stand-in: make eth_call to `address` fail like an RPC outage (HTTP 503), or stop that. */
async function setChainUnreachable(address: string, unreachable: boolean) {
  const response = await fetch(stack.urls.chain, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'worldmap_setUnreachable', params: [address, unreachable] }),
  })
  expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: true })
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

  test('behavior: a phone 2 h ahead (its Issued At), asking for times in server time, signs in', async () => {
    const nonce = freshNonce()
    const payload = await walletAuthPayload(nonce, { issued_at: new Date(Date.now() + 2 * 60 * minute).toISOString() })
    const { status, body } = await requestCustomToken({
      payload: JSON.stringify(payload),
      nonce,
      signedNonce: signedNonceFor(nonce),
    })
    expect(status).toBe(200)
    expect(body.customToken).toEqual(expect.any(String))
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
            signedNonce: signNonce(nonce, 'not-the-server-secret-0123456789abcdef', Date.now()),
          }
        },
        403,
        'invalid_signed_nonce',
      ],
      [
        'expired message',
        async () => {
          const nonce = freshNonce()
          const past = Date.now() - 9 * minute
          const payload = await walletAuthPayload(nonce, {
            issued_at: new Date(past).toISOString(),
            not_before: new Date(past).toISOString(),
            expiration_time: new Date(Date.now() - minute).toISOString(),
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
      [
        'a sign-in to a foreign site (a hostile page had the user sign in to itself with our nonce)',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, {
            scheme: 'https',
            domain: 'evil.example',
            uri: 'https://evil.example/login',
          })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'domain_mismatch',
      ],
      [
        'our domain with a foreign URI',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { uri: 'https://evil.example/login' })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'uri_mismatch',
      ],
      [
        'a message issued in 2020 with no expiry',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, {
            issued_at: '2020-01-01T00:00:00.000Z',
            expiration_time: undefined,
            not_before: undefined,
          })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'device_clock_wrong',
      ],
      [
        'a message from a phone a day behind',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { issued_at: new Date(Date.now() - day).toISOString() })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'device_clock_wrong',
      ],
      [
        'a message expiring 8 days out',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { expiration_time: new Date(Date.now() + 8 * day).toISOString() })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'expiration_too_far',
      ],
      [
        'a message without an expiry',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce, { expiration_time: undefined })
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'missing_expiration',
      ],
      [
        'a signed nonce older than 10 minutes',
        async () => {
          const nonce = freshNonce()
          const payload = await walletAuthPayload(nonce)
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce, 11 * minute) }
        },
        401,
        'nonce_expired',
      ],
      [
        'a contract-wallet signature the chain says no to (no contract at the address)',
        async () => {
          const nonce = freshNonce()
          const { payload } = await contractWalletPayload(nonce)
          return { payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) }
        },
        401,
        'invalid_signature',
      ],
    ]

    test.each(cases)('error: %s', async (_name, makeQuery, status, code) => {
      const query = await makeQuery()
      const result = await requestCustomToken(query)
      expect({ status: result.status, error: result.body.error }).toEqual({ status, error: code })
      expect(result.body.customToken).toBeUndefined()
      expect(await spentNonces()).toEqual(before)
    })

    test('error: the World Chain RPC is down during a contract-wallet sign-in → 503 chain_unavailable, not a 4xx', async () => {
      const nonce = freshNonce()
      const { payload, walletAddress } = await contractWalletPayload(nonce)
      await setChainUnreachable(walletAddress, true)
      try {
        const result = await requestCustomToken({ payload: JSON.stringify(payload), nonce, signedNonce: signedNonceFor(nonce) })
        expect(result).toEqual({
          status: 503,
          body: {
            error: 'chain_unavailable',
            message: 'The World Chain RPC is unavailable, so the signature cannot be checked. Try again later.',
          },
        })
      } finally {
        await setChainUnreachable(walletAddress, false)
      }
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
