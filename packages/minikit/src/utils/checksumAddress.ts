import { keccak_256 } from '@noble/hashes/sha3.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'

// A 20-byte address in any letter case.
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** Whether `value` is `0x` followed by 40 hex digits (any letter case; the checksum is not checked). */
export function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && ADDRESS.test(value)
}

/**
 * The EIP-55 checksummed form of a 20-byte address, as viem's `getAddress`
 * writes it, with the keccak-256 the package already ships (so the root
 * never loads viem). `undefined` for anything that is not a 20-byte address.
 *
 * @example
 * ```ts
 * checksumAddress('0x2cfc85d8e48f8eab294be644d9e25c3030863003') // '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
 * ```
 */
export function checksumAddress(value: string): `0x${string}` | undefined {
  if (!ADDRESS.test(value)) return undefined
  const lower = value.slice(2).toLowerCase()
  // EIP-55: the hash is over the lowercase hex digits as ASCII text.
  const hash = keccak_256(utf8ToBytes(lower))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 ? 0 : 4)) & 0xf
    const char = lower[i] as string
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}
