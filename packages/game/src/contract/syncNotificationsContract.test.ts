import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isRefusalCode } from './refusals.js'
import { syncNotificationsContract } from './syncNotificationsContract.js'

const { request, reply, refusals } = syncNotificationsContract

describe('syncNotificationsContract', () => {
  test('default: the permission alone, with the switch, with the device zone', () => {
    for (const good of [{ granted: true }, { granted: false, optedOut: true }, { granted: true, timeZone: 'Asia/Jakarta' }]) {
      expect(request.safeParse(good).success).toBe(true)
    }
    expect(reply.safeParse({ enrolled: true, optedOut: false }).success).toBe(true)
    for (const code of refusals) expect(isRefusalCode(code)).toBe(true)
  })

  test.each([
    ['no permission flag', {}],
    ['a wallet of somebody else', { granted: true, wallet: '0x00000000000000000000000000000000000A11cE' }],
    ['a uid', { granted: true, uid: 'x' }],
    ['a string flag', { granted: 'yes' }],
    ['an empty zone', { granted: true, timeZone: '' }],
    ['a zone of 65 characters', { granted: true, timeZone: 'A'.repeat(65) }],
    ['null', null],
  ])('error: %s is refused (strict: nobody names whom to enrol)', (_name, value) => {
    expect(request.safeParse(value).success).toBe(false)
  })

  test('behavior: random input never throws; what passes has a boolean `granted` and no other key than the three (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.record({ granted: fc.boolean(), optedOut: fc.boolean() }), fc.anything()), (value) => {
        const parsed = request.safeParse(value)
        if (!parsed.success) return
        expect(typeof parsed.data.granted).toBe('boolean')
        expect(Object.keys(parsed.data).every((key) => ['granted', 'optedOut', 'timeZone'].includes(key))).toBe(true)
      }),
    )
  })
})
