import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { safeString } from '../errors/safeString.js'
import { PAY_TOKEN_DECIMALS, type PayToken } from '../protocol/tokens.js'

const DECIMAL = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i
// uint256 has 78 digits; anything longer is no token amount, and refusing it
// early avoids building megabyte strings for inputs like "1e500000000".
const MAX_DIGITS = 78

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
export function tokenToDecimals(amount: number | string, token: PayToken): string {
  // Own keys only: 'toString' or 'constructor' are no tokens.
  const decimals = typeof token === 'string' && Object.hasOwn(PAY_TOKEN_DECIMALS, token) ? PAY_TOKEN_DECIMALS[token] : undefined
  if (decimals === undefined) throw new InvalidPayloadError(`Invalid token: ${safeString(token)}`, { command: 'pay' })
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : ''
  const match = DECIMAL.exec(text)
  if (!match || !(match[1] || match[2])) {
    throw new InvalidPayloadError(`Invalid token amount: ${safeString(amount)}`, { command: 'pay' })
  }
  const [, whole = '', fraction = '', exponent = '0'] = match
  // Move the decimal point by the token's decimals plus any exponent;
  // leading zeros are dropped first so they do not count as size.
  const all = whole + fraction
  const digits = all.replace(/^0+/, '')
  if (!digits) return '0'
  const point = whole.length - (all.length - digits.length) + decimals + Number(exponent)
  if (point > MAX_DIGITS) {
    throw new InvalidPayloadError(`Invalid token amount: ${safeString(amount)}`, {
      command: 'pay',
      details: 'The amount does not fit in 256 bits.',
    })
  }
  const integer = point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits.slice(0, Math.max(point, 0))
  const rest = point >= digits.length ? '' : digits.slice(Math.max(point, 0))
  if (/[1-9]/.test(rest)) {
    throw new InvalidPayloadError(`The resulting amount is not a whole number: ${safeString(amount)}`, { command: 'pay' })
  }
  return BigInt(integer || '0').toString()
}
