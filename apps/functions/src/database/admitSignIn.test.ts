import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import { admitSignIn, forwardedSourceOf, sourceOf } from './admitSignIn.js'
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
