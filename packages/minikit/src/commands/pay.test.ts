import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
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
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { Tokens } from '../protocol/tokens.js'
import { tokenToDecimals } from '../utils/tokenToDecimals.js'
import { contractProblems } from '../wire/hostContract.js'
import { buildPayPayload, type PayInput, pay } from './pay.js'

const to = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const reference = '3f1c7a2e9b4d4e0f8a6b5c4d3e2f1a0b'
const input: PayInput = {
  reference,
  to,
  tokens: [
    { symbol: Tokens.WLD, token_amount: tokenToDecimals(1.5, Tokens.WLD) },
    { symbol: Tokens.USDC, token_amount: tokenToDecimals(2.01, Tokens.USDC) },
  ],
  description: 'A golden map',
}
const success = {
  status: 'success',
  transaction_status: 'submitted',
  transaction_id: '0xabc',
  reference,
  from: '0x1234567890AbcdEF1234567890aBcdef12345678',
  chain: 'worldchain',
  timestamp: '2025-06-10T12:00:00.000Z',
  version: 1,
}

const shortMessageOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

afterEach(() => resetAll())

describe('buildPayPayload', () => {
  test('default', () => {
    expect(buildPayPayload(input)).toEqual({
      reference,
      to,
      tokens: [
        { symbol: 'WLD', token_amount: '1500000000000000000' },
        { symbol: 'USDCE', token_amount: '2010000' },
      ],
      description: 'A golden map',
      network: 'worldchain',
    })
  })

  test('parameters: network is always worldchain', () => {
    expect(buildPayPayload({ ...input, network: 'optimism' }).network).toBe('worldchain')
    expect(buildPayPayload({ ...input, network: 'worldchain' }).network).toBe('worldchain')
  })

  test('parameters: reference of exactly 36 characters (a UUID) passes', () => {
    const uuid = crypto.randomUUID()
    expect(uuid).toHaveLength(36)
    expect(buildPayPayload({ ...input, reference: uuid }).reference).toBe(uuid)
  })

  test('parameters: USDC of exactly $0.1 passes', () => {
    const tokens = [{ symbol: Tokens.USDC, token_amount: tokenToDecimals(0.1, Tokens.USDC) }]
    expect(tokenToDecimals(0.1, Tokens.USDC)).toBe('100000')
    expect(buildPayPayload({ ...input, tokens }).tokens).toEqual([{ symbol: 'USDCE', token_amount: '100000' }])
  })

  test('parameters: WLD has no minimum; a username is a valid recipient', () => {
    const payload = buildPayPayload({ ...input, to: 'alice.1234', tokens: [{ symbol: Tokens.WLD, token_amount: '1' }] })
    expect(payload).toMatchObject({ to: 'alice.1234', tokens: [{ symbol: 'WLD', token_amount: '1' }] })
  })

  test('behavior: unknown keys are dropped and the input is not mutated', () => {
    const own = { ...input, extra: 'x', network: 'optimism' } as PayInput
    const snapshot = structuredClone(own)
    expect(buildPayPayload(own)).not.toHaveProperty('extra')
    expect(own).toEqual(snapshot)
  })

  test('behavior: the USDC minimum is judged in dollars, not base units (official 1.9.6 compares base units with 0.1)', () => {
    // Official: parseFloat('90000') < 0.1 is false, so $0.09 was accepted.
    expect(shortMessageOf(() => buildPayPayload({ ...input, tokens: [{ symbol: Tokens.USDC, token_amount: '90000' }] }))).toBe(
      'USDC amount should be greater than $0.1',
    )
  })

  const cases: Array<[string, Partial<Record<keyof PayInput, unknown>>, string]> = [
    ['reference of 37 characters', { reference: 'x'.repeat(37) }, 'Reference must not exceed 36 characters'],
    ['reference of 100 characters', { reference: 'r'.repeat(100) }, 'Reference must not exceed 36 characters'],
    ['reference not a string', { reference: 12345 }, 'Reference must be a string'],
    ['reference missing', { reference: undefined }, 'Reference must be a string'],
    [
      'USDC $0.09 (90000 base units)',
      { tokens: [{ symbol: 'USDCE', token_amount: tokenToDecimals(0.09, Tokens.USDC) }] },
      'USDC amount should be greater than $0.1',
    ],
    [
      'USDC one base unit below',
      { tokens: [{ symbol: 'USDCE', token_amount: '99999' }] },
      'USDC amount should be greater than $0.1',
    ],
    ['USDC zero', { tokens: [{ symbol: 'USDCE', token_amount: '0' }] }, 'USDC amount should be greater than $0.1'],
    [
      'one small USDC among valid tokens',
      {
        tokens: [
          { symbol: 'WLD', token_amount: '1' },
          { symbol: 'USDCE', token_amount: '1' },
        ],
      },
      'USDC amount should be greater than $0.1',
    ],
    ['tokens empty', { tokens: [] }, "'tokens' must not be empty"],
    ['tokens not an array', { tokens: { symbol: 'WLD', token_amount: '1' } }, "'tokens' must be an array"],
    [
      'unknown symbol',
      { tokens: [{ symbol: 'ETH', token_amount: '1' }] },
      "'symbol' must be one of USDCE, WLD, WARS, WCOP, WMXN, WBRL, WPEN, WCLP, EURC",
    ],
    [
      'human amount instead of base units',
      { tokens: [{ symbol: 'WLD', token_amount: '1.5' }] },
      "'token_amount' must be a whole number of base units (see tokenToDecimals)",
    ],
    ['amount as a number', { tokens: [{ symbol: 'WLD', token_amount: 100000 }] }, "'token_amount' must be a base-unit string"],
    [
      'negative amount',
      { tokens: [{ symbol: 'WLD', token_amount: '-1' }] },
      "'token_amount' must be a whole number of base units (see tokenToDecimals)",
    ],
    ['recipient empty', { to: '' }, "'to' must not be empty"],
    ['recipient missing', { to: undefined }, "'to' must be an address or a World App username"],
    ['description missing', { description: undefined }, "'description' must be a string"],
  ]

  test.each(cases)('error: %s', (_name, override, message) => {
    expect(shortMessageOf(() => buildPayPayload({ ...input, ...override } as PayInput))).toBe(message)
  })

  test('error: invalid errors carry the pay command', () => {
    expect(() => buildPayPayload({ ...input, reference: 'x'.repeat(37) })).toThrowError(
      expect.objectContaining({ name: 'InvalidPayloadError', code: 'invalid_payload', command: 'pay' }),
    )
  })
})

describe('pay', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { pay: () => success } })
    await expect(pay({ ...input, network: 'optimism' })).resolves.toEqual(success)
    const sent = host.commands('pay')
    expect(sent).toEqual([
      {
        command: 'pay',
        version: 1,
        payload: {
          reference,
          to,
          tokens: [
            { symbol: 'WLD', token_amount: '1500000000000000000' },
            { symbol: 'USDCE', token_amount: '2010000' },
          ],
          description: 'A golden map',
          network: 'worldchain',
        },
      },
    ])
    expect(contractProblems('pay', sent[0]?.payload)).toEqual([])
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'insufficient_balance', version: 1 }
    await installHost({ respond: { pay: () => reply } })
    await expect(pay(input)).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { pay: () => success } })
    await expect(pay({ ...input, tokens: [{ symbol: Tokens.USDC, token_amount: '90000' }] })).rejects.toThrowError(
      expect.objectContaining({ shortMessage: 'USDC amount should be greater than $0.1' }),
    )
    await expect(pay({ ...input, reference: 'x'.repeat(37) })).rejects.toThrowError(
      expect.objectContaining({ shortMessage: 'Reference must not exceed 36 characters' }),
    )
    expect(host.commands('pay')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(pay(input)).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('pay property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ pay: () => success })
  })
  afterAll(() => resetAll())

  const amount = fc.oneof(
    { weight: 8, arbitrary: fc.bigInt({ min: 100_000n, max: 10n ** 24n }).map(String) },
    { weight: 2, arbitrary: fc.bigInt({ min: 90_000n, max: 110_000n }).map(String) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.bigInt({ min: 0n, max: 100n }).map(String),
        fc.double(),
        fc.constantFrom('1.5', '-1', '', ' 100000', '1e6', '0x10', 100000),
      ),
    },
  )
  const token = fc.record({
    symbol: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('USDCE', 'WLD') },
      { weight: 1, arbitrary: fc.constantFrom('USDC', 'ETH', '', undefined) },
    ),
    token_amount: amount,
  })
  const nearValid = fc.record(
    {
      reference: fc.oneof(
        { weight: 8, arbitrary: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })) },
        { weight: 1, arbitrary: fc.constantFrom(42, null) },
      ),
      to: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(to, 'alice.1234') }, { weight: 1, arbitrary: fc.constantFrom('', 7) }),
      tokens: fc.oneof(
        { weight: 8, arbitrary: fc.array(token, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
      description: fc.oneof({ weight: 8, arbitrary: fc.string() }, { weight: 1, arbitrary: fc.constant(undefined) }),
      network: fc.constantFrom(undefined, 'worldchain', 'optimism', 'base'),
    },
    { requiredKeys: ['reference', 'to', 'tokens', 'description'] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payment and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(
        mixedInput(nearValid, ['reference', 'to', 'tokens', 'description', 'network', 'symbol', 'token_amount']),
        osArb,
        async (value, os) => {
          ph.setOs(os)
          const outcome = await judgeRun(ph.host, 'pay', () => pay(value as PayInput), {
            check: (result, message) => {
              expect(result).toEqual(success)
              expect((message.payload as { network: string }).network).toBe('worldchain')
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

describe('host contract (pay)', () => {
  const valid = { reference, to, tokens: [{ symbol: 'USDCE', token_amount: '100000' }], description: 'd', network: 'worldchain' }

  test('default', () => {
    expect(contractProblems('pay', valid)).toEqual([])
  })

  test.each<[string, unknown]>([
    ['network optimism', { ...valid, network: 'optimism' }],
    ['network missing', { ...valid, network: undefined }],
    ['USDC below $0.1', { ...valid, tokens: [{ symbol: 'USDCE', token_amount: '99999' }] }],
    ['human amount', { ...valid, tokens: [{ symbol: 'WLD', token_amount: '1.5' }] }],
    ['numeric amount', { ...valid, tokens: [{ symbol: 'WLD', token_amount: 1 }] }],
    ['no tokens', { ...valid, tokens: [] }],
    ['unknown symbol', { ...valid, tokens: [{ symbol: 'USDC', token_amount: '100000' }] }],
    ['reference of 37 characters', { ...valid, reference: 'x'.repeat(37) }],
    ['empty recipient', { ...valid, to: '' }],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('pay', payload)).not.toEqual([])
  })
})
