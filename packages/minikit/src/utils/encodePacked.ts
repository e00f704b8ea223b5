import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { safeString } from '../errors/safeString.js'

const fail = (message: string): never => {
  throw new InvalidPayloadError(message, { command: 'verify' })
}

const hexBody = (value: unknown, type: string): string => {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value)) fail(`Invalid ${type} value: ${safeString(value)}`)
  return (value as string).slice(2).toLowerCase()
}

function encodeOne(type: string, value: unknown, inArray: boolean): string {
  const array = /^(.+)\[(\d*)\]$/.exec(type)
  if (array) {
    if (!Array.isArray(value)) return fail(`Invalid ${type} value: expected an array`)
    if (array[2] && value.length !== Number(array[2])) fail(`Invalid ${type} value: expected ${array[2]} items`)
    // Solidity pads every array element to a full word, even when packed.
    return value.map((item) => encodeOne(array[1] as string, item, true)).join('')
  }
  let hex: string
  let bytes: number
  if (type === 'address') {
    hex = hexBody(value, type)
    if (hex.length !== 40) fail(`Invalid address: ${safeString(value)}`)
    bytes = 20
  } else if (type === 'bool') {
    if (typeof value !== 'boolean') fail(`Invalid bool value: ${safeString(value)}`)
    hex = value ? '01' : '00'
    bytes = 1
  } else if (type === 'string') {
    if (typeof value !== 'string') fail(`Invalid string value: ${safeString(value)}`)
    return bytesToHex(utf8ToBytes(value as string))
  } else if (type === 'bytes') {
    return hexBody(value, type)
  } else {
    const fixed = /^bytes([1-9]|[12]\d|3[0-2])$/.exec(type)
    const integer = /^(u?)int(\d*)$/.exec(type)
    if (fixed) {
      bytes = Number(fixed[1])
      hex = hexBody(value, type)
      if (hex.length !== bytes * 2) fail(`Invalid ${type} value: expected ${bytes} bytes`)
      return inArray ? hex.padEnd(64, '0') : hex
    }
    if (!integer) return fail(`Unsupported type: ${type}`)
    const bits = Number(integer[2] || 256)
    if (bits % 8 !== 0 || bits < 8 || bits > 256) fail(`Unsupported type: ${type}`)
    bytes = bits / 8
    let n: bigint
    try {
      n = BigInt(value as bigint | number | string)
    } catch {
      return fail(`Invalid ${type} value: ${safeString(value)}`)
    }
    const signed = !integer[1]
    const max = 1n << BigInt(signed ? bits - 1 : bits)
    if (n >= max || n < (signed ? -max : 0n)) fail(`Integer out of range for ${type}: ${safeString(value)}`)
    // Two's complement for negative signed integers.
    hex = (n < 0n ? (1n << BigInt(bits)) + n : n).toString(16).padStart(bytes * 2, '0')
  }
  return inArray ? (hex as string).padStart(64, '0') : (hex as string)
}

/**
 * Solidity's `abi.encodePacked`, for World ID's ABI-encoded actions and
 * signals. Kept in-house so `verify` does not pull viem's ABI stack into
 * every bundle; its output is checked against viem's `encodePacked` in tests.
 *
 * @example
 * ```ts
 * encodePacked(['address', 'uint256'], ['0x…', 1n])
 * ```
 */
export function encodePacked(types: readonly string[], values: readonly unknown[]): `0x${string}` {
  if (types.length !== values.length) fail('Types and values arrays must have the same length.')
  return `0x${types.map((type, index) => encodeOne(type, values[index], false)).join('')}`
}
