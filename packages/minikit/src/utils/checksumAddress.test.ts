import fc from 'fast-check'
import { getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { checksumAddress, isAddress } from './checksumAddress.js'

describe('checksumAddress', () => {
  test('default: writes the EIP-55 form', () => {
    expect(checksumAddress('0x2cfc85d8e48f8eab294be644d9e25c3030863003')).toBe('0x2cFc85d8E48F8EAB294be644d9E25C3030863003')
    // The EIP-55 specification's own examples.
    expect(checksumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
    expect(checksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')
  })

  test('behavior: agrees with viem getAddress on any address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const hex = `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
        const input = upper ? `0x${hex.slice(2).toUpperCase()}` : hex
        expect(checksumAddress(input)).toBe(getAddress(hex))
      }),
      { numRuns: 200 },
    )
  })

  test('error: anything but a 20-byte hex address gives undefined', () => {
    for (const bad of ['', '0x', '0x1234', `0x${'g'.repeat(40)}`, `${'a'.repeat(42)}`, `0x${'a'.repeat(41)}`]) {
      expect(checksumAddress(bad)).toBeUndefined()
      expect(isAddress(bad)).toBe(false)
    }
    expect(isAddress(`0x${'A'.repeat(40)}`)).toBe(true)
    expect(isAddress(42)).toBe(false)
  })
})
