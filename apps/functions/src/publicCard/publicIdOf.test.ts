import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { publicIdOf } from './publicIdOf.js'

const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
const secret = 'public-id-secret-0123456789abcdef'

describe('publicIdOf', () => {
  test('default', () => {
    const id = publicIdOf(alice, secret)
    expect(id).toMatch(/^p[0-9a-f]{24}$/)
    // Pinned: changing the derivation would orphan every public profile.
    expect(id).toBe('p08b837c9cb68884d724b05e4')
  })

  test('behavior: deterministic', () => {
    expect(publicIdOf(alice, secret)).toBe(publicIdOf(alice, secret))
  })

  test('parameters: another uid, another id', () => {
    expect(publicIdOf(bob, secret)).not.toBe(publicIdOf(alice, secret))
  })

  test('parameters: another secret, another id', () => {
    expect(publicIdOf(alice, `${secret}x`)).not.toBe(publicIdOf(alice, secret))
  })

  test('parameters: the uid is taken as given (checksum case matters)', () => {
    expect(publicIdOf(alice.toLowerCase(), secret)).not.toBe(publicIdOf(alice, secret))
  })

  test('behavior: shape, no trace of the uid, distinct per uid (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string(), (uid, other, anySecret) => {
        const id = publicIdOf(uid, anySecret)
        expect(id).toMatch(/^p[0-9a-f]{24}$/)
        expect(publicIdOf(uid, anySecret)).toBe(id)
        if (uid.length >= 8) expect(id.toLowerCase()).not.toContain(uid.toLowerCase())
        if (other !== uid) expect(publicIdOf(other, anySecret)).not.toBe(id)
      }),
    )
  })

  test('behavior: wallet addresses never appear in their id', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const uid = `0x${Buffer.from(bytes).toString('hex')}`
        const id = publicIdOf(uid, secret)
        expect(id).not.toContain(uid.slice(2, 10).toLowerCase())
        expect(id).not.toContain(uid)
      }),
    )
  })
})
