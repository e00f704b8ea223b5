import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { forwardedSourceOf, networkOf, sourceBucketOf, sourceOf } from './crowdPaths.js'

describe('networkOf', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:DB8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['not-an-address', 'not-an-address'],
  ])('parameters: %s → %s', (source, network) => {
    expect(networkOf(source)).toBe(network)
  })

  test('behavior: every address of one /64 is one network, and addresses of two /64s are two (property)', () => {
    const hextet = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16))
    const half = fc.tuple(hextet, hextet, hextet, hextet).map((parts) => parts.join(':'))
    fc.assert(
      fc.property(half, half, half, (prefix, hostA, hostB) => {
        expect(networkOf(`${prefix}:${hostA}`)).toBe(networkOf(`${prefix}:${hostB}`))
      }),
    )
    fc.assert(
      fc.property(half, half, half, (prefixA, prefixB, host) => {
        const same = networkOf(`${prefixA}:0:0:0:0`) === networkOf(`${prefixB}:0:0:0:0`)
        expect(networkOf(`${prefixA}:${host}`) === networkOf(`${prefixB}:${host}`)).toBe(same)
      }),
    )
  })

  test('behavior: distinct IPv4 addresses stay distinct (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), (a, b) => {
        expect(networkOf(a) === networkOf(b)).toBe(a === b)
      }),
    )
  })
})

describe('sourceOf', () => {
  test('default: the last X-Forwarded-For entry (what Google’s front end appended)', () => {
    expect(sourceOf({ headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }, ip: '169.254.1.1' })).toBe('203.0.113.7')
  })

  test.each([
    [{ headers: {}, ip: '198.51.100.2' }, '198.51.100.2'],
    [{ headers: { 'x-forwarded-for': ['1.1.1.1', '2001:db8::1'] } }, '2001:db8::1'],
    [{ headers: { 'x-forwarded-for': ' , ' }, ip: '127.0.0.1' }, '127.0.0.1'],
    [{}, 'unknown'],
  ])('parameters: %o → %s', (request, source) => {
    expect(sourceOf(request)).toBe(source)
  })
})

describe('forwardedSourceOf', () => {
  test("default: the last X-Forwarded-For entry, as Google's front end appends it", () => {
    expect(forwardedSourceOf({ headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }, ip: '169.254.1.1' })).toBe('203.0.113.7')
  })

  test('behavior: without the header there is no source, whatever the socket says (the emulator hands requests over without one)', () => {
    expect(forwardedSourceOf({ headers: {}, ip: '169.254.1.1' })).toBeUndefined()
    expect(forwardedSourceOf({})).toBeUndefined()
  })
})

describe('sourceBucketOf', () => {
  const secret = 'nonce-secret-0123456789abcdef0123456789'

  test('default: 4 hex digits of a keyed hash of the network, never the address', () => {
    const bucket = sourceBucketOf('203.0.113.7', secret)
    expect(bucket).toMatch(/^[0-9a-f]{4}$/)
    expect(sourceBucketOf('203.0.113.7', 'another-secret-0123456789abcdef01234')).not.toBe(bucket)
  })

  test('behavior: addresses of one /64 share a bucket (property)', () => {
    const hextet = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16))
    fc.assert(
      fc.property(fc.tuple(hextet, hextet, hextet, hextet), fc.tuple(hextet, hextet, hextet, hextet), (host, other) => {
        const address = (part: string[]) => `2001:db8:aa:bb:${part.join(':')}`
        expect(sourceBucketOf(address(host), secret)).toBe(sourceBucketOf(address(other), secret))
      }),
    )
  })

  test('behavior: no source and loopback are not counted (only the local stack sees them)', () => {
    for (const source of [undefined, '127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(sourceBucketOf(source, secret)).toBeUndefined()
  })
})
