import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import { admitSignIn } from './admitSignIn.js'
import { crowdPaths } from './crowdPaths.js'
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
    const counters =
      (await db.read<Record<string, unknown>>(`${crowdPaths.window(Math.floor(now / CROWD_LIMITS.windowMs))}/signIn`)) ?? {}
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
