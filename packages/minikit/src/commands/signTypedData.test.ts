import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import {
  anyInput,
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
import { contractProblems } from '../wire/hostContract.js'
import { buildSignTypedDataPayload, type SignTypedDataInput, signTypedData } from './signTypedData.js'

const types = {
  Drop: [
    { name: 'id', type: 'string' },
    { name: 'amount', type: 'uint256' },
  ],
}
const input: SignTypedDataInput = { types, primaryType: 'Drop', message: { id: 'drop-1', amount: '5' } }
const success = {
  status: 'success',
  signature: `0x${'ab'.repeat(65)}`,
  address: '0x1234567890AbcdEF1234567890aBcdef12345678',
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

describe('buildSignTypedDataPayload', () => {
  test('default', () => {
    expect(buildSignTypedDataPayload(input)).toEqual({ ...input, chainId: 480 })
  })

  test('parameters: chainId defaults to 480 and is kept when given', () => {
    expect(buildSignTypedDataPayload(input).chainId).toBe(480)
    expect(buildSignTypedDataPayload({ ...input, chainId: undefined }).chainId).toBe(480)
    expect(buildSignTypedDataPayload({ ...input, chainId: 1 }).chainId).toBe(1)
    expect(buildSignTypedDataPayload({ ...input, chainId: 4801 }).chainId).toBe(4801)
  })

  test('parameters: domain passes through', () => {
    const domain = {
      name: 'WorldMap',
      version: '1',
      chainId: 480,
      verifyingContract: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
    }
    expect(buildSignTypedDataPayload({ ...input, domain }).domain).toEqual(domain)
  })

  test('behavior: the input is not mutated (official 1.9.6 writes chainId into it)', () => {
    const own = structuredClone(input)
    buildSignTypedDataPayload(own)
    expect(own).toEqual(input)
    expect(own).not.toHaveProperty('chainId')
  })

  test('behavior: bigints in message and domain are sent as decimal strings (JSON has no bigint)', () => {
    const payload = buildSignTypedDataPayload({
      ...input,
      message: { id: 'drop-1', amount: 10n ** 18n, nested: { list: [1n, 2] } },
      domain: { name: 'WorldMap', chainId: 480n },
    })
    expect(payload.message).toEqual({ id: 'drop-1', amount: '1000000000000000000', nested: { list: ['1', 2] } })
    expect(payload.domain).toEqual({ name: 'WorldMap', chainId: '480' })
    expect(() => JSON.stringify(payload)).not.toThrow()
    expect(contractProblems('sign-typed-data', payload)).toEqual([])
  })

  test.each<[string, unknown, string]>([
    ['primaryType missing from types', { ...input, primaryType: 'Mail' }, "'primaryType' Mail is not defined in 'types'"],
    ['primaryType an inherited key', { ...input, primaryType: 'toString' }, "'primaryType' toString is not defined in 'types'"],
    ['primaryType not a string', { ...input, primaryType: 5 }, "'primaryType' must be a string"],
    ['types not a record', { ...input, types: 'Drop(string id)' }, "'types' must map type names to field lists"],
    [
      'a type that is no field list',
      { ...input, types: { Drop: 'id string' } },
      'Invalid input: expected array, received string',
    ],
    ['message not an object', { ...input, message: 'hello' }, "'message' must be an object"],
    ['domain not an object', { ...input, domain: 480 }, "'domain' must be an object"],
    ['chainId zero', { ...input, chainId: 0 }, "'chainId' must be a positive integer"],
    ['chainId negative', { ...input, chainId: -1 }, "'chainId' must be a positive integer"],
  ])('error: %s', (_name, value, message) => {
    expect(shortMessageOf(() => buildSignTypedDataPayload(value as SignTypedDataInput))).toBe(message)
  })

  test('error: non-integer and non-number chain ids', () => {
    expect(shortMessageOf(() => buildSignTypedDataPayload({ ...input, chainId: 1.5 }))).toBeDefined()
    expect(shortMessageOf(() => buildSignTypedDataPayload({ ...input, chainId: '480' as unknown as number }))).toBeDefined()
  })
})

describe('signTypedData', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { 'sign-typed-data': () => success } })
    await expect(signTypedData({ ...input, message: { id: 'drop-1', amount: 5n } })).resolves.toEqual(success)
    expect(host.commands('sign-typed-data')).toEqual([
      {
        command: 'sign-typed-data',
        version: 1,
        payload: { types, primaryType: 'Drop', message: { id: 'drop-1', amount: '5' }, chainId: 480 },
      },
    ])
    expect(contractProblems('sign-typed-data', host.commands('sign-typed-data')[0]?.payload)).toEqual([])
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'user_rejected', version: 1 }
    await installHost({ respond: { 'sign-typed-data': () => reply } })
    await expect(signTypedData(input)).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { 'sign-typed-data': () => success } })
    await expect(signTypedData({ ...input, primaryType: 'Mail' })).rejects.toBeInstanceOf(InvalidPayloadError)
    expect(host.commands('sign-typed-data')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(signTypedData(input)).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('signTypedData property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ 'sign-typed-data': () => success })
  })
  afterAll(() => resetAll())

  const typeName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('Drop', 'Mail', 'Person') },
    { weight: 1, arbitrary: fc.constantFrom('toString', '__proto__', 'constructor', '') },
  )
  const field = fc.record({ name: fc.string({ maxLength: 6 }), type: fc.constantFrom('string', 'uint256', 'address', 'Person') })
  const typesArb = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .dictionary(typeName, fc.array(field, { maxLength: 3 }), { maxKeys: 3 })
        .map((extra) => ({ Drop: types.Drop, ...extra })),
    },
    { weight: 1, arbitrary: fc.oneof(fc.constant({ Drop: 'x' }), anyInput(['Drop', 'name', 'type'])) },
  )
  const messageValue = fc.oneof(
    fc.string(),
    fc.bigInt(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.bigInt(), fc.string()), { maxLength: 3 }),
  )
  const nearValid = fc.record(
    {
      types: typesArb,
      primaryType: fc.oneof(
        { weight: 4, arbitrary: fc.constant('Drop') },
        { weight: 2, arbitrary: typeName },
        { weight: 1, arbitrary: fc.constantFrom(5, undefined) },
      ),
      message: fc.oneof(
        { weight: 6, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), messageValue, { maxKeys: 4 }) },
        { weight: 1, arbitrary: anyInput() },
      ),
      domain: fc.option(fc.record({ name: fc.string(), chainId: fc.oneof(fc.integer(), fc.bigInt()) }, { requiredKeys: [] }), {
        nil: undefined,
      }),
      chainId: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(undefined, 480, 1, 4801) },
        { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom('480', 480n)) },
      ),
    },
    { requiredKeys: ['types', 'primaryType', 'message'] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(
        mixedInput(nearValid, ['types', 'primaryType', 'message', 'domain', 'chainId']),
        osArb,
        async (value, os) => {
          ph.setOs(os)
          const outcome = await judgeRun(ph.host, 'sign-typed-data', () => signTypedData(value as SignTypedDataInput), {
            check: (result, message) => {
              expect(result).toEqual(success)
              const { chainId } = value as { chainId?: number }
              expect((message.payload as { chainId: number }).chainId).toBe(chainId ?? 480)
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

describe('host contract (sign-typed-data)', () => {
  const valid = { ...input, chainId: 480 }

  test('default', () => {
    expect(contractProblems('sign-typed-data', valid)).toEqual([])
  })

  test.each<[string, unknown]>([
    ['chainId missing', input],
    ['chainId as a string', { ...valid, chainId: '480' }],
    ['primaryType not among the types', { ...valid, primaryType: 'Mail' }],
    ['primaryType inherited', { ...valid, primaryType: 'toString' }],
    ['a bigint in the message', { ...valid, message: { amount: 1n } }],
    ['a bigint in the domain', { ...valid, domain: { chainId: 480n } }],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('sign-typed-data', payload)).not.toEqual([])
  })
})
