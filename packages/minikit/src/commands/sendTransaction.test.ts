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
import { buildSendTransactionPayload, type SendTransactionInput, sendTransaction } from './sendTransaction.js'

const contract = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const token = '0x79A02482A880bCE3F13e09Da970dC34db4CD24d1'
const recipient = '0x1234567890AbcdEF1234567890aBcdef12345678'

const transferAbi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
]

// A struct whose key order in app code differs from the ABI's component order.
const orderAbi = [
  {
    type: 'function',
    name: 'fill',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'order',
        type: 'tuple',
        components: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'recipient', type: 'address' },
        ],
      },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [],
  },
]

const batchAbi = [
  {
    type: 'function',
    name: 'batch',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'legs',
        type: 'tuple[]',
        components: [
          { name: 'amount', type: 'uint256' },
          {
            name: 'route',
            type: 'tuple',
            components: [
              { name: 'from', type: 'address' },
              { name: 'to', type: 'address' },
            ],
          },
          { name: 'hops', type: 'uint24[2]' },
        ],
      },
    ],
    outputs: [],
  },
]

const transfer = (overrides: Record<string, unknown> = {}) => ({
  address: token,
  abi: transferAbi,
  functionName: 'transfer',
  args: [recipient, 1_000_000n],
  ...overrides,
})

const success = {
  status: 'success',
  transaction_status: 'submitted',
  transaction_id: '0xabc',
  from: recipient,
  chain: 'worldchain',
  timestamp: '2025-06-10T12:00:00.000Z',
  version: 1,
}

const errorOf = (run: () => unknown): InvalidPayloadError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    return error as InvalidPayloadError
  }
  throw new Error('did not throw')
}

afterEach(() => resetAll())

describe('buildSendTransactionPayload', () => {
  test('default', () => {
    expect(buildSendTransactionPayload({ transaction: [transfer()] })).toEqual({
      transaction: [{ address: token, abi: transferAbi, functionName: 'transfer', args: [recipient, '1000000'] }],
      formatPayload: true,
    })
  })

  test('parameters: value as a hex string passes', () => {
    for (const value of ['0x1', '0x0', '0xDE0B6B3A7640000', '0xabcdef']) {
      expect(buildSendTransactionPayload({ transaction: [transfer({ value })] }).transaction[0]?.value).toBe(value)
    }
  })

  test.each<[string, unknown]>([
    ['decimal string', '1000'],
    ["'0x' alone", '0x'],
    ['0n', 0n],
    ['number', 1000],
    ['non-hex digits', '0xg1'],
    ['hex without prefix', 'ff'],
    ['array that stringifies to hex', ['0x1']],
  ])("error: value %s → 'Transaction value must be a valid hex string'", (_name, value) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const formatPayload of [true, false]) {
      const error = errorOf(() =>
        buildSendTransactionPayload({ transaction: [transfer({ value, args: [recipient, '1'] })], formatPayload }),
      )
      expect(error.shortMessage).toBe('Transaction value must be a valid hex string')
      expect(error.command).toBe('send-transaction')
    }
    expect(errors).toHaveBeenCalledWith('Transaction value must be a valid hex string', value)
  })

  test('error: a value without a usable toString is still a typed error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(
      errorOf(() => buildSendTransactionPayload({ transaction: [transfer({ value: Object.create(null) })] })).shortMessage,
    ).toBe('Transaction value must be a valid hex string')
  })

  test('behavior: numbers and bigints become decimal strings at any depth; booleans, null and strings stay', () => {
    const payload = buildSendTransactionPayload({
      transaction: [transfer({ functionName: 'anything', args: [1, 2n, [3, [4n, true]], null, 'x', false, -5, 1.5] })],
    })
    expect(payload.transaction[0]?.args).toEqual(['1', '2', ['3', ['4', true]], null, 'x', false, '-5', '1.5'])
  })

  test('behavior: object args are flattened in ABI component order, not key order', () => {
    const order = { amount: 5n, recipient, token } // key order ≠ ABI order (token, amount, recipient)
    const payload = buildSendTransactionPayload({
      transaction: [{ address: contract, abi: orderAbi, functionName: 'fill', args: [order, 1_700_000_000] }],
    })
    expect(payload.transaction[0]?.args).toEqual([[token, '5', recipient], '1700000000'])
  })

  test('behavior: named top-level args are ordered by the ABI inputs', () => {
    const payload = buildSendTransactionPayload({
      transaction: [{ address: token, abi: transferAbi, functionName: 'transfer', args: { amount: 7n, to: recipient } }],
    })
    expect(payload.transaction[0]?.args).toEqual([recipient, '7'])
  })

  test('behavior: nested tuple arrays and fixed arrays are flattened element by element', () => {
    const legs = [
      { route: { to: recipient, from: token }, hops: [1, 2], amount: 10n },
      { hops: [3, 4], amount: 20n, route: { from: recipient, to: token } },
    ]
    const payload = buildSendTransactionPayload({
      transaction: [{ address: contract, abi: batchAbi, functionName: 'batch', args: [legs] }],
    })
    expect(payload.transaction[0]?.args).toEqual([
      [
        ['10', [token, recipient], ['1', '2']],
        ['20', [recipient, token], ['3', '4']],
      ],
    ])
  })

  test('behavior: without an ABI description objects are flattened in key order (official behaviour)', () => {
    const payload = buildSendTransactionPayload({
      transaction: [transfer({ functionName: 'unknownFn', args: [{ b: 1, a: { d: 2n, c: [{ y: 3, x: 4 }] } }] })],
    })
    expect(payload.transaction[0]?.args).toEqual([['1', ['2', [['3', '4']]]]])
  })

  test('behavior: inherited names (toString, constructor) are not read as struct fields', () => {
    const abi = [
      {
        type: 'function',
        name: 'odd',
        inputs: [
          {
            name: 's',
            type: 'tuple',
            components: [
              { name: 'a', type: 'uint256' },
              { name: 'toString', type: 'uint256' },
            ],
          },
        ],
      },
    ]
    const payload = buildSendTransactionPayload({
      transaction: [{ address: contract, abi, functionName: 'odd', args: [{ z: 2, a: 1 }] }],
    })
    expect(payload.transaction[0]?.args).toEqual([['2', '1']])
    expect(contractProblems('send-transaction', payload)).toEqual([])
  })

  test('behavior: formatPayload defaults to true and is part of the payload', () => {
    expect(buildSendTransactionPayload({ transaction: [transfer()] }).formatPayload).toBe(true)
    expect(buildSendTransactionPayload({ transaction: [transfer()], formatPayload: true }).formatPayload).toBe(true)
  })

  test('behavior: formatPayload false sends the caller object itself, untouched', () => {
    const input = {
      transaction: [
        {
          address: contract,
          abi: orderAbi,
          functionName: 'fill',
          // Named struct, numbers, key order unlike the ABI: all left as written.
          args: [{ amount: 5, recipient, token }, 1000, [1, true, null]],
          value: '0x1',
          gas: 21000, // unknown keys stay too
        },
      ],
      permit2: [{ permitted: { token, amount: 10 }, spender: contract, nonce: 1, deadline: 2 }],
      formatPayload: false as const,
    }
    const snapshot = structuredClone(input)
    const payload = buildSendTransactionPayload(input)
    expect(payload).toBe(input)
    expect(input).toStrictEqual(snapshot)
  })

  test('behavior: formatPayload false keeps named top-level args an object', () => {
    const input = { transaction: [transfer({ args: { to: recipient, amount: '1' } })], formatPayload: false }
    expect(buildSendTransactionPayload(input)).toBe(input)
    expect(input.transaction[0]?.args).toStrictEqual({ to: recipient, amount: '1' })
  })

  test.each<[string, unknown, string]>([
    ['a bigint arg', [recipient, 1_000_000n], 'payload.transaction.0.args.1: bigint'],
    ['a bigint in a struct', [{ to: recipient, amount: 1n }], 'payload.transaction.0.args.0.amount: bigint'],
    ['a function', [recipient, () => 1], 'payload.transaction.0.args.1: function'],
    ['a class instance', [recipient, new Date(0)], 'payload.transaction.0.args.1: not a plain object'],
  ])('error: formatPayload false rejects %s, which cannot cross the bridge, and sends nothing', (_name, args, details) => {
    const error = errorOf(() => buildSendTransactionPayload({ transaction: [transfer({ args })], formatPayload: false }))
    expect(error.shortMessage).toBe('Payload is not JSON-encodable; turn formatPayload on or pass strings')
    expect(error.details).toBe(details)
  })

  test('error: formatPayload false rejects a circular payload', () => {
    const args: unknown[] = [recipient]
    args.push(args)
    expect(errorOf(() => buildSendTransactionPayload({ transaction: [transfer({ args })], formatPayload: false })).details).toBe(
      'payload.transaction.0.args.1: circular reference',
    )
  })

  test('error: formatPayload false rejects a bigint permit2 amount', () => {
    const permit2 = [{ permitted: { token, amount: 1n }, spender: contract, nonce: '1', deadline: '2' }]
    expect(
      errorOf(() => buildSendTransactionPayload({ transaction: [transfer({ args: [] })], permit2, formatPayload: false }))
        .details,
    ).toBe('payload.permit2.0.permitted.amount: bigint')
  })

  test('behavior: the same object reached by two paths is no cycle', () => {
    const shared = { a: '1' }
    const input = { transaction: [transfer({ args: [shared, shared] })], formatPayload: false }
    expect(buildSendTransactionPayload(input)).toBe(input)
  })

  test('behavior: the caller object is not mutated', () => {
    const input = {
      transaction: [
        { address: contract, abi: orderAbi, functionName: 'fill', args: [{ amount: 5n, recipient, token }, 9n], value: '0x10' },
      ],
      permit2: [{ permitted: { token, amount: 10n }, spender: contract, nonce: 1n, deadline: 2n }],
    }
    const snapshot = structuredClone(input)
    buildSendTransactionPayload(input)
    expect(input).toEqual(snapshot)
    expect(input).not.toHaveProperty('formatPayload')
  })

  test('behavior: permit2 is stringified but not flattened', () => {
    const payload = buildSendTransactionPayload({
      transaction: [transfer()],
      permit2: [{ permitted: { token, amount: 10n ** 18n }, spender: contract, nonce: 0, deadline: 1_700_000_000n }],
    })
    expect(payload.permit2).toEqual([
      { permitted: { token, amount: '1000000000000000000' }, spender: contract, nonce: '0', deadline: '1700000000' },
    ])
  })

  test.each<[string, unknown, string]>([
    ['input not an object', null, 'Invalid input: expected object, received null'],
    ['transaction not an array', { transaction: transfer() }, "'transaction' must be an array"],
    ['no transactions', { transaction: [] }, "'transaction' must not be empty"],
    ['address not hex', { transaction: [transfer({ address: 'vitalik.eth' })] }, "'address' must be a 20-byte hex address"],
    ['address too short', { transaction: [transfer({ address: '0x1234' })] }, "'address' must be a 20-byte hex address"],
    ['abi not an array', { transaction: [transfer({ abi: 'transfer(address,uint256)' })] }, "'abi' must be an array"],
    ['functionName empty', { transaction: [transfer({ functionName: '' })] }, "'functionName' must not be empty"],
    ['args a string', { transaction: [transfer({ args: 'x' })] }, "'args' must be an array or an object"],
    ['formatPayload not a boolean', { transaction: [transfer()], formatPayload: 'yes' }, "'formatPayload' must be a boolean"],
    ['permit2 not an array', { transaction: [transfer()], permit2: {} }, "'permit2' must be an array"],
  ])('error: %s', (_name, input, message) => {
    expect(errorOf(() => buildSendTransactionPayload(input as SendTransactionInput)).shortMessage).toBe(message)
  })
})

describe('sendTransaction', () => {
  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const host = await installHost({ os, respond: { 'send-transaction': () => success } })
    await expect(
      sendTransaction({
        transaction: [
          { address: contract, abi: orderAbi, functionName: 'fill', args: [{ amount: 5n, recipient, token }, 9n], value: '0x0' },
        ],
        permit2: [{ permitted: { token, amount: 5n }, spender: contract, nonce: 1n, deadline: 2n }],
      }),
    ).resolves.toEqual(success)
    expect(host.commands('send-transaction')).toEqual([
      {
        command: 'send-transaction',
        version: 1,
        payload: {
          transaction: [
            { address: contract, abi: orderAbi, functionName: 'fill', args: [[token, '5', recipient], '9'], value: '0x0' },
          ],
          permit2: [{ permitted: { token, amount: '5' }, spender: contract, nonce: '1', deadline: '2' }],
          formatPayload: true,
        },
      },
    ])
    expect(contractProblems('send-transaction', host.commands('send-transaction')[0]?.payload)).toEqual([])
  })

  test.each(['ios', 'android'] as const)(
    'behavior: %s with formatPayload false gets the caller object as is (iOS the object, Android its JSON)',
    async (os) => {
      const host = await installHost({ os, respond: { 'send-transaction': () => success } })
      const input = {
        transaction: [
          { address: contract, abi: orderAbi, functionName: 'fill', args: [{ amount: 5, recipient, token }, 9], value: '0x0' },
        ],
        formatPayload: false as const,
      }
      const before = host.raw.length
      await expect(sendTransaction(input)).resolves.toEqual(success)
      const message = { command: 'send-transaction', version: 1, payload: input }
      const [raw, ...more] = host.raw.slice(before)
      expect(more).toEqual([])
      if (os === 'ios') {
        expect(raw).toStrictEqual(message)
        expect((raw as { payload: unknown }).payload).toBe(input)
      } else expect(raw).toBe(JSON.stringify(message))
      expect(contractProblems('send-transaction', host.commands('send-transaction')[0]?.payload)).toEqual([])
    },
  )

  test.each(['ios', 'android'] as const)(
    'error: %s with formatPayload false and a bigint rejects typed and sends nothing',
    async (os) => {
      const host = await installHost({ os, respond: { 'send-transaction': () => success } })
      const before = host.raw.length
      await expect(sendTransaction({ transaction: [transfer()], formatPayload: false })).rejects.toBeInstanceOf(
        InvalidPayloadError,
      )
      expect(host.raw.slice(before)).toEqual([])
    },
  )

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'simulation_failed', details: { reason: 'revert' }, version: 1 }
    await installHost({ respond: { 'send-transaction': () => reply } })
    await expect(sendTransaction({ transaction: [transfer()] })).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const host = await installHost({ respond: { 'send-transaction': () => success } })
    await expect(sendTransaction({ transaction: [transfer({ value: '100' })] })).rejects.toThrowError(
      expect.objectContaining({ shortMessage: 'Transaction value must be a valid hex string' }),
    )
    expect(host.commands('send-transaction')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(sendTransaction({ transaction: [transfer()] })).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('sendTransaction property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ 'send-transaction': () => success })
  })
  afterAll(() => resetAll())

  const hex = (bytes: number) =>
    fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
  const numberish = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer(), fc.double(), fc.string({ maxLength: 6 }))
  // Values shaped like the order struct, with keys in a random order and sometimes wrong.
  const struct = fc
    .record(
      { token: hex(20), amount: numberish, recipient: hex(20), extra: fc.option(numberish, { nil: undefined }) },
      { requiredKeys: ['token', 'amount', 'recipient'] },
    )
    .chain((object) =>
      fc.shuffledSubarray(Object.entries(object), { minLength: 2 }).map((entries) => Object.fromEntries(entries)),
    )
  const args = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(struct, numberish) },
    { weight: 2, arbitrary: fc.record({ to: hex(20), amount: numberish }) },
    {
      weight: 2,
      arbitrary: fc.array(fc.oneof(numberish, fc.boolean(), fc.constant(null), fc.array(numberish, { maxLength: 3 })), {
        maxLength: 4,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        anyInput(['to', 'amount', 'token', 'recipient']),
        fc.array(anyInput(['to', 'amount', 'token']), { maxLength: 3 }),
      ),
    },
  )
  const componentNames = fc.constantFrom('token', 'amount', 'recipient', 'toString', 'constructor', 'valueOf', '__proto__')
  const abi = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(orderAbi, transferAbi, batchAbi) },
    {
      weight: 1,
      arbitrary: fc.array(componentNames, { minLength: 1, maxLength: 3 }).map((names) => [
        {
          type: 'function',
          name: 'fill',
          inputs: [
            { name: 'order', type: 'tuple', components: names.map((name) => ({ name, type: 'uint256' })) },
            { name: 'd', type: 'uint256' },
          ],
        },
      ]),
    },
    { weight: 1, arbitrary: fc.constantFrom([], [{ type: 'event', name: 'fill' }], 'abi', [{ name: 'no type' }]) },
  )
  const tx = fc.record(
    {
      address: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(contract, token) },
        { weight: 1, arbitrary: fc.constantFrom('0x12', 'x', 5) },
      ),
      abi,
      functionName: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('fill', 'transfer', 'batch') },
        { weight: 1, arbitrary: fc.constantFrom('', 'other', 1) },
      ),
      value: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 80n }).map((v) => `0x${v.toString(16)}`) },
        { weight: 1, arbitrary: fc.constantFrom('0x', '100', 0n, 1, ['0x1'], Object.create(null), { toString: () => '0x1' }) },
      ),
      args,
    },
    { requiredKeys: ['address', 'abi', 'functionName', 'args'] },
  )
  const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 8, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: bad })
  const permit = fc.record({
    permitted: fc.record({ token: mostly(fc.constant(token), fc.constant('0x1')), amount: numberish }),
    spender: mostly(fc.constant(contract), fc.constant('x')),
    nonce: mostly(numberish, fc.constantFrom(undefined, {}, true, null, [1])),
    deadline: numberish,
  })
  const nearValid = fc.record(
    {
      transaction: fc.oneof(
        { weight: 8, arbitrary: fc.array(tx, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
      permit2: fc.option(fc.array(permit, { maxLength: 2 }), { nil: undefined, freq: 3 }),
      formatPayload: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: fc.constantFrom('false', 0) },
      ),
    },
    { requiredKeys: ['transaction'] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(
        mixedInput(nearValid, ['transaction', 'permit2', 'formatPayload', 'address', 'abi', 'functionName', 'args']),
        osArb,
        async (input, os) => {
          ph.setOs(os)
          const outcome = await judgeRun(ph.host, 'send-transaction', () => sendTransaction(input as SendTransactionInput), {
            check: (result, message) => {
              expect(result).toEqual(success)
              const { formatPayload } = input as { formatPayload?: boolean }
              expect((message.payload as { formatPayload: boolean }).formatPayload).toBe(formatPayload !== false)
              // Unformatted: the caller's object itself (iOS), or exactly its JSON (Android).
              if (formatPayload === false) {
                const raw = ph.host.raw.at(-1)
                if (ph.os === 'ios') expect((raw as { payload: unknown }).payload).toBe(input)
                else expect(raw).toBe(JSON.stringify({ command: 'send-transaction', version: 1, payload: input }))
              }
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

describe('host contract (send-transaction)', () => {
  const tx = { address: token, abi: transferAbi, functionName: 'transfer', args: [recipient, '1'] }
  const valid = { transaction: [tx], formatPayload: true }

  test('default', () => {
    expect(contractProblems('send-transaction', valid)).toEqual([])
    expect(
      contractProblems('send-transaction', { transaction: [{ ...tx, args: [recipient, 1] }], formatPayload: false }),
    ).toEqual([])
  })

  test('behavior: unformatted payloads may carry named (object) args and numbers, as World App receives them', () => {
    for (const args of [{ to: recipient, amount: 1 }, [{ token, amount: 5, recipient }, 9]]) {
      expect(contractProblems('send-transaction', { transaction: [{ ...tx, args }], formatPayload: false })).toEqual([])
    }
    const permit2 = [{ permitted: { token, amount: 1 }, spender: contract, nonce: 0, deadline: 1 }]
    expect(contractProblems('send-transaction', { transaction: [tx], permit2, formatPayload: false })).toEqual([])
  })

  test.each<[string, unknown]>([
    ['numbers when formatted', { ...valid, transaction: [{ ...tx, args: [recipient, 1] }] }],
    ['a bigint', { transaction: [{ ...tx, args: [recipient, 1n] }], formatPayload: false }],
    ['a bigint in unformatted object args', { transaction: [{ ...tx, args: { amount: 1n } }], formatPayload: false }],
    ['a class instance in unformatted args', { transaction: [{ ...tx, args: [new Date(0)] }], formatPayload: false }],
    ['args neither array nor object', { ...valid, transaction: [{ ...tx, args: 'x' }] }],
    ['object args', { ...valid, transaction: [{ ...tx, args: { to: recipient, amount: '1' } }] }],
    ['a nested struct object', { ...valid, transaction: [{ ...tx, args: [[{ a: '1' }]] }] }],
    ["value '0x'", { ...valid, transaction: [{ ...tx, value: '0x' }] }],
    ['decimal value', { ...valid, transaction: [{ ...tx, value: '100' }] }],
    ['formatPayload missing', { transaction: [tx] }],
    ['no transactions', { ...valid, transaction: [] }],
    [
      'unformatted permit2 amount',
      { ...valid, permit2: [{ permitted: { token, amount: 1 }, spender: contract, nonce: '0', deadline: '1' }] },
    ],
    ['permit2 without nonce', { ...valid, permit2: [{ permitted: { token, amount: '1' }, spender: contract, deadline: '1' }] }],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('send-transaction', payload)).not.toEqual([])
  })
})
