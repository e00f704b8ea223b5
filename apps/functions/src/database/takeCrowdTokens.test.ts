import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { VerifyRateLimitedError } from '../refusals/VerifyRateLimitedError.js'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import { crowdPaths } from './crowdPaths.js'
import { takeVerifyCall } from './takeCrowdTokens.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const windowMs = CROWD_LIMITS.windowMs
const now = Date.UTC(2025, 0, 1, 12, 10)
const index = Math.floor(now / windowMs)
const limits = { ...CROWD_LIMITS, verifyPerAccount: 3, verifyFreshTotal: 4, verifyOpenTotal: 2 }
const wallet = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
/** A session signed in long ago: what a crowd stockpiles. */
const old = now - 10 * windowMs
/** A session signed in just now: what a newcomer has. */
const fresh = now - 60_000

let db: TestDatabase
beforeAll(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

const take = (n: number, signedInAt: number | undefined, at = now) =>
  takeVerifyCall(db.database, { uid: wallet(n), signedInAt }, at, limits).catch((error: unknown) => {
    if (error instanceof VerifyRateLimitedError) return 'refused' as const
    throw error
  })

describe('takeVerifyCall', () => {
  test('default: a fresh session’s first call takes the fresh lane; its retries take the open one', async () => {
    expect([await take(1, fresh), await take(1, fresh)]).toEqual(['fresh', 'open'])
    expect(await db.read(crowdPaths.verifyAccount(index, wallet(1)))).toEqual({ window: index, n: 2 })
  })

  test('error: a crowd of stockpiled sessions spends the open lane only; every newcomer’s first try still goes through', async () => {
    const crowd = []
    for (let n = 1; n <= 6; n++) crowd.push(await take(n, old))
    expect(crowd).toEqual(['open', 'open', 'refused', 'refused', 'refused', 'refused'])
    const newcomers = []
    for (let n = 100; n < 104; n++) newcomers.push(await take(n, fresh))
    expect(newcomers).toEqual(['fresh', 'fresh', 'fresh', 'fresh'])
    // A session signed in at the end of the last window is still fresh; one with no auth_time is not.
    expect(await take(200, (index - 1) * windowMs)).toBe('refused')
    expect(await take(201, undefined)).toBe('refused')
  })

  test('behavior: a full fresh lane falls back to the open one', async () => {
    const firstTries = []
    for (let n = 1; n <= 7; n++) firstTries.push(await take(n, fresh))
    expect(firstTries).toEqual(['fresh', 'fresh', 'fresh', 'fresh', 'open', 'open', 'refused'])
  })

  test('error: one account is refused after its own limit, with the time left in the window', async () => {
    await take(1, fresh)
    await take(1, fresh)
    expect(await take(1, fresh)).toBe('open')
    await expect(takeVerifyCall(db.database, { uid: wallet(1), signedInAt: fresh }, now, limits)).rejects.toMatchObject({
      code: 'verify_rate_limited',
      retryAfterMs: (index + 1) * windowMs - now,
    })
  })

  test('behavior: the next window, every count starts again', async () => {
    for (let n = 1; n <= 3; n++) await take(n, old)
    expect(await take(4, old)).toBe('refused')
    expect(await take(4, old, now + windowMs)).toBe('open')
  })

  test('behavior: two calls at once of one fresh session take the fresh lane once', async () => {
    const lanes = await Promise.all([take(1, fresh), take(1, fresh), take(1, fresh)])
    expect(lanes.filter((lane) => lane === 'fresh')).toHaveLength(1)
  })

  test('property: whatever the order of crowd and newcomer calls, every newcomer’s first try is admitted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), async (order) => {
        await db.database.ref().set(null)
        let crowd = 0
        let newcomer = 100
        const admitted: boolean[] = []
        for (const isNewcomer of order) {
          if (isNewcomer && newcomer < 100 + limits.verifyFreshTotal) admitted.push((await take(newcomer++, fresh)) !== 'refused')
          else await take(crowd++ % 40, old)
        }
        expect(admitted.every(Boolean)).toBe(true)
      }),
      { numRuns: 25 },
    )
  })
})
