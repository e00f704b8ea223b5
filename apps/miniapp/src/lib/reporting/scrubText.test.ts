import { encodeGeohash } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scrubText } from './scrubText.js'

const wallet = '0x4f9aB1c2D3e4F5a6B7c8D9e0F1a2B3c4D5e6F7a8'

describe('scrubText', () => {
  test('default', () => {
    expect(scrubText(`no drop at 1.352083,103.819836 for ${wallet} (/map?at=w21z7)`)).toBe('no drop at ~…,~… for 0x… (/map)')
  })

  test.each([
    ['a query string', 'https://worldmap.app/map?lat=1.35&lng=103.8#x', 'https://worldmap.app/map'],
    ['a fragment', 'at /profile#0xabc', 'at /profile'],
    ['an address', `signed by ${wallet}.`, 'signed by 0x….'],
    ['a negative coordinate', 'at -33.868820, 151.209290', 'at ~…, ~…'],
    ['a uid-like id', 'user aB3dE5gH7jK9 failed', 'user <id> failed'],
    ['a geohash', 'cell w21z7k3m', 'cell <id>'],
    ['a spawn cell', 'spawn cell w21z73t refused', 'spawn cell <cell> refused'],
    ['a watch cell in a path', 'read drops/997459/w21z73 denied', 'read drops/#…/<cell> denied'],
    ['a timestamp', 'at 1798765432100', 'at #…'],
    ['an e-mail', 'mail ana.lee+x@example.co.uk now', 'mail <email> now'],
    ['a JWT', 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIweDEyMyJ9.c2lnbmF0dXJl', 'Bearer <id>.<id>.<id>'],
  ])('behavior: removes %s', (_, text, expected) => {
    expect(scrubText(text)).toBe(expected)
  })

  test('behavior: a stack keeps its functions, files and line:column', () => {
    const stack =
      'TypeError: x is not a function\n    at collectDrop (https://worldmap.app/assets/chunks/chunk-CNzcQjcR.js:12:3456)'
    expect(scrubText(stack, 2000)).toBe(stack)
  })

  test('behavior: a region (5 geohash characters or fewer) and plain words stay', () => {
    expect(scrubText('region w21z7 of main; drops-shard u4pru slow')).toBe('region w21z7 of main; drops-shard u4pru slow')
    expect(scrubText('rejected: already_collected, invalid_location')).toBe('rejected: already_collected, invalid_location')
  })

  test('property: no geohash cell finer than a region survives (6+ characters of any position), whatever surrounds it', () => {
    const position = fc.tuple(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }))
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), position, fc.integer({ min: 6, max: 12 }), (before, [lat, lng], length) => {
        const cell = encodeGeohash(lat, lng, length)
        // A cell of only letters (no digit) reads as a word; every real one from a position here has a digit or is skipped.
        fc.pre(/\d/.test(cell) && /[b-hjkmnp-z]/.test(cell))
        const out = scrubText(`${before} ${cell} /drops/1/${cell}`, 10_000)
        expect(out).not.toContain(cell.slice(0, 6))
      }),
    )
  })

  test('behavior: cuts to maxLength with an ellipsis', () => {
    expect(scrubText('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`)
  })

  test('behavior: no address, coordinate, long digit run or query survives, whatever surrounds it', () => {
    const secret = fc.oneof(
      fc.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.integer({ min: 3, max: 8 })).map(([n, d]) => n.toFixed(d)),
      fc.stringMatching(/^[0-9]{6,20}$/),
      fc.stringMatching(/^\?[a-z]{1,5}=[a-z0-9.]{1,12}$/),
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), secret, fc.string({ maxLength: 40 }), (before, value, after) => {
        const out = scrubText(`${before} ${value} ${after}`, 10_000)
        expect(out).not.toMatch(/0x[0-9a-f]{6,}/i)
        expect(out).not.toMatch(/\d{6,}/)
        expect(out).not.toMatch(/\d\.\d{3,}/)
        expect(out).not.toContain(value)
      }),
    )
  })
})
