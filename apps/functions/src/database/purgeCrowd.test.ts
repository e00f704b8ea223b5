import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import { admitSignIn } from './admitSignIn.js'
import { crowdPaths } from './crowdPaths.js'
import { purgeCrowd } from './purgeCrowd.js'
import { takeVerifyCall } from './takeCrowdTokens.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const windowMs = CROWD_LIMITS.windowMs
const now = Date.UTC(2025, 0, 1, 12, 10)
const index = Math.floor(now / windowMs)
const secret = 'nonce-secret-0123456789abcdef0123456789'
const wallet = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

let db: TestDatabase
beforeAll(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

/**
 * What a crowd of `accounts` throwaway wallets leaves in the window of `at`:
 * a sign-in and a verify call each, from many networks, through the real
 * counters for the first 20, and as the same nodes written at once for the
 * rest (a thousand round trips would only slow the test down).
 */
async function crowdAt(at: number, accounts: number) {
  const counted = Math.min(accounts, 20)
  for (let n = 0; n < counted; n++) {
    await admitSignIn(db.database, { uid: wallet(n), source: `203.0.${n >> 8}.${n & 255}`, now: at }, { secret })
    await takeVerifyCall(db.database, { uid: wallet(n), signedInAt: undefined }, at).catch(() => undefined)
  }
  const window = Math.floor(at / windowMs)
  const rest = Array.from({ length: accounts - counted }, (_, k) => counted + k)
  await db.database
    .ref()
    .update(Object.fromEntries(rest.map((n) => [crowdPaths.verifyAccount(window, wallet(n)), { window, n: 5 }])))
}

describe('purgeCrowd', { timeout: 60_000 }, () => {
  test('default: after a crowd, the purge brings /crowd back to its floor — the current window only, then nothing', async () => {
    await crowdAt(now - windowMs, 1_200)
    await crowdAt(now, 3)
    expect(Object.keys((await db.read<Record<string, unknown>>(`crowd/${index - 1}/verify/accounts`)) ?? {})).toHaveLength(1_200)
    expect(await purgeCrowd(db.database, now)).toEqual(Array.from({ length: 48 }, (_, k) => index - 48 + k))
    expect(Object.keys((await db.read<Record<string, unknown>>('crowd')) ?? {})).toEqual([String(index)])
    // The window ends: nothing of the crowd is left.
    expect(await purgeCrowd(db.database, now + windowMs)).toEqual([index])
    expect(await db.read('crowd')).toBeNull()
    expect(await db.read('meta/purge/crowd')).toBe(index)
  })

  test('behavior: the counters of the layout before windows (one node per account, forever) go on the first run', async () => {
    await db.database.ref('crowd').set({
      verify: {
        accounts: Object.fromEntries(Array.from({ length: 700 }, (_, n) => [wallet(n), { window: 1, n: 5 }])),
        total: { window: 1, n: 1800 },
      },
      signIn: { abcd: { window: 1, n: 30 } },
      spawn: { regions: { w21z: { window: 1, n: 20 } }, total: { window: 1, n: 1000 } },
    })
    await purgeCrowd(db.database, now)
    expect(await db.read('crowd')).toBeNull()
  })

  test('behavior: a second run does nothing; the current window is never touched', async () => {
    await crowdAt(now, 2)
    await purgeCrowd(db.database, now)
    const before = await db.read('/')
    expect(await purgeCrowd(db.database, now + 60_000)).toEqual([])
    expect(await db.read('/')).toEqual(before)
  })
})
