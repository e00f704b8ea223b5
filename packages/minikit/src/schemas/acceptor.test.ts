import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { acceptorOf } from './acceptor.js'

const shapes = {
  walletAuthSuccess: {
    status: z.literal('success'),
    message: z.string(),
    signature: z.string(),
    address: z.string(),
    version: z.number(),
  },
  error: { status: z.literal('error'), error_code: z.string(), version: z.optional(z.number()) },
  profile: { username: z.optional(z.nullable(z.string())), profile_picture_url: z.optional(z.nullable(z.string())) },
  mixed: { flag: z.boolean(), count: z.nullable(z.number()), note: z.optional(z.string()) },
  // Checks and dates, as input shapes have them (walletAuth's): the schema's own checks decide.
  checked: {
    message: z.string().check(
      z.minLength(2),
      z.refine((value) => !/\s/.test(value), 'no whitespace'),
    ),
    note: z.optional(z.string().check(z.maxLength(3))),
    count: z.number().check(z.refine((value) => value % 2 === 0, 'even')),
    status: z.optional(z.date().check(z.refine((date) => date.getTime() > 0, 'after 1970'))),
  },
}

const keys = [
  'status',
  'message',
  'signature',
  'address',
  'version',
  'error_code',
  'username',
  'profile_picture_url',
  'flag',
  'count',
  'note',
]
const value = fc.oneof(
  fc.constantFrom('success', 'error', '', '0x12', null, undefined, true, false, 0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY),
  fc.string(),
  fc.date({ noInvalidDate: false }),
  fc.double(),
  fc.integer(),
  fc.anything(),
)
const record = fc.oneof(
  fc.dictionary(fc.constantFrom(...keys), value),
  fc
    .tuple(fc.dictionary(fc.constantFrom(...keys), value), fc.dictionary(fc.string(), fc.anything()))
    .map(([a, b]) => ({ ...b, ...a })),
  fc.anything(),
)

describe('acceptorOf', () => {
  for (const [name, shape] of Object.entries(shapes)) {
    for (const loose of [true, false]) {
      const schema = loose ? z.looseObject(shape) : z.object(shape)
      const accept = acceptorOf(shape, loose)

      test(`behavior: ${name} (${loose ? 'loose' : 'strip'}): whatever it accepts, zod accepts with the same output`, () => {
        expect(accept).toBeTypeOf('function')
        fc.assert(
          fc.property(record, (data) => {
            const accepted = accept?.(data)
            if (accepted === undefined) return
            const parsed = schema.safeParse(data)
            expect(parsed.success).toBe(true)
            expect(accepted).toStrictEqual(parsed.success && parsed.data)
            expect(accepted).not.toBe(data)
          }),
          { numRuns: 3000 },
        )
      })
    }
  }

  test('default: accepts every value zod accepts for plain shapes', () => {
    const accept = acceptorOf(shapes.walletAuthSuccess, true)
    const valid = fc.record({
      status: fc.constant('success' as const),
      message: fc.string(),
      signature: fc.string(),
      address: fc.string(),
      version: fc.integer(),
    })
    fc.assert(
      fc.property(
        valid,
        fc.dictionary(
          fc.string().filter((key) => key !== '__proto__'),
          fc.jsonValue(),
        ),
        (reply, extra) => {
          const data = { ...extra, ...reply }
          expect(accept?.(data)).toStrictEqual(z.looseObject(shapes.walletAuthSuccess).parse(data))
        },
      ),
    )
  })

  test('behavior: declines (undefined) for invalid values, so zod reports them', () => {
    const accept = acceptorOf(shapes.error, true)
    expect(accept?.({ status: 'error', error_code: 1 })).toBeUndefined()
    expect(accept?.({ status: 'error', error_code: 'x', version: Number.NaN })).toBeUndefined()
    expect(accept?.({ status: 'success', error_code: 'x' })).toBeUndefined()
    expect(accept?.([])).toBeUndefined()
    expect(accept?.(null)).toBeUndefined()
    expect(accept?.('{"status":"error"}')).toBeUndefined()
  })

  test('behavior: a strip object keeps only its own keys, present ones only', () => {
    const accept = acceptorOf(shapes.profile, false)
    expect(accept?.({ username: 'a', extra: 1 })).toStrictEqual({ username: 'a' })
    expect(accept?.({ username: undefined })).toStrictEqual({ username: undefined })
  })

  test('behavior: no acceptor for fields it cannot mirror', () => {
    expect(acceptorOf({ a: z.union([z.string(), z.number()]) }, true)).toBeUndefined()
    expect(acceptorOf({ a: z.object({ b: z.string() }) }, true)).toBeUndefined()
    expect(acceptorOf({ a: z.literal(['x', 'y']) }, true)).toBeUndefined()
    expect(acceptorOf({ a: z.optional(z.array(z.string())) }, true)).toBeUndefined()
  })
})

test('behavior: a check that rewrites the value is left to zod, which applies it', () => {
  const accept = acceptorOf({ a: z.string().check(z.trim()) }, false)
  expect(accept?.({ a: ' padded ' })).toBeUndefined()
  expect(accept?.({ a: 'plain' })).toStrictEqual({ a: 'plain' })
})

test('behavior: an async check is left to zod', () => {
  const accept = acceptorOf({ a: z.string().check(z.refine(async () => true)) }, false)
  expect(accept?.({ a: 'x' })).toBeUndefined()
})

test('behavior: an own __proto__ key is left to zod', () => {
  const accept = acceptorOf(shapes.error, true)
  expect(accept?.(JSON.parse('{"status":"error","error_code":"x","__proto__":{"polluted":true}}'))).toBeUndefined()
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})
