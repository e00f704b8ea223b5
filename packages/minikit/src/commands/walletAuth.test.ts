import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import {
  installHost,
  installPropertyHost,
  judgeRun,
  mixedInput,
  NUM_RUNS,
  newTally,
  osArb,
  type PropertyHost,
} from '../../test/property.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { CurrentUrlUnavailableError } from '../errors/CurrentUrlUnavailableError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { parseSiweMessage } from '../siwe/parseSiweMessage.js'
import { resetState, state } from '../state.js'
import { contractProblems, hostMessageContract } from '../wire/hostContract.js'
import {
  acceptWalletAuthInput,
  buildWalletAuthPayload,
  type WalletAuthInput,
  walletAuth,
  walletAuthCaches,
  walletAuthInput,
  walletAuthVersion,
} from './walletAuth.js'

const DAY = 24 * 60 * 60 * 1000
const WEEK = 7 * DAY
const NOW = new Date('2025-06-10T12:00:00.000Z')
const nonce = 'a1b2c3d4e5f60718'
const walletAddress = '0x1234567890AbcdEF1234567890aBcdef12345678'
const defaultUrl = window.location.href

const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url)

/** The message World App expects for this page at NOW (layout of spec §3 / reference §2.4). */
const expected = (lines: string[]) => `${lines.join('\n')}\n`

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setUrl(defaultUrl)
  resetAll()
})

describe('buildWalletAuthPayload', () => {
  test('default', () => {
    expect(buildWalletAuthPayload({ nonce })).toEqual({
      siweMessage: expected([
        'http://localhost:3000 wants you to sign in with your Ethereum account:',
        '{address}',
        '',
        '',
        'URI: http://localhost:3000/',
        'Version: 1',
        'Chain ID: 480',
        `Nonce: ${nonce}`,
        'Issued At: 2025-06-10T12:00:00.000Z',
      ]),
    })
  })

  test('behavior: no statement leaves three consecutive newlines after the address', () => {
    const { siweMessage } = buildWalletAuthPayload({ nonce })
    expect(siweMessage).toContain('{address}\n\n\nURI: ')
  })

  test('parameters: statement sits between two blank lines', () => {
    const { siweMessage } = buildWalletAuthPayload({ nonce, statement: `Authenticate (${nonce}).` })
    expect(siweMessage.split('\n').slice(0, 6)).toEqual([
      'http://localhost:3000 wants you to sign in with your Ethereum account:',
      '{address}',
      '',
      `Authenticate (${nonce}).`,
      '',
      'URI: http://localhost:3000/',
    ])
  })

  test('parameters: an empty statement is the same as none', () => {
    expect(buildWalletAuthPayload({ nonce, statement: '' })).toEqual(buildWalletAuthPayload({ nonce }))
  })

  test('parameters: optional fields come as Expiration Time, Not Before, Request ID whatever the input order', () => {
    const input: WalletAuthInput = {
      requestId: 'req-42',
      notBefore: new Date(NOW.getTime() - DAY),
      expirationTime: new Date(NOW.getTime() + WEEK),
      nonce,
    }
    expect(buildWalletAuthPayload(input).siweMessage.split('\n').slice(9)).toEqual([
      'Expiration Time: 2025-06-17T12:00:00.000Z',
      'Not Before: 2025-06-09T12:00:00.000Z',
      'Request ID: req-42',
      '',
    ])
  })

  test('parameters: each optional field alone', () => {
    const tail = (input: Partial<WalletAuthInput>) =>
      buildWalletAuthPayload({ nonce, ...input })
        .siweMessage.split('\n')
        .slice(9, -1)
    expect(tail({ expirationTime: new Date(NOW.getTime() + DAY) })).toEqual(['Expiration Time: 2025-06-11T12:00:00.000Z'])
    expect(tail({ notBefore: new Date(NOW.getTime() + DAY) })).toEqual(['Not Before: 2025-06-11T12:00:00.000Z'])
    expect(tail({ requestId: 'r1' })).toEqual(['Request ID: r1'])
  })

  test("parameters: scheme, domain and URI come from the page's location", () => {
    setUrl('https://app.example:8443/login?next=%2Fmap#top')
    const { siweMessage } = buildWalletAuthPayload({ nonce })
    expect(siweMessage.split('\n')[0]).toBe('https://app.example:8443 wants you to sign in with your Ethereum account:')
    expect(siweMessage).toContain('\nURI: https://app.example:8443/login?next=%2Fmap#top\n')
    expect(contractProblems('wallet-auth', { siweMessage })).toEqual([])
  })

  test("parameters: the login flow's request (spec §7) is accepted", () => {
    const loginNonce = crypto.randomUUID().replaceAll('-', '')
    const { siweMessage } = buildWalletAuthPayload({
      nonce: loginNonce,
      statement: `Authenticate (${loginNonce}).`,
      expirationTime: new Date(NOW.getTime() + WEEK),
      notBefore: new Date(NOW.getTime() - DAY),
    })
    expect(contractProblems('wallet-auth', { siweMessage })).toEqual([])
    expect(parseSiweMessage(siweMessage)).toMatchObject({
      scheme: 'http',
      domain: 'localhost:3000',
      statement: `Authenticate (${loginNonce}).`,
      uri: 'http://localhost:3000/',
      version: '1',
      chain_id: 480,
      nonce: loginNonce,
      issued_at: NOW.toISOString(),
      expiration_time: '2025-06-17T12:00:00.000Z',
      not_before: '2025-06-09T12:00:00.000Z',
    })
  })

  test('parameters: a nonce of exactly 8 characters and a UUID with dashes pass (no character class at 1.9.6)', () => {
    expect(buildWalletAuthPayload({ nonce: '12345678' }).siweMessage).toContain('\nNonce: 12345678\n')
    const uuid = '3b241101-e2bb-4255-8caf-4136c566a962'
    expect(buildWalletAuthPayload({ nonce: uuid }).siweMessage).toContain(`\nNonce: ${uuid}\n`)
  })

  test('parameters: expirationTime exactly 7 days ahead passes; notBefore in the past passes', () => {
    expect(() => buildWalletAuthPayload({ nonce, expirationTime: new Date(NOW.getTime() + WEEK) })).not.toThrow()
    expect(() => buildWalletAuthPayload({ nonce, expirationTime: new Date(NOW.getTime() + 1) })).not.toThrow()
    expect(() => buildWalletAuthPayload({ nonce, notBefore: new Date(NOW.getTime() + WEEK) })).not.toThrow()
    expect(() => buildWalletAuthPayload({ nonce, notBefore: new Date(NOW.getTime() - DAY) })).not.toThrow()
    expect(() => buildWalletAuthPayload({ nonce, notBefore: new Date('2000-01-01T00:00:00Z') })).not.toThrow()
  })

  const cases: Array<[string, unknown, string]> = [
    ['nonce missing', {}, "'nonce' is required"],
    ['nonce undefined', { nonce: undefined }, "'nonce' is required"],
    ['nonce empty', { nonce: '' }, "'nonce' is required"],
    ['nonce of 7 characters', { nonce: '1234567' }, "'nonce' must be at least 8 characters"],
    ['nonce of 1 character', { nonce: 'a' }, "'nonce' must be at least 8 characters"],
    ['statement with \\n', { nonce, statement: 'line 1\nline 2' }, "'statement' must not contain newlines"],
    ['statement with \\r\\n', { nonce, statement: 'line 1\r\nline 2' }, "'statement' must not contain newlines"],
    ['statement ending in \\n', { nonce, statement: 'Sign in\n' }, "'statement' must not contain newlines"],
    [
      'expirationTime in the past',
      { nonce, expirationTime: new Date(NOW.getTime() - 1) },
      "'expirationTime' must be in the future",
    ],
    ['expirationTime now', { nonce, expirationTime: new Date(NOW.getTime()) }, "'expirationTime' must be in the future"],
    [
      'expirationTime beyond 7 days',
      { nonce, expirationTime: new Date(NOW.getTime() + WEEK + 1) },
      "'expirationTime' must be within 7 days",
    ],
    [
      'expirationTime a year ahead',
      { nonce, expirationTime: new Date(NOW.getTime() + 365 * DAY) },
      "'expirationTime' must be within 7 days",
    ],
    ['notBefore beyond 7 days', { nonce, notBefore: new Date(NOW.getTime() + WEEK + 1) }, "'notBefore' must be within 7 days"],
    [
      'nonce checked first',
      { nonce: 'short', statement: 'a\nb', expirationTime: new Date(0) },
      "'nonce' must be at least 8 characters",
    ],
    [
      'statement checked before times',
      { nonce, statement: 'a\nb', expirationTime: new Date(0) },
      "'statement' must not contain newlines",
    ],
  ]

  test.each(cases)('error: %s', (_name, input, message) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => buildWalletAuthPayload(input as WalletAuthInput)).toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', shortMessage: message, command: 'wallet-auth' }),
    )
    expect(errors).toHaveBeenCalledWith('Failed to validate wallet auth input:\n\n -->', message)
  })

  test('error: extensions beyond 1.9.6 (whitespace nonce, multi-line requestId, invalid dates)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const shortMessage = (input: unknown) => {
      try {
        buildWalletAuthPayload(input as WalletAuthInput)
      } catch (error) {
        return (error as InvalidPayloadError).shortMessage
      }
    }
    expect(shortMessage({ nonce: 'abcd efgh' })).toBe("'nonce' must not contain whitespace")
    expect(shortMessage({ nonce: 'abcdefgh\nURI: x' })).toBe("'nonce' must not contain whitespace")
    expect(shortMessage({ nonce, requestId: 'a\nExpiration Time: x' })).toBe("'requestId' must not contain newlines")
    expect(shortMessage({ nonce, expirationTime: new Date(Number.NaN) })).toBe("'expirationTime' must be a valid Date")
    expect(shortMessage({ nonce, notBefore: '2025-06-10' })).toBe("'notBefore' must be a valid Date")
  })

  test("error: 'Failed to get current URL' when the location does not parse", () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(window, 'location', 'get').mockReturnValue({ href: 'not a url' } as Location)
    let thrown: unknown
    try {
      buildWalletAuthPayload({ nonce })
    } catch (error) {
      thrown = error
    }
    // Its own name and code, and still an InvalidPayloadError for callers that catch that.
    expect(thrown).toBeInstanceOf(CurrentUrlUnavailableError)
    expect(thrown).toBeInstanceOf(InvalidPayloadError)
    expect(thrown).toMatchObject({
      name: 'CurrentUrlUnavailableError',
      code: 'current_url_unavailable',
      shortMessage: 'Failed to get current URL',
      command: 'wallet-auth',
    })
    expect(errors).toHaveBeenCalledWith('Failed to get current URL', expect.any(TypeError))
  })
})

describe('walletAuthVersion', () => {
  test('default: version 1 before install (no host version)', () => {
    expect(walletAuthVersion()).toBe(1)
  })

  test.each([
    [1, 1],
    [2087899, 1],
    [2087900, 1],
    [2087901, 2],
    [3000000, 2],
  ])('parameters: World App %i sends wallet-auth version %i', async (version, wire) => {
    const host = await installHost({
      version,
      respond: { 'wallet-auth': () => ({ status: 'error', error_code: 'user_rejected', version: wire }) },
    })
    expect(walletAuthVersion()).toBe(wire)
    await walletAuth({ nonce })
    expect(host.commands('wallet-auth').map((message) => message.version)).toEqual([wire])
    expect(hostMessageContract.safeParse(host.commands('wallet-auth')[0]).success).toBe(true)
  })
})

describe('walletAuth', () => {
  const success = {
    status: 'success',
    message: 'signed text',
    signature: `0x${'cd'.repeat(65)}`,
    address: walletAddress,
    version: 2,
  }

  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ username: 'alice', profile_picture_url: null }])))
    vi.stubGlobal('fetch', fetch)
    const host = await installHost({ os, respond: { 'wallet-auth': () => success } })
    const input = { nonce, statement: 'Sign in to WorldMap', requestId: 'r-1', expirationTime: new Date(NOW.getTime() + DAY) }
    await expect(walletAuth(input)).resolves.toEqual(success)
    expect(host.commands('wallet-auth')).toEqual([
      {
        command: 'wallet-auth',
        version: 2,
        payload: {
          siweMessage: expected([
            'http://localhost:3000 wants you to sign in with your Ethereum account:',
            '{address}',
            '',
            'Sign in to WorldMap',
            '',
            'URI: http://localhost:3000/',
            'Version: 1',
            'Chain ID: 480',
            `Nonce: ${nonce}`,
            'Issued At: 2025-06-10T12:00:00.000Z',
            'Expiration Time: 2025-06-11T12:00:00.000Z',
            'Request ID: r-1',
          ]),
        },
      },
    ])
    expect(contractProblems('wallet-auth', host.commands('wallet-auth')[0]?.payload)).toEqual([])
    // After success the wallet is stored and its profile fetched.
    expect(state.user).toMatchObject({ walletAddress, username: 'alice', profilePictureUrl: null })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  test('behavior: a repeat sign-in of the stored wallet reuses its profile (no second lookup)', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ username: 'alice', profile_picture_url: null }])))
    vi.stubGlobal('fetch', fetch)
    await installHost({ respond: { 'wallet-auth': () => success } })
    await walletAuth({ nonce })
    await expect(walletAuth({ nonce })).resolves.toEqual(success)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(state.user).toMatchObject({ walletAddress, username: 'alice' })
  })

  test('behavior: a failed lookup is tried again on the next sign-in', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetch = vi.fn(async () => new Response('oops', { status: 500 }))
    vi.stubGlobal('fetch', fetch)
    await installHost({ respond: { 'wallet-auth': () => success } })
    await walletAuth({ nonce })
    await walletAuth({ nonce })
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(errors).toHaveBeenCalled()
  })

  test('behavior: another wallet waits for its own profile', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ username: 'bob', profile_picture_url: null }])))
    await installHost({ respond: { 'wallet-auth': () => success } })
    state.user = { walletAddress: '0x0000000000000000000000000000000000000001', username: 'alice' }
    await walletAuth({ nonce })
    expect(state.user).toMatchObject({ walletAddress, username: 'bob' })
  })

  test('behavior: an error reply resolves as is and stores nothing', async () => {
    const reply = { status: 'error', error_code: 'user_rejected', details: 'nope', version: 2 }
    await installHost({ respond: { 'wallet-auth': () => reply } })
    await expect(walletAuth({ nonce })).resolves.toEqual(reply)
    expect(state.user.walletAddress).toBeUndefined()
  })

  test('error: invalid input rejects, logs, and nothing is sent', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const host = await installHost({ respond: { 'wallet-auth': () => success } })
    await expect(walletAuth({ nonce: 'short' })).rejects.toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', shortMessage: "'nonce' must be at least 8 characters" }),
    )
    expect(errors).toHaveBeenCalledWith('Failed to validate wallet auth input:\n\n -->', "'nonce' must be at least 8 characters")
    expect(host.commands('wallet-auth')).toEqual([])
  })

  test('error: non-object input is an InvalidPayloadError', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await installHost()
    await expect(walletAuth(null as unknown as WalletAuthInput)).rejects.toBeInstanceOf(InvalidPayloadError)
    await expect(walletAuth('nonce' as unknown as WalletAuthInput)).rejects.toBeInstanceOf(InvalidPayloadError)
  })

  test('error: unavailable without install; input is not even validated', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(walletAuth({ nonce: '' })).rejects.toBeInstanceOf(CommandUnavailableError)
    expect(errors).toHaveBeenCalledTimes(1)
    expect(errors).toHaveBeenCalledWith("'walletAuth' command is unavailable. Check MiniKit.install() or update the app version")
  })
})

describe('walletAuth property', () => {
  const reply = { status: 'error', error_code: 'user_rejected', details: 'test', version: 2 }
  let ph: PropertyHost
  beforeAll(async () => {
    vi.useRealTimers()
    ph = await installPropertyHost({ 'wallet-auth': () => reply })
  })
  afterAll(() => resetAll())

  const date = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1000, max: 6 * DAY }).map((offset) => new Date(Date.now() + offset)) },
    { weight: 2, arbitrary: fc.integer({ min: -10 * DAY, max: 10 * DAY }).map((offset) => new Date(Date.now() + offset)) },
    { weight: 1, arbitrary: fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') }) },
    { weight: 1, arbitrary: fc.constantFrom(new Date(Number.NaN), '2025-06-10T12:00:00.000Z') },
  )
  const nearValid = fc.record(
    {
      nonce: fc.oneof(
        { weight: 6, arbitrary: fc.oneof(fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/), fc.uuid()) },
        { weight: 2, arbitrary: fc.string({ minLength: 5, maxLength: 16 }) },
        { weight: 1, arbitrary: fc.constantFrom('', 'abcd efgh', undefined, 12345678) },
      ),
      statement: fc.oneof(
        { weight: 6, arbitrary: fc.string() },
        { weight: 1, arbitrary: fc.constantFrom('Authenticate (x).', 'two\nlines', 'cr\rhere', '', undefined) },
      ),
      requestId: fc.oneof(
        { weight: 6, arbitrary: fc.oneof(fc.string(), fc.uuid()) },
        { weight: 1, arbitrary: fc.constantFrom('a\nb', undefined) },
      ),
      expirationTime: fc.option(date, { nil: undefined, freq: 2 }),
      notBefore: fc.option(date, { nil: undefined, freq: 2 }),
    },
    { requiredKeys: ['nonce'] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid SIWE message and resolves', async () => {
    vi.useRealTimers()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(
        mixedInput(nearValid, ['nonce', 'statement', 'requestId', 'expirationTime', 'notBefore']),
        osArb,
        async (input, os) => {
          ph.setOs(os)
          const outcome = await judgeRun(ph.host, 'wallet-auth', () => walletAuth(input as WalletAuthInput), {
            check: (result, message) => {
              expect(result).toEqual(reply)
              expect(message.version).toBe(2)
              const { nonce: sentNonce } = input as { nonce: string }
              expect((message.payload as { siweMessage: string }).siweMessage).toContain(`\nNonce: ${sentNonce}\n`)
            },
          })
          tally[outcome]++
        },
      ),
      { numRuns: NUM_RUNS },
    )
    if (process.env.PROPERTY_STATS) console.info(JSON.stringify(tally))
    expect(tally.sent).toBeGreaterThan(NUM_RUNS * 0.1)
    expect(tally.rejected).toBeGreaterThan(NUM_RUNS * 0.1)
  }, 60_000)
})

describe('host contract (wallet-auth)', () => {
  const lines = [
    'https://app.example wants you to sign in with your Ethereum account:',
    '{address}',
    '',
    'Sign in',
    '',
    'URI: https://app.example/',
    'Version: 1',
    'Chain ID: 480',
    'Nonce: a1b2c3d4e5f60718',
    'Issued At: 2025-06-10T12:00:00.000Z',
    'Expiration Time: 2025-06-11T12:00:00.000Z',
    'Not Before: 2025-06-09T12:00:00.000Z',
    'Request ID: r1',
  ]
  const text = (edit: (copy: string[]) => string[] = (copy) => copy) => `${edit([...lines]).join('\n')}\n`

  test('default', () => {
    expect(contractProblems('wallet-auth', { siweMessage: text() })).toEqual([])
    expect(contractProblems('wallet-auth', { siweMessage: text((copy) => [...copy.slice(0, 3), ...copy.slice(4, 10)]) })).toEqual(
      [],
    )
  })

  test.each<[string, unknown]>([
    ['no trailing newline', { siweMessage: text().slice(0, -1) }],
    ['chain 10', { siweMessage: text((copy) => copy.map((line) => line.replace('Chain ID: 480', 'Chain ID: 10'))) }],
    ['version 2', { siweMessage: text((copy) => copy.map((line) => line.replace('Version: 1', 'Version: 2'))) }],
    ['short nonce', { siweMessage: text((copy) => copy.map((line) => line.replace(/^Nonce: .*/, 'Nonce: 1234567'))) }],
    ['single blank line without statement', { siweMessage: text((copy) => [...copy.slice(0, 3), ...copy.slice(5)]) }],
    [
      'optional fields out of order',
      { siweMessage: text((copy) => [...copy.slice(0, 10), copy[11] as string, copy[10] as string, copy[12] as string]) },
    ],
    ['an unknown trailing line', { siweMessage: text((copy) => [...copy, 'Resources: x']) }],
    [
      'domain other than the URI host',
      {
        siweMessage: text((copy) => copy.map((line) => line.replace('URI: https://app.example/', 'URI: https://evil.example/'))),
      },
    ],
    [
      'timestamp not ISO',
      { siweMessage: text((copy) => copy.map((line) => line.replace(/^Issued At: .*/, 'Issued At: yesterday'))) },
    ],
    ['siweMessage missing', {}],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('wallet-auth', payload)).not.toEqual([])
  })
})

describe('acceptWalletAuthInput (the fast path before the input schema, derived from it)', () => {
  const now = NOW.getTime()
  const text = fc.oneof(
    fc.string(),
    fc.constantFrom('a1b2c3d4', 'a1b2c3d', 'a1b2 c3d4e5', 'a1b2c3d4\n', 'line\r', '', '\u00a0padded-nonce', 'multi\nline'),
  )
  const date = fc.oneof(
    fc.integer({ min: -2 * WEEK, max: 2 * WEEK }).map((offset) => new Date(now + offset)),
    fc.constantFrom(
      new Date(now),
      new Date(now + 1),
      new Date(now + WEEK),
      new Date(now + WEEK + 1),
      new Date(Number.NaN),
      new Date(now - 1),
    ),
  )
  const field = fc.oneof(text, date, fc.constant(undefined), fc.anything())
  // Mostly plausible values, so a good share of runs exercise acceptance.
  const likely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: arb, weight: 2 }, { arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: field, weight: 1 })
  const input = fc.oneof(
    fc.record(
      {
        nonce: fc.oneof({ arbitrary: fc.string({ minLength: 8 }), weight: 3 }, { arbitrary: field, weight: 1 }),
        statement: likely(text),
        requestId: likely(text),
        expirationTime: likely(date),
        notBefore: likely(date),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  )

  test('behavior: whatever it accepts, the schema accepts with the same values', () => {
    let accepted = 0
    fc.assert(
      fc.property(input, (value) => {
        const fast = acceptWalletAuthInput?.(value)
        if (!fast) return
        accepted++
        const parsed = walletAuthInput.safeParse(value)
        expect(parsed.success).toBe(true)
        const data = parsed.success ? parsed.data : undefined
        for (const key of ['nonce', 'statement', 'requestId', 'expirationTime', 'notBefore'] as const) {
          expect(fast[key]).toStrictEqual(data?.[key])
        }
      }),
      { numRuns: 5000 },
    )
    // The property is only worth something if the fast path takes real inputs.
    expect(accepted).toBeGreaterThan(100)
  })

  test('default: takes the login flow input, leaves invalid input to the schema', () => {
    const expirationTime = new Date(now + DAY)
    expect(acceptWalletAuthInput).toBeTypeOf('function')
    const input = { nonce, statement: 'Sign in', expirationTime, extra: 1 }
    // zod's output exactly: the shape's keys the input has, unknown keys stripped.
    expect(acceptWalletAuthInput?.(input)).toStrictEqual(walletAuthInput.parse(input))
    expect(acceptWalletAuthInput?.(input)).toStrictEqual({ nonce, statement: 'Sign in', expirationTime })
    expect(acceptWalletAuthInput?.({ nonce: 'short' })).toBeUndefined()
    expect(acceptWalletAuthInput?.({ nonce, expirationTime: new Date(now) })).toBeUndefined()
    expect(acceptWalletAuthInput?.({ nonce, expirationTime: new Date(now + WEEK + 1) })).toBeUndefined()
    expect(acceptWalletAuthInput?.({ nonce, notBefore: new Date(Number.NaN) })).toBeUndefined()
    expect(acceptWalletAuthInput?.({ nonce, statement: 'two\nlines' })).toBeUndefined()
    expect(acceptWalletAuthInput?.({ nonce: 'a1b2 c3d4e5' })).toBeUndefined()
    expect(acceptWalletAuthInput?.([nonce])).toBeUndefined()
  })

  test("behavior: the rules are the schema's own: whatever the schema refuses, the fast path leaves to it", () => {
    // The nonce refinement, read off the schema: a nonce it refuses is never accepted here.
    for (const bad of ['', 'a1b2c3d', 'a1b2\tc3d4e5', 'a1b2c3d4\n']) {
      expect(walletAuthInput.safeParse({ nonce: bad }).success).toBe(false)
      expect(acceptWalletAuthInput?.({ nonce: bad })).toBeUndefined()
    }
  })

  test('behavior: each field is read once, so a getter cannot swap a value after its check', () => {
    let reads = 0
    const input = {
      get nonce() {
        reads++
        return reads === 1 ? nonce : 'bad nonce\nInjected: yes'
      },
    }
    const { siweMessage } = buildWalletAuthPayload(input as WalletAuthInput)
    expect(reads).toBe(1)
    expect(siweMessage).toContain(`Nonce: ${nonce}\n`)
    expect(siweMessage).not.toContain('Injected')
  })
})

describe('module caches', () => {
  test('behavior: resetState() empties the profile lookup walletAuth loads with a sign-in', async () => {
    buildWalletAuthPayload({ nonce })
    const { profileLookup } = walletAuthCaches()
    expect(profileLookup).toBeInstanceOf(Promise)
    await profileLookup
    expect(walletAuthCaches().profileModule).toHaveProperty('getUserByAddress')
    resetState()
    expect(walletAuthCaches()).toMatchObject({ profileLookup: undefined, profileModule: undefined })
    // The next sign-in loads it again.
    buildWalletAuthPayload({ nonce })
    expect(walletAuthCaches().profileLookup).toBeInstanceOf(Promise)
  })

  test('behavior: resetState() empties the parsed page URL', () => {
    buildWalletAuthPayload({ nonce })
    expect(walletAuthCaches().page).toMatchObject({ key: window.location.href, href: window.location.href })
    resetState()
    expect(walletAuthCaches().page).toBeUndefined()
  })
})
