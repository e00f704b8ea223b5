import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { anyInput } from '../../test/property.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { Tokens } from '../protocol/tokens.js'
import { tokenToDecimals } from './tokenToDecimals.js'

const shortMessageOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

describe('tokenToDecimals', () => {
  test('default', () => {
    expect(tokenToDecimals(0.1, Tokens.USDC)).toBe('100000')
  })

  test.each<[number | string, Tokens, string]>([
    // The float pitfalls of the official toolkit (2.01 * 1e6 = 2009999.9999999998).
    [2.01, Tokens.USDC, '2010000'],
    [8.2, Tokens.USDC, '8200000'],
    [0.29, Tokens.USDC, '290000'],
    [1.1, Tokens.WLD, '1100000000000000000'],
    // The official toolkit renders this as "1e+21".
    [1000, Tokens.WLD, '1000000000000000000000'],
    [1, Tokens.WLD, '1000000000000000000'],
    [1.5, Tokens.WLD, '1500000000000000000'],
    [0.000001, Tokens.USDC, '1'],
    [0, Tokens.USDC, '0'],
    [0, Tokens.WLD, '0'],
    [1e21, Tokens.WLD, `1${'0'.repeat(39)}`],
    // Exponent numbers stringify as exponent notation.
    [1e-7, Tokens.WLD, '100000000000'],
    [2e-6, Tokens.USDC, '2'],
  ])('parameters: %s %s → %s', (amount, token, expected) => {
    expect(tokenToDecimals(amount, token)).toBe(expected)
  })

  test.each<[string, Tokens, string]>([
    ['2.01', Tokens.USDC, '2010000'],
    ['8.2', Tokens.USDC, '8200000'],
    ['0.1', Tokens.USDC, '100000'],
    ['1000', Tokens.WLD, '1000000000000000000000'],
    ['  3 ', Tokens.USDC, '3000000'],
    ['.5', Tokens.USDC, '500000'],
    ['5.', Tokens.USDC, '5000000'],
    ['000.100', Tokens.USDC, '100000'],
    ['1e3', Tokens.USDC, '1000000000'],
    ['1E-6', Tokens.USDC, '1'],
    ['2.5e+2', Tokens.USDC, '250000000'],
    ['0.000000000000000001', Tokens.WLD, '1'],
    ['123456789012345678901234567890.123456789012345678', Tokens.WLD, '123456789012345678901234567890123456789012345678'],
    ['1.000000', Tokens.USDC, '1000000'],
  ])("parameters: string '%s' %s → %s", (amount, token, expected) => {
    expect(tokenToDecimals(amount, token)).toBe(expected)
  })

  test('behavior: returns a string, safe for JSON and BigInt', () => {
    const result = tokenToDecimals(1000, Tokens.WLD)
    expect(typeof result).toBe('string')
    expect(BigInt(result)).toBe(10n ** 21n)
  })

  test.each<[string, unknown, unknown, string]>([
    ['unknown token', 1, 'ETH', 'Invalid token: ETH'],
    ['inherited key as token', 1, 'toString', 'Invalid token: toString'],
    ['token of another case', 1, 'wld', 'Invalid token: wld'],
    ['more decimals than USDC has (number)', 0.0000001, Tokens.USDC, 'The resulting amount is not a whole number: 1e-7'],
    ['more decimals than USDC has (string)', '0.0000001', Tokens.USDC, 'The resulting amount is not a whole number: 0.0000001'],
    [
      'more decimals than WLD has',
      '1.0000000000000000001',
      Tokens.WLD,
      'The resulting amount is not a whole number: 1.0000000000000000001',
    ],
    ['negative number', -1, Tokens.USDC, 'Invalid token amount: -1'],
    ['negative string', '-0.5', Tokens.USDC, 'Invalid token amount: -0.5'],
    ['NaN', Number.NaN, Tokens.USDC, 'Invalid token amount: NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, Tokens.WLD, 'Invalid token amount: Infinity'],
    ['-Infinity', Number.NEGATIVE_INFINITY, Tokens.WLD, 'Invalid token amount: -Infinity'],
    ['empty string', '', Tokens.USDC, 'Invalid token amount: '],
    ['lone point', '.', Tokens.USDC, 'Invalid token amount: .'],
    ['lone exponent', 'e5', Tokens.USDC, 'Invalid token amount: e5'],
    ['words', 'ten', Tokens.USDC, 'Invalid token amount: ten'],
    ['hex', '0x10', Tokens.USDC, 'Invalid token amount: 0x10'],
    ['thousands separator', '1,000', Tokens.USDC, 'Invalid token amount: 1,000'],
    ['null', null, Tokens.USDC, 'Invalid token amount: null'],
    ['bigint', 5n, Tokens.USDC, 'Invalid token amount: 5'],
  ])('error: %s', (_name, amount, token, message) => {
    expect(shortMessageOf(() => tokenToDecimals(amount as number, token as Tokens))).toBe(message)
  })

  test('error: absurd exponents are refused quickly instead of building huge strings', () => {
    const started = performance.now()
    expect(shortMessageOf(() => tokenToDecimals('1e500000000', Tokens.WLD))).toBe('Invalid token amount: 1e500000000')
    expect(shortMessageOf(() => tokenToDecimals('1e1000000000', Tokens.USDC))).toBe('Invalid token amount: 1e1000000000')
    expect(shortMessageOf(() => tokenToDecimals(`1${'0'.repeat(80)}`, Tokens.USDC))).toMatch(/^Invalid token amount: 1000/)
    expect(performance.now() - started).toBeLessThan(500)
    // Tiny exponents are just "not whole", and zeros stay zero at any scale.
    expect(shortMessageOf(() => tokenToDecimals('1e-500000000', Tokens.WLD))).toBe(
      'The resulting amount is not a whole number: 1e-500000000',
    )
    expect(tokenToDecimals('0e500000000', Tokens.WLD)).toBe('0')
  })

  test('behavior: exact for every decimal with at most the token decimals (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.constantFrom(Tokens.USDC, Tokens.WLD),
        fc.nat({ max: 18 }),
        (units, token, rawScale) => {
          const decimals = token === Tokens.USDC ? 6 : 18
          const scale = rawScale % (decimals + 1)
          const text = units.toString().padStart(scale + 1, '0')
          const human = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`
          expect(tokenToDecimals(human, token)).toBe((units * 10n ** BigInt(decimals - scale)).toString())
        },
      ),
      { numRuns: 2000 },
    )
  })

  test('behavior: numbers convert through their shortest decimal form (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.nat({ max: 6 }), (cents, scale) => {
        const amount = cents / 10 ** scale
        // The shortest round-trip decimal of `amount`, read exactly.
        const [mantissa = '', exponent = '0'] = String(amount).split('e')
        const [whole = '', fraction = ''] = mantissa.split('.')
        const shift = 6 + Number(exponent) - fraction.length
        if (shift < 0) return
        expect(tokenToDecimals(amount, Tokens.USDC)).toBe((BigInt(whole + fraction) * 10n ** BigInt(shift)).toString())
      }),
      { numRuns: 2000 },
    )
  })

  test('error: arbitrary input returns a base-unit string or throws InvalidPayloadError, nothing else (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyInput(), fc.double(), fc.string(), fc.stringMatching(/^[0-9]{0,4}(\.[0-9]{0,20})?(e[+-]?[0-9]{1,3})?$/)),
        fc.oneof(fc.constantFrom<unknown>(Tokens.USDC, Tokens.WLD, 'toString', '__proto__', 'constructor'), anyInput()),
        (amount, token) => {
          try {
            expect(tokenToDecimals(amount as number, token as Tokens)).toMatch(/^(0|[1-9][0-9]*)$/)
          } catch (error) {
            if (!(error instanceof InvalidPayloadError)) throw error
          }
        },
      ),
      { numRuns: 10_000 },
    )
  })
})

test.each([
  ['EURC', 2, '2000000'],
  ['WARS', 1.5, '1500000000000000000'],
  ['WCLP', '0.01', '10000000000000000'],
] as const)('behavior: the tokens official 2.x added convert with their decimals (%s)', (token, amount, expected) => {
  expect(tokenToDecimals(amount, token)).toBe(expected)
})
