import fc from 'fast-check'
import { encodePacked, keccak256 } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
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
import { generateSignal } from '../utils/generateSignal.js'
import { contractProblems } from '../wire/hostContract.js'
import { buildVerifyPayload, type VerifyInput, verify } from './verify.js'

// Orb proofs are compressed through an RPC call; keep tests offline.
vi.mock('../utils/compressAndPadProof.js', () => ({
  compressAndPadProof: async (proof: string) => `${proof.slice(0, 10)}${'0'.repeat(56)}`,
}))

const NOW = new Date('2025-06-10T12:00:00.000Z')
const EMPTY = '0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4'
const TEST_SIGNAL = '0x00c1636e0a961a3045054c4d61374422c31a95846b8442f0927ad2ff1d6112ed'
const BYTES_010203 = '0x00f1885eda54b7a053318cd41e2093220dab15d65381b1157a3633a83bfd5c92'
const address = '0x27a89B8262b6A51167488edC860E39fbC0111B9B'

/** IDKit's digest, computed independently with viem. */
const digestOf = (hex: `0x${string}`) => `0x${(BigInt(keccak256(hex)) >> 8n).toString(16).padStart(64, '0')}`

const shortMessageOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

const proof = `0x${'11'.repeat(256)}`
const successReply = (level: string) => ({
  status: 'success',
  proof,
  merkle_root: `0x${'22'.repeat(32)}`,
  nullifier_hash: `0x${'33'.repeat(32)}`,
  verification_level: level,
  version: 1,
})

describe('buildVerifyPayload', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => vi.useRealTimers())

  test('default', () => {
    expect(buildVerifyPayload({ action: 'collect-drops' })).toEqual({
      action: 'collect-drops',
      signal: EMPTY,
      verification_level: 'orb',
      timestamp: '2025-06-10T12:00:00.000Z',
    })
  })

  test.each([
    ['no signal', undefined, EMPTY],
    ['empty signal', '', EMPTY],
    ["'test_signal'", 'test_signal', TEST_SIGNAL],
    ["hex string '0x010203' (hashed as the bytes 01 02 03)", '0x010203', BYTES_010203],
    ['an address (hashed as 20 bytes)', address, digestOf(address)],
  ])('parameters: signal %s', (_name, signal, digest) => {
    expect(buildVerifyPayload({ action: 'a', signal }).signal).toBe(digest)
  })

  test.each(['orb', 'secure_document', 'document', 'device'] as const)(
    'parameters: verification_level %s is sent as is',
    (level) => {
      expect(buildVerifyPayload({ action: 'a', verification_level: level }).verification_level).toBe(level)
    },
  )

  test('parameters: ABI-encoded action becomes type(value) pairs joined by commas', () => {
    const action = { types: ['uint256', 'address', 'string'], values: [42n, address, 'drop'] }
    expect(buildVerifyPayload({ action }).action).toBe(`uint256(42),address(${address}),string(drop)`)
  })

  test('parameters: ABI-encoded signal is encodePacked, then hashed', () => {
    const signal = { types: ['address', 'uint256'], values: [address, 7n] }
    const expected = digestOf(encodePacked(['address', 'uint256'], [address, 7n]))
    expect(buildVerifyPayload({ action: 'a', signal }).signal).toBe(expected)
    expect(generateSignal(signal)).toBe(expected)
  })

  test('behavior: the payload passes the host contract', () => {
    expect(contractProblems('verify', buildVerifyPayload({ action: 'a', signal: 'b', verification_level: 'device' }))).toEqual([])
  })

  test.each<[string, unknown, string]>([
    [
      'unknown verification_level',
      { action: 'a', verification_level: 'face' },
      "'verification_level' must be orb, secure_document, document or device",
    ],
    [
      'verification_level in capitals',
      { action: 'a', verification_level: 'ORB' },
      "'verification_level' must be orb, secure_document, document or device",
    ],
    ['missing action', {}, "'action' must be a string or an ABI-encoded value"],
    ['numeric action', { action: 5 }, "'action' must be a string or an ABI-encoded value"],
    ['numeric signal', { action: 'a', signal: 5 }, "'signal' must be a string or an ABI-encoded value"],
    [
      'action types and values of different lengths',
      { action: { types: ['uint256'], values: [] } },
      'Types and values arrays must have the same length.',
    ],
    [
      'signal types and values of different lengths',
      { action: 'a', signal: { types: ['uint256', 'bool'], values: [1] } },
      'Types and values arrays must have the same length.',
    ],
  ])('error: %s', (_name, input, message) => {
    expect(shortMessageOf(() => buildVerifyPayload(input as VerifyInput))).toBe(message)
  })

  test('error: a signal value that does not fit its type', () => {
    expect(
      shortMessageOf(() => buildVerifyPayload({ action: 'a', signal: { types: ['address'], values: ['not an address'] } })),
    ).toMatch(/address/i)
    expect(shortMessageOf(() => buildVerifyPayload({ action: 'a', signal: { types: ['uint8'], values: [256] } }))).toMatch(
      /uint8/,
    )
  })
})

describe('verify', () => {
  afterEach(() => resetAll())

  test.each(['ios', 'android'] as const)('behavior: %s sends the wire message and resolves with the reply', async (os) => {
    const reply = successReply('device')
    const host = await installHost({ os, respond: { verify: () => reply } })
    await expect(verify({ action: 'collect-drops', signal: 'test_signal', verification_level: 'device' })).resolves.toEqual(reply)
    const [message] = host.commands('verify')
    expect(host.commands('verify')).toHaveLength(1)
    expect(message).toEqual({
      command: 'verify',
      version: 1,
      payload: { action: 'collect-drops', signal: TEST_SIGNAL, verification_level: 'device', timestamp: expect.any(String) },
    })
    expect(contractProblems('verify', message?.payload)).toEqual([])
  })

  test('behavior: an orb success resolves with the compressed proof', async () => {
    await installHost({ respond: { verify: () => successReply('orb') } })
    const result = await verify({ action: 'collect-drops' })
    expect(result).toMatchObject({
      status: 'success',
      verification_level: 'orb',
      proof: `${proof.slice(0, 10)}${'0'.repeat(56)}`,
    })
  })

  test('behavior: an error reply resolves as is', async () => {
    const reply = { status: 'error', error_code: 'verification_rejected', version: 1 }
    await installHost({ respond: { verify: () => reply } })
    await expect(verify({ action: 'collect-drops' })).resolves.toEqual(reply)
  })

  test('error: invalid input rejects and nothing is sent', async () => {
    const host = await installHost({ respond: { verify: () => successReply('device') } })
    await expect(verify({ action: 'a', verification_level: 'face' as 'orb' })).rejects.toBeInstanceOf(InvalidPayloadError)
    expect(host.commands('verify')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(verify({ action: 'a' })).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('verify property', () => {
  const reply = successReply('device')
  let ph: PropertyHost
  beforeAll(async () => {
    ph = await installPropertyHost({ verify: () => reply })
  })
  afterAll(() => resetAll())

  const hex = (bytes: number) =>
    fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
  const abiPair = fc.oneof(
    fc.tuple(
      fc.constant('uint256'),
      fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.nat(), fc.constantFrom(-1, 1.5, '12', 'x')),
    ),
    fc.tuple(fc.constant('address'), fc.oneof(hex(20), fc.constantFrom('0x12', 'bob'))),
    fc.tuple(fc.constant('string'), fc.oneof(fc.string(), fc.integer())),
    fc.tuple(fc.constant('bool'), fc.oneof(fc.boolean(), fc.constant('true'))),
    fc.tuple(fc.constant('bytes32'), fc.oneof(hex(32), hex(3))),
    fc.tuple(
      fc.constantFrom('uint7', 'tuple', 'function', 'uint256[2]', 'uint256', 'address', 'string', 'bool', 'bytes', 'bytes32'),
      anyInput(),
    ),
  )
  const abiValue = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(abiPair, { maxLength: 3 })
        .map((pairs) => ({ types: pairs.map(([t]) => t), values: pairs.map(([, v]) => v) })),
    },
    {
      weight: 1,
      arbitrary: fc.record({ types: fc.array(fc.string(), { maxLength: 2 }), values: fc.array(anyInput(), { maxLength: 3 }) }),
    },
  )
  const nearValid = fc.record(
    {
      action: fc.oneof(
        { weight: 4, arbitrary: fc.string() },
        { weight: 2, arbitrary: abiValue },
        { weight: 1, arbitrary: fc.constantFrom(undefined, 5) },
      ),
      signal: fc.oneof(fc.string(), hex(20), hex(3), fc.constantFrom('0x123', '0xzz', undefined), abiValue),
      verification_level: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('orb', 'secure_document', 'document', 'device', undefined) },
        { weight: 1, arbitrary: fc.constantFrom('ORB', 'face', '', 'toString') },
      ),
    },
    { requiredKeys: ['action'] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(
        mixedInput(nearValid, ['action', 'signal', 'verification_level', 'types', 'values']),
        osArb,
        async (input, os) => {
          ph.setOs(os)
          const outcome = await judgeRun(ph.host, 'verify', () => verify(input as VerifyInput), {
            check: (result, message) => {
              expect(result).toEqual(reply)
              const { verification_level = 'orb' } = input as VerifyInput
              expect((message.payload as { verification_level: string }).verification_level).toBe(verification_level)
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

describe('host contract (verify)', () => {
  const valid = { action: 'a', signal: EMPTY, verification_level: 'orb', timestamp: NOW.toISOString() }

  test('default', () => {
    expect(contractProblems('verify', valid)).toEqual([])
  })

  test.each<[string, unknown]>([
    ['a signal that is no field element', { ...valid, signal: `0x${'ff'.repeat(32)}` }],
    ['a raw signal', { ...valid, signal: 'test_signal' }],
    ['an unknown level', { ...valid, verification_level: 'face' }],
    ['an ABI object as action', { ...valid, action: { types: [], values: [] } }],
    ['a timestamp that is not ISO', { ...valid, timestamp: 'now' }],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('verify', payload)).not.toEqual([])
  })
})
