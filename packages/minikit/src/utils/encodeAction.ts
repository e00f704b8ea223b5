import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import type { AbiEncodedValue } from '../types.js'

const fail = (message: string): never => {
  throw new InvalidPayloadError(message, { command: 'verify' })
}

// String() throws for null-prototype objects and `{ toString: 1 }`; that
// must surface as a typed error, not a TypeError.
function actionValue(value: unknown): string {
  try {
    return String(value)
  } catch {
    return fail("'action' values must convert to strings")
  }
}

/**
 * IDKit's action encoding: strings pass through, ABI values become
 * `type(value)` pairs joined by commas.
 *
 * @example
 * ```ts
 * encodeAction({ types: ['uint256'], values: [1] }) // 'uint256(1)'
 * ```
 */
export function encodeAction(action: string | AbiEncodedValue | undefined): string {
  if (!action) return ''
  if (typeof action === 'string') return action
  if (action.types.length !== action.values.length) fail('Types and values arrays must have the same length.')
  return action.types.map((type, index) => `${type}(${actionValue(action.values[index])})`).join(',')
}
