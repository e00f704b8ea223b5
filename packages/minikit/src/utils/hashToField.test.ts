import fc from 'fast-check'
import { keccak256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { hashToField } from './hashToField.js'

// An independent reference: IDKit's rule written with viem. `0x` strings
// made of hex digits are decoded (odd lengths left-padded with a 0 nibble, as
// viem's and ox's hex decoders do); everything else is hashed as UTF-8.
function reference(input: string | Uint8Array): string {
  const data =
    typeof input !== 'string'
      ? input
      : /^0x[0-9a-fA-F]*$/.test(input)
        ? (input as `0x${string}`)
        : new TextEncoder().encode(input)
  return `0x${(BigInt(keccak256(data)) >> 8n).toString(16).padStart(64, '0')}`
}

describe('hashToField', () => {
  test('default', () => {
    expect(hashToField('')).toBe('0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4')
  })

  test.each<[string, string | Uint8Array, string]>([
    ['empty string', '', '0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4'],
    ["'test_signal'", 'test_signal', '0x00c1636e0a961a3045054c4d61374422c31a95846b8442f0927ad2ff1d6112ed'],
    ['bytes 01 02 03', new Uint8Array([1, 2, 3]), '0x00f1885eda54b7a053318cd41e2093220dab15d65381b1157a3633a83bfd5c92'],
    ["hex string '0x010203' (hashed as bytes)", '0x010203', '0x00f1885eda54b7a053318cd41e2093220dab15d65381b1157a3633a83bfd5c92'],
    ['empty bytes', new Uint8Array(), '0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4'],
    ["'0x' alone (no bytes)", '0x', '0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4'],
    [
      'an address (20 raw bytes)',
      '0x27a89B8262b6A51167488edC860E39fbC0111B9B',
      '0x008e8ce766ead3a3d31ad7b684b4af9f41fa7db7d9b3d0ef3bdc6330d672cd13',
    ],
    ["odd-length hex '0x123' (bytes 01 23)", '0x123', '0x00667d3611273365cfb6e64399d5af0bf332ec3e5d6986f76bc7d10839b680eb'],
  ])('parameters: %s', (_name, input, digest) => {
    expect(hashToField(input)).toBe(digest)
  })

  test('parameters: hex strings hash as their bytes, whatever the letter case', () => {
    expect(hashToField('0xABCDEF')).toBe(hashToField(new Uint8Array([0xab, 0xcd, 0xef])))
    expect(hashToField('0xabcdef')).toBe(hashToField('0xABCDEF'))
    expect(hashToField('0x123')).toBe(hashToField(new Uint8Array([0x01, 0x23])))
  })

  test('parameters: strings that only look like hex hash as UTF-8', () => {
    const utf8 = (text: string) => hashToField(new TextEncoder().encode(text))
    expect(hashToField('0xzz')).toBe(utf8('0xzz'))
    expect(hashToField('0X0102')).toBe(utf8('0X0102'))
    expect(hashToField('010203')).toBe(utf8('010203'))
    expect(hashToField(' 0x01')).toBe(utf8(' 0x01'))
    expect(hashToField('héllo ✓')).toBe(utf8('héllo ✓'))
  })

  test('behavior: the digest is a field element, 0x00 + 62 lowercase hex digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array()), (input) => {
        const digest = hashToField(input)
        expect(digest).toMatch(/^0x00[0-9a-f]{62}$/)
        expect(BigInt(digest) < 2n ** 248n).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  test('behavior: agrees with the IDKit rule for strings, hex strings and bytes (property)', () => {
    const hexString = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 65 }).map((hex) => `0x${hex}`)
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), hexString, fc.uint8Array({ maxLength: 100 })), (input) => {
        expect(hashToField(input)).toBe(reference(input))
      }),
      { numRuns: 3000 },
    )
  })
})
