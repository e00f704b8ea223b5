import { CLOCK_SKEW_TOLERANCE_MS } from '@worldmap/game/contract'
import {
  CommandTimeoutError,
  CommandUnavailableError,
  CurrentUrlUnavailableError,
  InvalidPayloadError,
  type WalletAuthResult,
} from '@worldmap/minikit'
import { beforeEach, expect, test, vi } from 'vitest'
import { createServerClock } from '../../lib/clock/createServerClock.js'
import { LoginError } from './LoginError.js'
import { type LoginDependencies, login } from './login.js'

const NONCE = '9f86d081884c4d659a2feaa0c55ad015'
const NOW = Date.UTC(2026, 0, 15, 12)
const ACTION_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const DAY = 24 * 60 * 60 * 1000
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const SIGN_NONCE_URL = 'http://localhost:3000/api/sign-nonce'
const CUSTOM_TOKEN_URL = 'http://127.0.0.1:5001/demo-worldmap/asia-southeast1/onRequestCustomToken'

const success: WalletAuthResult = { status: 'success', message: 'siwe message', signature: '0xsig', address: ADDRESS, version: 1 }

interface Routes {
  signNonce?: () => Response | Promise<Response>
  customToken?: () => Response | Promise<Response>
}

/** A fetch that answers the two endpoints of the sequence and records what it was asked. */
function createFetch(routes: Routes = {}) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input)
    if (url === SIGN_NONCE_URL)
      return (routes.signNonce ?? (() => Response.json({ status: 'OK', signedNonce: 'f'.repeat(64) })))()
    if (url.startsWith(`${CUSTOM_TOKEN_URL}?`))
      return (routes.customToken ?? (() => Response.json({ customToken: 'custom-token', generatedName: 'Quiet Wren 6747' })))()
    return new Response('not found', { status: 404 })
  })
}

function dependencies(overrides: Partial<LoginDependencies> = {}, routes?: Routes) {
  return {
    fetch: createFetch(routes),
    walletAuth: vi.fn(async () => success),
    signInWithCustomToken: vi.fn(async () => ({ uid: ADDRESS, getIdToken: async () => 'id-token' })),
    walletUser: vi.fn(() => ({ walletAddress: ADDRESS, username: 'alice', profilePictureUrl: 'https://example.test/alice.png' })),
    signNonceUrl: SIGN_NONCE_URL,
    customTokenUrl: CUSTOM_TOKEN_URL,
    createNonce: () => NONCE,
    clock: createServerClock({ deviceNow: () => NOW }),
    deviceNow: () => NOW,
    createActionId: () => ACTION_ID,
    report: vi.fn(),
    ...overrides,
  } satisfies LoginDependencies
}

let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})

async function loginError(deps: LoginDependencies): Promise<LoginError> {
  const error = await login(deps).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(LoginError)
  return error as LoginError
}

test('default: the four steps in order, and the combined user', async () => {
  const deps = dependencies()
  const result = await login(deps)

  expect(result).toEqual({
    status: 'authenticated',
    idToken: 'id-token',
    user: {
      uid: ADDRESS,
      walletAddress: ADDRESS,
      username: 'alice',
      profilePictureUrl: 'https://example.test/alice.png',
      // The leaderboard's name for the player, from the custom token's reply: one name everywhere.
      generatedName: 'Quiet Wren 6747',
    },
  })

  // 1. POST /api/sign-nonce {nonce}
  const [signUrl, signInit] = vi.mocked(deps.fetch).mock.calls[0] ?? []
  expect(signUrl).toBe(SIGN_NONCE_URL)
  expect(signInit?.method).toBe('POST')
  expect(JSON.parse(String(signInit?.body))).toEqual({ nonce: NONCE })

  // 2. wallet-auth: 7-day expiry, not before one day ago, the statement with the nonce
  expect(deps.walletAuth).toHaveBeenCalledWith({
    nonce: NONCE,
    expirationTime: new Date(NOW + 7 * DAY),
    notBefore: new Date(NOW - DAY),
    statement: `Authenticate (${NONCE}).`,
  })

  // 3. GET onRequestCustomToken?payload&nonce&signedNonce
  const [tokenUrl, tokenInit] = vi.mocked(deps.fetch).mock.calls[1] ?? []
  expect(tokenInit?.method).toBe('GET')
  const query = new URL(String(tokenUrl)).searchParams
  expect(JSON.parse(query.get('payload') ?? '')).toEqual(success)
  expect(query.get('nonce')).toBe(NONCE)
  expect(query.get('signedNonce')).toBe('f'.repeat(64))
  // The sign-in's action id, for the function's log lines (its own value, never the nonce).
  expect(query.get('actionId')).toBe(ACTION_ID)

  // 4. Firebase sign-in with the token; the name and picture are the SDK's (walletAuth looked them up): no second lookup
  expect(deps.signInWithCustomToken).toHaveBeenCalledWith('custom-token')
  expect(deps.walletUser).toHaveBeenCalled()
  expect(deps.fetch).toHaveBeenCalledTimes(2)
  expect(consoleError).not.toHaveBeenCalled()
  // A sign-in that worked is not reported.
  expect(deps.report).not.toHaveBeenCalled()
})

test('behavior: a failed sign-in is reported as a signIn refusal by its code, with the attempt’s action id and duration', async () => {
  let now = NOW
  const deps = dependencies(
    { deviceNow: () => now },
    {
      customToken: () => {
        now += 420
        return Response.json({ error: 'nonce_already_used' }, { status: 409 })
      },
    },
  )
  const error = await loginError(deps)
  expect(error.code).toBe('custom_token_request_failed')
  const query = new URL(String(vi.mocked(deps.fetch).mock.calls[1]?.[0])).searchParams
  expect(deps.report).toHaveBeenCalledExactlyOnceWith({
    kind: 'refusal',
    callable: 'signIn',
    code: 'custom_token_request_failed',
    durationMs: 420,
    actionId: query.get('actionId'),
  })
})

test('behavior: a wallet that says no is reported by its code', async () => {
  const deps = dependencies({
    walletAuth: vi.fn(async () => ({ status: 'error', error_code: 'user_rejected' }) as WalletAuthResult),
  })
  await expect(login(deps)).resolves.toMatchObject({ status: 'rejected' })
  expect(deps.report).toHaveBeenCalledExactlyOnceWith({
    kind: 'refusal',
    callable: 'signIn',
    code: 'wallet_user_rejected',
    durationMs: 0,
    actionId: ACTION_ID,
  })
})

test('behavior: an error that is not a LoginError (the wallet threw something else) is reported as unknown and passed on', async () => {
  const thrown = new TypeError('host gone')
  const deps = dependencies({ walletAuth: vi.fn(async () => Promise.reject(thrown)) })
  await expect(login(deps)).rejects.toBe(thrown)
  expect(deps.report).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ callable: 'signIn', code: 'unknown' }))
})

test('default: without createActionId each attempt gets a fresh action id, never the nonce', async () => {
  const { createActionId: _, ...deps } = dependencies()
  const idOf = async (fetch: ReturnType<typeof createFetch>) => {
    await login({ ...deps, fetch })
    return new URL(String(fetch.mock.calls[1]?.[0])).searchParams.get('actionId')
  }
  const [first, second] = [await idOf(createFetch()), await idOf(createFetch())]
  expect(first).toMatch(/^[0-9a-f]{32}$/)
  expect(second).toMatch(/^[0-9a-f]{32}$/)
  expect(new Set([first, second, NONCE]).size).toBe(3)
})

test('behavior: a non-success wallet reply logs its error code and does not sign in', async () => {
  const deps = dependencies({
    walletAuth: vi.fn(async () => ({ status: 'error', error_code: 'user_rejected' }) as WalletAuthResult),
  })
  await expect(login(deps)).resolves.toEqual({ status: 'rejected', errorCode: 'user_rejected' })
  expect(consoleError).toHaveBeenCalledWith('Wallet auth failed:', 'user_rejected')
  expect(deps.fetch).toHaveBeenCalledTimes(1)
  expect(deps.signInWithCustomToken).not.toHaveBeenCalled()
})

test('behavior: when the SDK found no profile (its lookup failed, and it logged that), sign-in completes without one', async () => {
  const deps = dependencies({ walletUser: vi.fn(() => ({ walletAddress: ADDRESS })) })
  await expect(login(deps)).resolves.toMatchObject({
    status: 'authenticated',
    user: { username: null, profilePictureUrl: null, walletAddress: ADDRESS },
  })
})

test.each([
  ['an older server (no generated name)', { customToken: 'custom-token' }],
  ['a malformed generated name', { customToken: 'custom-token', generatedName: 42 }],
  ['an empty generated name', { customToken: 'custom-token', generatedName: '' }],
])('behavior: %s signs in all the same, with none', async (_, reply) => {
  const deps = dependencies({}, { customToken: () => Response.json(reply) })
  await expect(login(deps)).resolves.toMatchObject({ status: 'authenticated', user: { generatedName: null } })
})

test("behavior: the SDK's user of another wallet (an earlier sign-in) lends this one nothing", async () => {
  const other = '0x0000000000000000000000000000000000000B0b'
  const deps = dependencies({ walletUser: vi.fn(() => ({ walletAddress: other, username: 'bob', profilePictureUrl: null })) })
  await expect(login(deps)).resolves.toMatchObject({ user: { username: null, walletAddress: ADDRESS } })
})

test.each([
  ['status is not OK', () => Response.json({ status: 'ERROR', signedNonce: 'x' })],
  ['no signedNonce', () => Response.json({ status: 'OK' })],
  ['HTTP 400', () => Response.json({ error: 'invalid_body' }, { status: 400 })],
  ['not JSON', () => new Response('<html>', { status: 200 })],
  ['network failure', () => Promise.reject(new TypeError('fetch failed'))],
])("error: sign-nonce %s → 'Failed to sign nonce'", async (_, signNonce) => {
  const deps = dependencies({}, { signNonce })
  const error = await loginError(deps)
  expect(error.message).toBe('Failed to sign nonce')
  expect(error.code).toBe('sign_nonce_failed')
  expect(deps.walletAuth).not.toHaveBeenCalled()
})

test.each([
  ['32 hex digits without a UUID version', '00112233445566778899aabbccddeeff'],
  ['a UUID with its dashes', '9f86d081-884c-4d65-9a2f-eaa0c55ad015'],
  ['uppercase', '9F86D081884C4D659A2FEAA0C55AD015'],
])("error: a nonce the contract refuses (%s) is never sent → 'Failed to sign nonce'", async (_, nonce) => {
  const deps = dependencies({ createNonce: () => nonce })
  const error = await loginError(deps)
  expect(error.code).toBe('sign_nonce_failed')
  expect(deps.fetch).not.toHaveBeenCalled()
  expect(deps.walletAuth).not.toHaveBeenCalled()
})

test('default: without a createNonce the contract makes a fresh UUID nonce', async () => {
  const { createNonce: _, ...deps } = dependencies()
  const fetch = createFetch()
  await login({ ...deps, fetch })
  const [, init] = fetch.mock.calls[0] ?? []
  const { nonce } = JSON.parse(String(init?.body)) as { nonce: string }
  expect(nonce).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/)
  expect(deps.walletAuth).toHaveBeenCalledWith(expect.objectContaining({ nonce, statement: `Authenticate (${nonce}).` }))
})

test.each([
  ['resolves with nothing', async () => null],
  ['command unavailable', async () => Promise.reject(new CommandUnavailableError('walletAuth'))],
  ['timed out', async () => Promise.reject(new CommandTimeoutError('walletAuth', 1000))],
])("error: wallet auth %s → 'No response from wallet auth'", async (_, walletAuth) => {
  const deps = dependencies({ walletAuth: vi.fn(walletAuth) as LoginDependencies['walletAuth'] })
  const error = await loginError(deps)
  expect(error.message).toBe('No response from wallet auth')
  expect(deps.fetch).toHaveBeenCalledTimes(1)
})

test("error: invalid wallet-auth input → 'Failed to validate wallet auth input'", async () => {
  const cause = new InvalidPayloadError("'nonce' must be at least 8 characters", { command: 'wallet-auth' })
  const error = await loginError(dependencies({ walletAuth: vi.fn(async () => Promise.reject(cause)) }))
  expect(error.message).toBe('Failed to validate wallet auth input')
  expect(error.cause).toBe(cause)
})

test("error: no page URL → 'Failed to get current URL'", async () => {
  const cause = new CurrentUrlUnavailableError(new TypeError('Invalid URL'))
  const error = await loginError(dependencies({ walletAuth: vi.fn(async () => Promise.reject(cause)) }))
  expect(error).toMatchObject({ code: 'no_current_url', message: 'Failed to get current URL' })
})

test('behavior: the URL failure is told apart by its class, not its text', async () => {
  // An InvalidPayloadError that happens to carry the same text is still an input error.
  const cause = new InvalidPayloadError('Failed to get current URL', { command: 'wallet-auth' })
  const error = await loginError(dependencies({ walletAuth: vi.fn(async () => Promise.reject(cause)) }))
  expect(error.code).toBe('invalid_wallet_auth_input')
})

test('error: any other wallet failure is passed on unchanged', async () => {
  const cause = new Error('boom')
  await expect(login(dependencies({ walletAuth: vi.fn(async () => Promise.reject(cause)) }))).rejects.toBe(cause)
})

test.each([
  ['HTTP 403', () => Response.json({ error: 'invalid_signed_nonce' }, { status: 403 })],
  ['network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ['not JSON', () => new Response('oops', { status: 200 })],
])("error: custom token request %s → 'Failed to fetch custom token'", async (_, customToken) => {
  const deps = dependencies({}, { customToken })
  const error = await loginError(deps)
  expect(error.message).toBe('Failed to fetch custom token')
  expect(deps.signInWithCustomToken).not.toHaveBeenCalled()
})

test('error: the crowd limit on new sign-ins (429) is its own code, not a connection failure', async () => {
  const deps = dependencies({}, { customToken: () => Response.json({ error: 'too_many_sign_ins' }, { status: 429 }) })
  const error = await loginError(deps)
  expect(error.code).toBe('too_many_sign_ins')
  expect(error.message).toBe('Too many sign-ins from this network')
  expect(deps.signInWithCustomToken).not.toHaveBeenCalled()
})

test.each([
  ['no customToken', () => Response.json({})],
  ['an empty customToken', () => Response.json({ customToken: '' })],
])("error: a reply with %s → 'Failed to retrieve custom token'", async (_, customToken) => {
  const deps = dependencies({}, { customToken })
  const error = await loginError(deps)
  expect(error.message).toBe('Failed to retrieve custom token')
  expect(deps.signInWithCustomToken).not.toHaveBeenCalled()
})

test('behavior: a phone 2 h ahead asks the wallet for a message valid in server time, and the game clock learns it', async () => {
  const HOUR = 60 * 60 * 1000
  const clock = createServerClock({ deviceNow: () => NOW })
  const deps = dependencies(
    { clock },
    { signNonce: () => Response.json({ status: 'OK', signedNonce: 'f'.repeat(64), serverTime: NOW - 2 * HOUR }) },
  )
  await expect(login(deps)).resolves.toMatchObject({ status: 'authenticated' })
  expect([clock.offset(), clock.source()]).toEqual([-2 * HOUR, 'sign-nonce'])
  expect(deps.walletAuth).toHaveBeenCalledWith(
    expect.objectContaining({ expirationTime: new Date(NOW - 2 * HOUR + 7 * DAY), notBefore: new Date(NOW - 2 * HOUR - DAY) }),
  )
})

test('behavior: a phone 2 h behind asks for an expiry 7 days after its own clock (the SDK’s bound), still 7 days less 2 h in server time', async () => {
  const HOUR = 60 * 60 * 1000
  const deps = dependencies(
    {},
    { signNonce: () => Response.json({ status: 'OK', signedNonce: 'f'.repeat(64), serverTime: NOW + 2 * HOUR }) },
  )
  await expect(login(deps)).resolves.toMatchObject({ status: 'authenticated' })
  expect(deps.walletAuth).toHaveBeenCalledWith(
    expect.objectContaining({ expirationTime: new Date(NOW + 7 * DAY), notBefore: new Date(NOW + 2 * HOUR - DAY) }),
  )
})

test.each([
  ['a day behind', DAY],
  ['a day ahead', -DAY],
  ['just past the tolerance ahead', -CLOCK_SKEW_TOLERANCE_MS - 1000],
])('error: a phone %s is told its clock is wrong before the wallet opens', async (_, serverAhead) => {
  const deps = dependencies(
    {},
    { signNonce: () => Response.json({ status: 'OK', signedNonce: 'f'.repeat(64), serverTime: NOW + serverAhead }) },
  )
  const error = await loginError(deps)
  expect(error.code).toBe('device_clock_wrong')
  expect(error.message).toBe("The device's clock is too far from the server's to sign in")
  expect(deps.walletAuth).not.toHaveBeenCalled()
})

test('behavior: a phone just inside the tolerance signs in', async () => {
  const deps = dependencies(
    {},
    {
      signNonce: () =>
        Response.json({ status: 'OK', signedNonce: 'f'.repeat(64), serverTime: NOW + CLOCK_SKEW_TOLERANCE_MS - 1000 }),
    },
  )
  await expect(login(deps)).resolves.toMatchObject({ status: 'authenticated' })
})

test('error: the functions’ device_clock_wrong refusal is the clock’s code; another 401 is not', async () => {
  const refused = dependencies(
    {},
    { customToken: () => Response.json({ error: 'device_clock_wrong', message: 'x' }, { status: 401 }) },
  )
  expect((await loginError(refused)).code).toBe('device_clock_wrong')
  const expired = dependencies(
    {},
    { customToken: () => Response.json({ error: 'nonce_expired', message: 'x' }, { status: 401 }) },
  )
  expect((await loginError(expired)).code).toBe('custom_token_request_failed')
  const garbled = dependencies({}, { customToken: () => new Response('<html>', { status: 401 }) })
  expect((await loginError(garbled)).code).toBe('custom_token_request_failed')
})

test('error: a Firebase sign-in failure rejects with it', async () => {
  const cause = new Error('auth/invalid-custom-token')
  await expect(login(dependencies({ signInWithCustomToken: vi.fn(async () => Promise.reject(cause)) }))).rejects.toBe(cause)
})

test('behavior: errors never carry the nonce or the signed nonce', async () => {
  const error = await loginError(dependencies({}, { customToken: () => Response.json({}, { status: 500 }) }))
  expect(`${error.message} ${String(error.cause)}`).not.toContain(NONCE)
  expect(`${error.message} ${String(error.cause)}`).not.toContain('f'.repeat(64))
})

test('behavior: a prefetched nonce is signed in with, without asking the server again', async () => {
  const prefetched = '0f1e2d3c4b5a49788796a5b4c3d2e1f0'
  const fetch = createFetch()
  const deps = dependencies({
    fetch,
    prefetchedNonce: {
      nonce: prefetched,
      reply: Promise.resolve({
        response: Response.json({ status: 'OK', signedNonce: 'e'.repeat(64) }),
        sentAt: NOW,
        receivedAt: NOW,
      }),
    },
  })
  const result = await login(deps)
  expect(result.status).toBe('authenticated')
  expect(fetch.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual([CUSTOM_TOKEN_URL])
  expect(deps.walletAuth).toHaveBeenCalledWith(expect.objectContaining({ nonce: prefetched }))
  const query = new URL(String(fetch.mock.calls[0]?.[0])).searchParams
  expect([query.get('nonce'), query.get('signedNonce')]).toEqual([prefetched, 'e'.repeat(64)])
})

test.each([
  ['failed', () => Promise.reject(new TypeError('Failed to fetch'))],
  [
    'was refused',
    () => Promise.resolve({ response: Response.json({ error: 'invalid_body' }, { status: 400 }), sentAt: NOW, receivedAt: NOW }),
  ],
])('error: a prefetched nonce whose reply %s → LoginError sign_nonce_failed, the wallet never asked', async (_, reply) => {
  const deps = dependencies({ prefetchedNonce: { nonce: NONCE, reply: reply() } })
  const error = await loginError(deps)
  expect([error.code, error.message]).toEqual(['sign_nonce_failed', 'Failed to sign nonce'])
  expect(deps.walletAuth).not.toHaveBeenCalled()
})

test('behavior: a nonce prefetched 90 s before the sign-in sets the game clock from its own round trip, not from the sign-in’s', async () => {
  const HOUR = 60 * 60 * 1000
  const clock = createServerClock({ deviceNow: () => NOW })
  // Asked and answered at NOW - 90 s on the phone's clock, read by login() at NOW: the server's time is 2 h behind.
  const answeredAt = NOW - 90_000
  const reply = Promise.resolve({
    response: Response.json({ status: 'OK', signedNonce: 'e'.repeat(64), serverTime: answeredAt - 2 * HOUR }),
    sentAt: answeredAt - 200,
    receivedAt: answeredAt + 200,
  })
  await expect(login(dependencies({ clock, prefetchedNonce: { nonce: NONCE, reply } }))).resolves.toMatchObject({
    status: 'authenticated',
  })
  expect([clock.offset(), clock.source()]).toEqual([-2 * HOUR, 'sign-nonce'])
})
