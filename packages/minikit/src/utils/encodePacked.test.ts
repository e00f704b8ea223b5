import fc from 'fast-check'
import { encodePacked as viemEncodePacked } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { encodePacked } from './encodePacked.js'

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`)
const hexBytes = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`)

// Each arbitrary yields a [type, value] pair that viem can encode.
const scalar = fc.oneof(
  address.map((v) => ['address', v] as const),
  fc.boolean().map((v) => ['bool', v] as const),
  fc.string().map((v) => ['string', v] as const),
  hexBytes(0, 40).map((v) => ['bytes', v] as const),
  fc.integer({ min: 1, max: 32 }).chain((n) => hexBytes(n, n).map((v) => [`bytes${n}`, v] as const)),
  fc
    .integer({ min: 1, max: 32 })
    .chain((n) => fc.bigInt(0n, (1n << BigInt(n * 8)) - 1n).map((v) => [`uint${n * 8}`, v] as const)),
  fc
    .integer({ min: 1, max: 32 })
    .chain((n) => fc.bigInt(-(1n << BigInt(n * 8 - 1)), (1n << BigInt(n * 8 - 1)) - 1n).map((v) => [`int${n * 8}`, v] as const)),
)
const arrayOf = fc.oneof(
  fc.array(address, { maxLength: 4 }).map((v) => ['address[]', v] as const),
  fc.array(fc.bigInt(0n, (1n << 256n) - 1n), { maxLength: 4 }).map((v) => ['uint256[]', v] as const),
  fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }).map((v) => ['bool[2]', v] as const),
  fc.array(hexBytes(4, 4), { maxLength: 3 }).map((v) => ['bytes4[]', v] as const),
)

describe('encodePacked', () => {
  test('default: matches viem for random type/value lists', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(scalar, arrayOf), { maxLength: 6 }), (pairs) => {
        const types = pairs.map(([type]) => type)
        const values = pairs.map(([, value]) => value)
        expect(encodePacked(types, values)).toBe(viemEncodePacked(types as never, values as never).toLowerCase())
      }),
      { numRuns: 2000 },
    )
  })

  test('parameters: uint aliases to uint256', () => {
    expect(encodePacked(['uint'], [1n])).toBe(`0x${'1'.padStart(64, '0')}`)
  })

  test.each([
    [['uint8'], [256n], 'Integer out of range for uint8: 256'],
    [['int8'], [-129n], 'Integer out of range for int8: -129'],
    [['address'], ['0x12'], 'Invalid address: 0x12'],
    [['bool'], ['yes'], 'Invalid bool value: yes'],
    [['bytes2'], ['0x01'], 'Invalid bytes2 value: expected 2 bytes'],
    [['uint7'], [1n], 'Unsupported type: uint7'],
    [['tuple'], [1n], 'Unsupported type: tuple'],
    [['uint256[2]'], [[1n]], 'Invalid uint256[2] value: expected 2 items'],
    [['uint256[]'], [1n], 'Invalid uint256[] value: expected an array'],
    [['uint256'], ['abc'], 'Invalid uint256 value: abc'],
    [['uint256', 'bool'], [1n], 'Types and values arrays must have the same length.'],
  ])('error: %s', (types, values, message) => {
    const error = (() => {
      try {
        encodePacked(types, values)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect((error as InvalidPayloadError).shortMessage).toBe(message)
  })
})
