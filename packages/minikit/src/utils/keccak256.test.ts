import { keccak_256 } from '@noble/hashes/sha3.js'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { bytesToHex } from './bytes.js'
import { keccak256 } from './keccak256.js'

const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)

test('default', () => {
  expect(hex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
  expect(hex(keccak256(new TextEncoder().encode('hello world')))).toBe(
    '47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad',
  )
})

test.each([0, 1, 135, 136, 137, 271, 272, 273, 1000])('behavior: %i bytes (block edges) hash as @noble/hashes does', (length) => {
  const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff)
  expect(hex(keccak256(bytes))).toBe(hex(keccak_256(bytes)))
})

test('behavior: any input hashes as @noble/hashes keccak_256 does', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
      expect(hex(keccak256(bytes))).toBe(hex(keccak_256(bytes)))
    }),
  )
})
