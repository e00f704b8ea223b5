import type { AbiEncodedValue } from '../types.js'
import { encodePacked } from './encodePacked.js'
import { type FieldDigest, hashToField } from './hashToField.js'

/**
 * The signal digest sent to the host: `hashToField` of the string, or of
 * the packed ABI encoding.
 *
 * @example
 * ```ts
 * generateSignal('0xabc…') // 0x00…
 * ```
 */
export function generateSignal(signal: string | AbiEncodedValue | undefined): FieldDigest {
  if (!signal || typeof signal === 'string') return hashToField(signal ?? '')
  return hashToField(encodePacked(signal.types, signal.values))
}
