import { createHmac } from 'node:crypto'
import { signNonce } from '@worldmap/game/server'
import { createSiweMessage, type SiweMessage } from '@worldmap/minikit/siwe'
import { createSimulatorWallet } from '@worldmap/simulator'
import fc from 'fast-check'
import { createPublicClient, custom, encodeAbiParameters, getAddress, HttpRequestError, keccak256, stringToBytes } from 'viem'
import { worldchain } from 'viem/chains'
import { describe, expect, test, vi } from 'vitest'
import { PlayerMovingError } from '../database/errors/PlayerMovingError.js'
import {
  type ExchangeCustomTokenDependencies,
  type ExchangeCustomTokenResult,
  exchangeCustomToken,
} from './exchangeCustomToken.js'

const secret = 'test-secret-0123456789abcdef0123456789'
const wallet = createSimulatorWallet()
const otherWallet = createSimulatorWallet(keccak256(stringToBytes('another wallet')))
const now = new Date('2025-06-01T12:00:00.000Z')
const day = 24 * 60 * 60 * 1000
const nonce = '9f86d081884c4d659a2feaa0c55ad015'
const minute = 60 * 1000
const hour = 60 * minute
/** `offsetMs` from the server's now, as a SIWE timestamp. */
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString()

/** No network in tests: a World Chain node with no contracts (ERC-1271 answers "not a contract wallet"), like the local stack's. */
const emptyChainClient = createPublicClient({
  chain: worldchain,
  transport: custom(
    { request: async ({ method }: { method: string }) => (method === 'eth_call' ? '0x' : null) },
    { retryCount: 0 },
  ),
})

/** A World Chain RPC that is down: every request fails in transport. */
const offlineClient = createPublicClient({
  chain: worldchain,
  transport: custom(
    {
      request: async () => {
        throw new HttpRequestError({ url: 'https://rpc.example', status: 503 })
      },
    },
    { retryCount: 0 },
  ),
})

const appOrigins = ['https://worldmap.app']

const knownCodes = [
  'invalid_query',
  'payload_too_large',
  'invalid_nonce',
  'invalid_payload_json',
  'invalid_payload',
  'wallet_auth_failed',
  'invalid_signed_nonce',
  'nonce_expired',
  'malformed_message',
  'unsupported_version',
  'address_mismatch',
  'chain_mismatch',
  'scheme_mismatch',
  'domain_mismatch',
  'uri_mismatch',
  'nonce_mismatch',
  'statement_mismatch',
  'request_id_mismatch',
  'expired',
  'not_yet_valid',
  'issued_in_future',
  'device_clock_wrong',
  'missing_expiration',
  'expiration_too_far',
  'invalid_signature',
  'nonce_already_used',
]

/** Build and sign a sign-in message the way the SDK's walletAuth and World App do. */
async function signIn(overrides: Partial<SiweMessage> = {}, options: { nonce?: string; signer?: typeof wallet } = {}) {
  const messageNonce = options.nonce ?? nonce
  const template = createSiweMessage({
    scheme: 'https',
    domain: 'worldmap.app',
    uri: 'https://worldmap.app/',
    version: '1',
    chain_id: 480,
    nonce: messageNonce,
    statement: `Authenticate (${messageNonce}).`,
    issued_at: now.toISOString(),
    expiration_time: new Date(now.getTime() + 7 * day).toISOString(),
    not_before: new Date(now.getTime() - day).toISOString(),
    ...overrides,
  })
  const { message, signature } = await (options.signer ?? wallet).signSiwe(template)
  return { status: 'success' as const, message, signature: signature as string, address: wallet.address as string, version: 2 }
}

/** The query the app sends, with a nonce our server signed `nonceAgeMs` ago. */
function query(payload: object, queryNonce = nonce, nonceAgeMs = 30_000) {
  return {
    payload: JSON.stringify(payload),
    nonce: queryNonce,
    signedNonce: signNonce(queryNonce, secret, now.getTime() - nonceAgeMs),
  }
}

function createDependencies(overrides: Partial<ExchangeCustomTokenDependencies> = {}) {
  const spent = new Set<string>()
  return {
    secret,
    spendNonce: vi.fn(async (value: string) => {
      if (spent.has(value)) return false
      spent.add(value)
      return true
    }),
    mintCustomToken: vi.fn(async (uid: string) => `token-for-${uid}`),
    client: emptyChainClient,
    appOrigins,
    now: () => now,
    logger: { error: vi.fn() },
    ...overrides,
  }
}

/** A rejection: its own status and code, no input echoed, nothing written. */
function expectRejected(
  result: ExchangeCustomTokenResult,
  dependencies: ReturnType<typeof createDependencies>,
  status: number,
  code: string,
  secrets: string[] = [],
) {
  expect({ status: result.status, error: (result.body as { error?: string }).error }).toEqual({ status, error: code })
  const text = JSON.stringify(result.body)
  for (const value of [secret, nonce, signNonce(nonce, secret, now.getTime() - 30_000), ...secrets]) {
    expect(text).not.toContain(value)
  }
  expect(dependencies.spendNonce).not.toHaveBeenCalled()
  expect(dependencies.mintCustomToken).not.toHaveBeenCalled()
}

describe('exchangeCustomToken', () => {
  test('default: a World App sign-in gets a custom token for the checksummed address', async () => {
    const dependencies = createDependencies()
    const result = await exchangeCustomToken(query(await signIn()), dependencies)
    expect(result).toEqual({ status: 200, body: { customToken: `token-for-${wallet.address}` } })
    expect(dependencies.spendNonce).toHaveBeenCalledTimes(1)
    expect(dependencies.spendNonce).toHaveBeenCalledWith(nonce)
    expect(dependencies.mintCustomToken).toHaveBeenCalledExactlyOnceWith(wallet.address)
    expect(vi.mocked(dependencies.spendNonce).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(dependencies.mintCustomToken).mock.invocationCallOrder[0] ?? 0,
    )
  })

  test("behavior: the player's generated name comes with the token, for the checksummed uid (the leaderboard's name)", async () => {
    const generatedNameOf = vi.fn((uid: string) => `Quiet Wren ${uid.slice(2, 6)}`)
    const result = await exchangeCustomToken(query(await signIn()), { ...createDependencies(), generatedNameOf })
    expect(result).toEqual({
      status: 200,
      body: { customToken: `token-for-${wallet.address}`, generatedName: `Quiet Wren ${wallet.address.slice(2, 6)}` },
    })
    expect(generatedNameOf).toHaveBeenCalledExactlyOnceWith(wallet.address)
  })

  test('parameters: a lowercase payload address still mints the checksummed uid', async () => {
    const dependencies = createDependencies()
    const payload = { ...(await signIn()), address: wallet.address.toLowerCase() }
    const result = await exchangeCustomToken(query(payload), dependencies)
    expect(result.status).toBe(200)
    expect(dependencies.mintCustomToken).toHaveBeenCalledWith(getAddress(wallet.address))
  })

  test('parameters: a legacy signature without 0x, no version, extra query keys', async () => {
    const dependencies = createDependencies()
    const { version: _version, ...payload } = await signIn()
    const result = await exchangeCustomToken(
      { ...query({ ...payload, signature: payload.signature.slice(2) }), extra: ['x'] },
      dependencies,
    )
    expect(result.status).toBe(200)
  })

  test('parameters: any of several app origins, a URI anywhere under it', async () => {
    const dependencies = createDependencies({ appOrigins: ['http://localhost:3000', 'https://worldmap.app'] })
    const local = await signIn({ scheme: 'http', domain: 'localhost:3000', uri: 'http://localhost:3000/map?from=login' })
    expect((await exchangeCustomToken(query(local), dependencies)).status).toBe(200)
    const deployed = await signIn({ uri: 'https://worldmap.app/profile' }, { nonce: '0c7e6a2b35d44f1b8e9a4c1d2b3a4f50' })
    expect((await exchangeCustomToken(query(deployed, '0c7e6a2b35d44f1b8e9a4c1d2b3a4f50'), dependencies)).status).toBe(200)
  })

  test('parameters: a signed nonce up to 10 minutes old, or from an app server up to 5 minutes ahead', async () => {
    for (const age of [10 * 60_000, -5 * 60_000]) {
      const dependencies = createDependencies()
      expect((await exchangeCustomToken(query(await signIn(), nonce, age), dependencies)).status).toBe(200)
    }
  })

  test.each([
    [
      'a foreign domain (a hostile page had the user sign in to itself)',
      { domain: 'evil.example', uri: 'https://evil.example/' },
      'domain_mismatch',
    ],
    ['our domain on another scheme', { scheme: 'http', uri: 'http://worldmap.app/' }, 'scheme_mismatch'],
    ['our domain with a foreign URI', { uri: 'https://evil.example/login' }, 'uri_mismatch'],
  ] as const)('error: origin binding — %s → %s', async (_name, overrides, code) => {
    const dependencies = createDependencies()
    const payload = await signIn(overrides)
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, code, [payload.signature])
  })

  test('error: no app origins configured refuses every sign-in', async () => {
    const dependencies = createDependencies({ appOrigins: [] })
    expectRejected(await exchangeCustomToken(query(await signIn()), dependencies), dependencies, 401, 'domain_mismatch')
  })

  test.each([
    [
      'issued in 2020 with no expiry',
      { issued_at: '2020-01-01T00:00:00.000Z', expiration_time: undefined, not_before: undefined },
      'device_clock_wrong',
    ],
    ['issued 12 h 10 min and 1 ms ago', { issued_at: at(-12 * hour - 10 * minute - 1) }, 'device_clock_wrong'],
    ['issued a day ago (a phone a day behind)', { issued_at: at(-day) }, 'device_clock_wrong'],
    ['issued 12 h and 1 ms ahead', { issued_at: at(12 * hour + 1) }, 'device_clock_wrong'],
    ['issued a day ahead (a phone a day ahead)', { issued_at: at(day) }, 'device_clock_wrong'],
    ['issued in 9999', { issued_at: '9999-12-31T23:59:59.999Z' }, 'device_clock_wrong'],
    ['issued 2 h ahead, expired a second ago by our clock', { issued_at: at(2 * hour), expiration_time: at(-1000) }, 'expired'],
    [
      'issued 2 h behind, expiring 7 days + 12 h + 1 ms out',
      { issued_at: at(-2 * hour), expiration_time: at(7 * day + 12 * hour + 1) },
      'expiration_too_far',
    ],
    ['no expiry', { expiration_time: undefined }, 'missing_expiration'],
    ['expiring 8 days out', { expiration_time: new Date(now.getTime() + 8 * day).toISOString() }, 'expiration_too_far'],
  ] as const)('error: time window — %s → %s', async (_name, overrides, code) => {
    const dependencies = createDependencies()
    const payload = await signIn(overrides)
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, code, [payload.signature])
  })

  test('error: a phone’s clock beyond the tolerance has its own words, never a connection problem', async () => {
    const dependencies = createDependencies()
    const result = await exchangeCustomToken(query(await signIn({ issued_at: at(-day) })), dependencies)
    expect(result).toEqual({
      status: 401,
      body: {
        error: 'device_clock_wrong',
        message: 'device_clock_wrong',
      },
    })
  })

  test.each([
    ['a phone 2 h ahead (the app reads the times off server time)', { issued_at: at(2 * hour) }],
    [
      'a phone 2 h behind',
      { issued_at: at(-2 * hour), expiration_time: at(-2 * hour + 7 * day), not_before: at(-2 * hour - day) },
    ],
    ['a phone 11 h 59 min ahead', { issued_at: at(12 * hour - minute) }],
    ['a phone 12 h behind, the message signed 10 min ago', { issued_at: at(-12 * hour - 10 * minute) }],
    [
      'an older app that read the expiry off a phone 2 h ahead',
      { issued_at: at(2 * hour), expiration_time: at(2 * hour + 7 * day), not_before: at(2 * hour - day) },
    ],
  ] as const)('behavior: a plain clock skew signs in — %s', async (_name, overrides) => {
    const dependencies = createDependencies()
    const result = await exchangeCustomToken(query(await signIn(overrides)), dependencies)
    expect(result).toEqual({ status: 200, body: { customToken: `token-for-${getAddress(wallet.address)}` } })
  })

  test('behavior: a skewed phone’s message is still spent once — the replay is refused', async () => {
    const dependencies = createDependencies()
    const payload = await signIn({ issued_at: at(3 * hour) })
    expect((await exchangeCustomToken(query(payload), dependencies)).status).toBe(200)
    const again = await exchangeCustomToken(query(payload), dependencies)
    expect(again.body).toMatchObject({ error: 'nonce_already_used' })
  })

  test.each([
    ['older than 10 minutes', 10 * 60_000 + 1],
    ['an hour old', 60 * 60_000],
    ['more than 5 minutes ahead of our clock', -5 * 60_000 - 1],
  ])('error: a signed nonce %s → 401 nonce_expired', async (_name, age) => {
    const dependencies = createDependencies()
    const result = await exchangeCustomToken(query(await signIn(), nonce, age), dependencies)
    expectRejected(result, dependencies, 401, 'nonce_expired')
    expect(result.body).toEqual({
      error: 'nonce_expired',
      message: 'signedNonce has expired: start the sign-in again with a new nonce.',
    })
  })

  test('error: the World Chain RPC is down → 503 chain_unavailable, logged, nothing spent', async () => {
    const dependencies = createDependencies({ client: offlineClient })
    // Not an EOA signature by the address: only the wallet contract (ERC-1271) can judge it.
    const payload = { ...(await signIn()), signature: `0x${'ab'.repeat(97)}` }
    const result = await exchangeCustomToken(query(payload), dependencies)
    expectRejected(result, dependencies, 503, 'chain_unavailable', [payload.signature])
    expect(result.body).toEqual({
      error: 'chain_unavailable',
      message: 'The World Chain RPC is unavailable, so the signature cannot be checked. Try again later.',
    })
    expect(dependencies.logger.error).toHaveBeenCalledExactlyOnceWith('onRequestCustomToken failed', {
      stage: 'verify',
      error: 'chain_unavailable',
    })
  })

  test('error: an address without a contract (the chain answered) is still 401 invalid_signature', async () => {
    const dependencies = createDependencies({ client: emptyChainClient })
    const payload = { ...(await signIn()), signature: `0x${'ab'.repeat(97)}` }
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, 'invalid_signature', [
      payload.signature,
    ])
    expect(dependencies.logger.error).not.toHaveBeenCalled()
  })

  test('behavior: a Safe wallet signature is checked with ERC-1271 through the injected client', async () => {
    const magic = encodeAbiParameters([{ type: 'bytes4' }], ['0x1626ba7e'])
    const request = vi.fn(async ({ method }: { method: string }) => (method === 'eth_call' ? magic : null))
    const client = createPublicClient({ chain: worldchain, transport: custom({ request }) })
    const dependencies = createDependencies({ client })
    const result = await exchangeCustomToken(query({ ...(await signIn()), signature: `0x${'ab'.repeat(120)}` }), dependencies)
    expect(result.status).toBe(200)
    expect(request).toHaveBeenCalled()
  })

  test('error: a replayed nonce is refused and no second token is minted', async () => {
    const dependencies = createDependencies()
    const request = query(await signIn())
    expect((await exchangeCustomToken(request, dependencies)).status).toBe(200)
    const replay = await exchangeCustomToken(request, dependencies)
    expect(replay).toMatchInlineSnapshot(`
      {
        "body": {
          "error": "nonce_already_used",
          "message": "This nonce was already used to sign in.",
        },
        "status": 409,
      }
    `)
    expect(dependencies.spendNonce).toHaveBeenCalledTimes(2)
    expect(dependencies.mintCustomToken).toHaveBeenCalledTimes(1)
  })

  test('error: a sign-in the crowd limit refuses gets 429 too_many_sign_ins and no token', async () => {
    const admitSignIn = vi.fn(async () => false)
    const dependencies = { ...createDependencies(), admitSignIn }
    expect(await exchangeCustomToken(query(await signIn()), dependencies)).toEqual({
      status: 429,
      body: { error: 'too_many_sign_ins', message: 'Too many new sign-ins from this network for now. Try again later.' },
    })
    expect(admitSignIn).toHaveBeenCalledExactlyOnceWith(wallet.address)
    expect(dependencies.mintCustomToken).not.toHaveBeenCalled()
  })

  test('error: a failing crowd counter is an internal error, never a token', async () => {
    const dependencies = { ...createDependencies(), admitSignIn: vi.fn(async () => Promise.reject(new Error('db down'))) }
    expect((await exchangeCustomToken(query(await signIn()), dependencies)).status).toBe(500)
    expect(dependencies.mintCustomToken).not.toHaveBeenCalled()
  })

  test('error: a player a table switch is still moving gets 503 player_moving with Retry-After, not a 500 or a token', async () => {
    const errors: unknown[] = []
    const dependencies = {
      ...createDependencies(),
      admitSignIn: vi.fn(async () => Promise.reject(new PlayerMovingError())),
      logger: { error: (...args: unknown[]) => errors.push(args) },
    }
    expect(await exchangeCustomToken(query(await signIn()), dependencies)).toEqual({
      status: 503,
      headers: { 'retry-after': '2' },
      body: {
        error: 'player_moving',
        message: "This player's records are moving to another database for a moment. Sign in again shortly.",
      },
    })
    expect(dependencies.mintCustomToken).not.toHaveBeenCalled()
    // Not logged as our failure: the outcome line counts it under its own code.
    expect(errors).toEqual([])
  })

  test('error: forged signedNonce', async () => {
    const payload = await signIn()
    for (const signedNonce of [
      signNonce(nonce, 'attacker-secret-0123456789abcdef0123', now.getTime()),
      signNonce('0c7e6a2b35d44f1b8e9a4c1d2b3a4f50', secret, now.getTime()),
      // Our HMAC with the issue time moved: a stale nonce cannot be refreshed.
      `${now.getTime()}.${signNonce(nonce, secret, now.getTime() - 60 * 60_000).split('.')[1]}`,
      // The old format (HMAC of the nonce alone) carries no issue time.
      createHmac('sha256', secret).update(nonce).digest('hex'),
      '0'.repeat(64),
      'not-hex',
    ]) {
      const dependencies = createDependencies()
      const result = await exchangeCustomToken({ ...query(payload), signedNonce }, dependencies)
      expectRejected(result, dependencies, 403, 'invalid_signed_nonce', [payload.signature])
    }
  })

  test.each([
    [
      'expired',
      {
        issued_at: new Date(now.getTime() - 9 * 60_000).toISOString(),
        expiration_time: new Date(now.getTime() - 1000).toISOString(),
      },
      401,
      'expired',
    ],
    ['not yet valid', { not_before: new Date(now.getTime() + 60_000).toISOString() }, 401, 'not_yet_valid'],
    ['issued in the future', { issued_at: new Date(now.getTime() + day).toISOString() }, 401, 'device_clock_wrong'],
    ['wrong chain', { chain_id: 1 }, 401, 'chain_mismatch'],
    ['wrong statement', { statement: 'Sign in to WorldMap' }, 401, 'statement_mismatch'],
    ['no statement', { statement: '' }, 401, 'statement_mismatch'],
    ['wrong SIWE version', { version: '2' }, 400, 'unsupported_version'],
  ] as const)('error: %s', async (_name, overrides, status, code) => {
    const dependencies = createDependencies()
    const payload = await signIn(overrides)
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, status, code, [payload.signature])
  })

  test('error: a message signed for another nonce', async () => {
    const dependencies = createDependencies()
    const payload = await signIn({}, { nonce: '0c7e6a2b35d44f1b8e9a4c1d2b3a4f50' })
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, 'nonce_mismatch', [
      payload.signature,
    ])
  })

  test('error: payload address is not the message address', async () => {
    const dependencies = createDependencies()
    const payload = { ...(await signIn()), address: otherWallet.address }
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, 'address_mismatch', [
      payload.signature,
    ])
  })

  test('error: signed by another key', async () => {
    const dependencies = createDependencies()
    const genuine = await signIn()
    const signature = await otherWallet.signMessage(genuine.message)
    const payload = { ...genuine, signature }
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, 'invalid_signature', [signature])
  })

  test('error: a tampered message', async () => {
    const dependencies = createDependencies()
    const genuine = await signIn()
    // Still for our origin (so it reaches the signature check), but not the text that was signed.
    const payload = {
      ...genuine,
      message: genuine.message.replace('URI: https://worldmap.app/', 'URI: https://worldmap.app/elsewhere'),
    }
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 401, 'invalid_signature', [
      genuine.signature,
    ])
  })

  test('error: malformed message', async () => {
    const dependencies = createDependencies()
    const payload = { ...(await signIn()), message: 'hello' }
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 400, 'malformed_message')
  })

  test('error: the wallet reported a failure', async () => {
    const dependencies = createDependencies()
    const payload = { status: 'error', error_code: 'user_rejected', version: 2 }
    expectRejected(await exchangeCustomToken(query(payload), dependencies), dependencies, 400, 'wallet_auth_failed')
  })

  test.each([
    ['payload not JSON', { ...query({}), payload: '{status:' }, 400, 'invalid_payload_json'],
    ['payload JSON null', { ...query({}), payload: 'null' }, 400, 'invalid_payload'],
    ['payload JSON array', { ...query({}), payload: '[]' }, 400, 'invalid_payload'],
    ['payload without signature', query({ status: 'success', message: 'm', address: wallet.address }), 400, 'invalid_payload'],
    [
      'payload with a bad address',
      query({ status: 'success', message: 'm', signature: '0x00', address: 'me' }),
      400,
      'invalid_payload',
    ],
    [
      'payload over 8 KiB',
      query({ status: 'success', message: 'x'.repeat(9000), signature: '0x00', address: wallet.address }),
      413,
      'payload_too_large',
    ],
    ['nonce over 64', query({}, 'a'.repeat(65)), 400, 'invalid_nonce'],
    ['nonce with a slash', query({}, 'abcdefgh/'), 400, 'invalid_nonce'],
    ['nonce too short', query({}, 'abc'), 400, 'invalid_nonce'],
    ['nonce of 32 hex digits without a UUID version', query({}, '00112233445566778899aabbccddeeff'), 400, 'invalid_nonce'],
    ['nonce with dashes', query({}, '9f86d081-884c-4d65-9a2f-eaa0c55ad015'), 400, 'invalid_nonce'],
    ['signedNonce too long', { ...query({}), signedNonce: 'a'.repeat(129) }, 400, 'invalid_query'],
  ])('error: %s', async (_name, request, status, code) => {
    const dependencies = createDependencies()
    expectRejected(await exchangeCustomToken(request, dependencies), dependencies, status, code)
  })

  test('error: missing fields and array values name the fields', async () => {
    const dependencies = createDependencies()
    const full = query(await signIn())
    expect((await exchangeCustomToken({}, dependencies)).body).toMatchInlineSnapshot(`
      {
        "error": "invalid_query",
        "fields": [
          "payload",
          "nonce",
          "signedNonce",
        ],
        "message": "Query must have exactly one payload, nonce and signedNonce, each a string.",
      }
    `)
    const arrays = await exchangeCustomToken({ ...full, nonce: [nonce, nonce] }, dependencies)
    expectRejected(arrays, dependencies, 400, 'invalid_query', [full.payload])
    expect(arrays.body).toMatchObject({ fields: ['nonce'] })
    for (const request of [null, undefined, 'payload=x', [full], { ...full, payload: '' }, { ...full, signedNonce: 42 }]) {
      expectRejected(await exchangeCustomToken(request, dependencies), dependencies, 400, 'invalid_query')
    }
  })

  test('error: token minting fails → 500 internal, logged without secrets', async () => {
    const dependencies = createDependencies({
      mintCustomToken: vi.fn(async () => {
        throw new Error(`auth/internal-error for ${nonce} using ${secret}`)
      }),
    })
    const payload = await signIn()
    const result = await exchangeCustomToken(query(payload), dependencies)
    expect(result).toEqual({ status: 500, body: { error: 'internal', message: 'Internal error.' } })
    expect(dependencies.logger.error).toHaveBeenCalledExactlyOnceWith('onRequestCustomToken failed', {
      stage: 'mint_custom_token',
      error: 'Error',
    })
    const logged = JSON.stringify(vi.mocked(dependencies.logger.error).mock.calls)
    for (const value of [secret, nonce, payload.signature]) expect(logged).not.toContain(value)
  })

  test('error: the nonce store or the verifier fails → 500 internal', async () => {
    const store = createDependencies({ spendNonce: vi.fn(async () => Promise.reject(new Error('db down'))) })
    expect(await exchangeCustomToken(query(await signIn()), store)).toMatchObject({ status: 500, body: { error: 'internal' } })
    expect(store.mintCustomToken).not.toHaveBeenCalled()
    expect(store.logger.error).toHaveBeenCalledWith('onRequestCustomToken failed', { stage: 'spend_nonce', error: 'Error' })

    const verifier = createDependencies({ verifySiwe: vi.fn(async () => Promise.reject(new TypeError('boom'))) })
    expect(await exchangeCustomToken(query(await signIn()), verifier)).toMatchObject({ status: 500, body: { error: 'internal' } })
    expect(verifier.spendNonce).not.toHaveBeenCalled()
    expect(verifier.logger.error).toHaveBeenCalledWith('onRequestCustomToken failed', { stage: 'verify', error: 'TypeError' })
  })

  test('behavior: verifySiwe gets the expected statement, chain, nonce, clock and the phone-clock tolerance', async () => {
    const verifySiwe = vi.fn(async () => ({ isValid: true }))
    const dependencies = createDependencies({ verifySiwe })
    const payload = await signIn()
    expect((await exchangeCustomToken(query(payload), dependencies)).status).toBe(200)
    expect(verifySiwe).toHaveBeenCalledExactlyOnceWith({
      payload,
      nonce,
      statement: `Authenticate (${nonce}).`,
      chainId: 480,
      now,
      maxIssuedAtSkewMs: 12 * hour,
      client: emptyChainClient,
    })
  })

  test('behavior: random queries only get a known 4xx and write nothing', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.stringMatching(/^[A-Za-z0-9]{0,70}$/),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
      fc.json(),
      fc.anything(),
    )
    const payload = fc.oneof(
      value,
      fc.json(),
      fc
        .record({
          status: fc.oneof(fc.constant('success'), fc.string()),
          message: fc.oneof(fc.string(), fc.constant('https://worldmap.app wants you to sign in with your Ethereum account:\n')),
          signature: fc.oneof(fc.stringMatching(/^(0x)?[0-9a-f]{0,200}$/), fc.string()),
          address: fc.oneof(fc.constant(wallet.address as string), fc.string()),
          version: fc.oneof(fc.integer(), fc.string()),
        })
        .map((record) => JSON.stringify(record)),
    )
    const request = fc.oneof(
      fc.record({ payload, nonce: value, signedNonce: value }, { requiredKeys: [] }),
      // A genuine nonce and HMAC, so random payloads reach the SIWE checks.
      fc.record({ payload, nonce: fc.constant(nonce), signedNonce: fc.constant(query({}).signedNonce) }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(request, async (query) => {
        const dependencies = createDependencies()
        const result = await exchangeCustomToken(query, dependencies)
        expect(result.status).toBeGreaterThanOrEqual(400)
        expect(result.status).toBeLessThan(500)
        expect(knownCodes).toContain((result.body as { error: string }).error)
        expect(dependencies.spendNonce).not.toHaveBeenCalled()
        expect(dependencies.mintCustomToken).not.toHaveBeenCalled()
      }),
      { numRuns: 300 },
    )
  })
})
