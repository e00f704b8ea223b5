import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import { admitSignIn, forwardedSourceOf, networkOf, sourceOf } from './admitSignIn.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const secret = 'nonce-secret-0123456789abcdef0123456789'
const now = Date.UTC(2025, 0, 1, 12, 10)
const limits = { ...CROWD_LIMITS, signInsPerSource: 2 }
const wallet = (index: number) => `0x${index.toString(16).padStart(40, '0')}`

let db: TestDatabase
beforeAll(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

describe('admitSignIn', () => {
  test('default', async () => {
    expect(await admitSignIn(db.database, { uid: wallet(1), source: '203.0.113.7', now }, { secret, limits })).toBe(true)
    // One counter under a 4-hex-digit bucket: the address itself is never stored.
    const counters = (await db.read<Record<string, unknown>>('crowd/signIn')) ?? {}
    expect(Object.keys(counters)).toHaveLength(1)
    expect(Object.keys(counters)[0]).toMatch(/^[0-9a-f]{4}$/)
    expect(JSON.stringify(await db.read('/'))).not.toContain('203.0.113.7')
  })

  test('error: wallets past the limit of one source are refused until the window ends; another source is not', async () => {
    const admit = (index: number, source = '203.0.113.7', at = now) =>
      admitSignIn(db.database, { uid: wallet(index), source, now: at }, { secret, limits })
    expect([await admit(1), await admit(2), await admit(3)]).toEqual([true, true, false])
    expect(await admit(4, '198.51.100.9')).toBe(true)
    expect(await admit(5, '203.0.113.7', now + CROWD_LIMITS.windowMs)).toBe(true)
  })

  test('behavior: a verified human always signs in, and is not counted', async () => {
    await db.database.ref(`profiles/${wallet(9)}`).set({ verifiedLevel: 'orb' })
    for (let index = 1; index <= 2; index++)
      await admitSignIn(db.database, { uid: wallet(index), source: '203.0.113.7', now }, { secret, limits })
    expect(await admitSignIn(db.database, { uid: wallet(9), source: '203.0.113.7', now }, { secret, limits })).toBe(true)
  })

  test('behavior: loopback (only the local stack sees it) is never counted', async () => {
    for (let index = 1; index <= 5; index++)
      expect(await admitSignIn(db.database, { uid: wallet(index), source: '127.0.0.1', now }, { secret, limits })).toBe(true)
    expect(await db.read('crowd')).toBeNull()
  })

  test('behavior: an unknown source (local mode without X-Forwarded-For) is never counted', async () => {
    for (let index = 1; index <= 5; index++)
      expect(await admitSignIn(db.database, { uid: wallet(index), source: undefined, now }, { secret, limits })).toBe(true)
    expect(await db.read('crowd')).toBeNull()
  })
})

describe('admitSignIn over IPv6', () => {
  test('error: 40 fresh wallets from 40 addresses of one /64 share one limit; another /64 has its own', async () => {
    const admitted: boolean[] = []
    for (let index = 1; index <= 40; index++) {
      const source = `2001:db8:77:12:${index.toString(16)}:${((index * 7919) % 0xffff).toString(16)}::${index.toString(16)}`
      admitted.push(await admitSignIn(db.database, { uid: wallet(index), source, now }, { secret, limits }))
    }
    // signInsPerSource is 2 here: the prefix gets 2, as one IPv4 address would, not 40.
    expect(admitted.filter(Boolean)).toHaveLength(limits.signInsPerSource)
    expect(await admitSignIn(db.database, { uid: wallet(41), source: '2001:db8:77:13::1', now }, { secret, limits })).toBe(true)
  })
})

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
