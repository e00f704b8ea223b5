import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { TokenDecimals, type Tokens } from '../support/constants.js'

const DECIMAL = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/**
 * Convert a human token amount to base units with exact decimal arithmetic
 * (no floating point): `2.01` USDC is `"2010000"`, `1000` WLD is
 * `"1000000000000000000000"`. Numbers are read through their shortest
 * decimal form, so `2.01` means 2.01, not 2.0099999….
 *
 * @example
 * ```ts
 * tokenToDecimals('0.1', Tokens.USDC) // "100000"
 * ```
 */
export function tokenToDecimals(amount: number | string, token: Tokens): string {
  const decimals = TokenDecimals[token]
  if (decimals === undefined) throw new InvalidPayloadError(`Invalid token: ${String(token)}`, { command: 'pay' })
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : ''
  const match = DECIMAL.exec(text)
  if (!match || !(match[1] || match[2])) {
    throw new InvalidPayloadError(`Invalid token amount: ${String(amount)}`, { command: 'pay' })
  }
  const [, whole = '', fraction = '', exponent = '0'] = match
  // Move the decimal point by the token's decimals plus any exponent.
  const shift = decimals + Number(exponent)
  const digits = whole + fraction
  const point = whole.length + shift
  const integer = point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits.slice(0, Math.max(point, 0))
  const rest = point >= digits.length ? '' : digits.slice(Math.max(point, 0))
  if (/[1-9]/.test(rest)) {
    throw new InvalidPayloadError(`The resulting amount is not a whole number: ${String(amount)}`, { command: 'pay' })
  }
  return BigInt(integer || '0').toString()
}
