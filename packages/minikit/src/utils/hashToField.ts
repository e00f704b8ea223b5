import { keccak_256 } from '@noble/hashes/sha3.js'
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'

/** A 32-byte field element as `0x` + 64 hex digits. */
export type FieldDigest = `0x${string}`

// Any run of hex digits, like IDKit's check (viem `isHex` / ox `Hex.validate`).
const HEX = /^0x[0-9a-fA-F]*$/

// Odd lengths are left-padded with a 0 nibble, as viem and ox decode them.
const hexBytes = (hex: string) => hexToBytes(hex.length % 2 ? `0${hex}` : hex)

/**
 * World ID's hash to the BN254 scalar field: keccak-256 shifted right by
 * 8 bits, so the digest always fits the field. `0x` hex strings are hashed
 * as their bytes (`0x123` as `01 23`), other strings as UTF-8.
 *
 * @example
 * ```ts
 * hashToField('') // 0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4
 * ```
 */
export function hashToField(input: string | Uint8Array): FieldDigest {
  const bytes = typeof input !== 'string' ? input : HEX.test(input) ? hexBytes(input.slice(2)) : utf8ToBytes(input)
  const digest = keccak_256(bytes)
  // Dropping the last byte is the same as `>> 8` on the big-endian number.
  let hex = '00'
  for (let i = 0; i < 31; i++) hex += (digest[i] as number).toString(16).padStart(2, '0')
  return `0x${hex}`
}
