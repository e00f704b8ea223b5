import fc from 'fast-check'
import { encodePacked, keccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { generateSignal } from './generateSignal.js'

const EMPTY = '0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4'
const TEST_SIGNAL = '0x00c1636e0a961a3045054c4d61374422c31a95846b8442f0927ad2ff1d6112ed'
const BYTES_010203 = '0x00f1885eda54b7a053318cd41e2093220dab15d65381b1157a3633a83bfd5c92'

/** IDKit's digest, computed independently with viem. */
const digestOf = (hex: `0x${string}`) => `0x${(BigInt(keccak256(hex)) >> 8n).toString(16).padStart(64, '0')}`

const shortMessageOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ command: 'verify' })
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

describe('generateSignal', () => {
  test('default', () => {
    expect(generateSignal(undefined)).toBe(EMPTY)
  })

  test.each(['uint256', 'string', 'address', 'bool', 'bytes', 'bytes32', 'uint256[]'])(
    'error: a %s value without a usable toString is a typed error',
    (type) => {
      expect(shortMessageOf(() => generateSignal({ types: [type], values: [Object.create(null)] }))).toBeDefined()
      expect(shortMessageOf(() => generateSignal({ types: [type], values: [{ toString: 1 }] }))).toBeDefined()
    },
  )

  test('parameters: matches hashToField test vectors', () => {
    expect(generateSignal('test_signal')).toBe(TEST_SIGNAL)
    expect(generateSignal('0x010203')).toBe(BYTES_010203)
  })

  test('behavior: ABI signals agree with viem encodePacked + keccak256 >> 8 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((value) => ['uint256', value] as const),
            fc.bigInt({ min: -(2n ** 31n), max: 2n ** 31n - 1n }).map((value) => ['int32', value] as const),
            fc.boolean().map((value) => ['bool', value] as const),
            fc.string().map((value) => ['string', value] as const),
            fc
              .uint8Array({ minLength: 20, maxLength: 20 })
              .map((bytes) => ['address', `0x${Buffer.from(bytes).toString('hex')}`] as const),
            fc
              .uint8Array({ minLength: 32, maxLength: 32 })
              .map((bytes) => ['bytes32', `0x${Buffer.from(bytes).toString('hex')}`] as const),
          ),
          { maxLength: 4 },
        ),
        (pairs) => {
          const types = pairs.map(([type]) => type)
          const values = pairs.map(([, value]) => value)
          expect(generateSignal({ types, values })).toBe(digestOf(encodePacked(types, values as never)))
        },
      ),
      { numRuns: 1000 },
    )
  })
})
