import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { checkSiweTimeWindow } from '../auth/checkSiweTimeWindow.js'
import { signInLimits } from '../auth/signInLimits.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { purgeSpentNonces } from './purgeSpentNonces.js'
import { spendNonceInDatabase } from './spendNonceInDatabase.js'

const now = Date.UTC(2025, 5, 1, 12)
const minute = 60 * 1000
const retention = signInLimits.spentNonceRetentionMs
const nonceAt = (index: number) => `n${String(index).padStart(8, '0')}`

let db: TestDatabase | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
})

describe('purgeSpentNonces', () => {
  test('default: deletes the nonces spent more than 24 h 11 min ago, keeps the rest', async () => {
    db = await startTestDatabase({
      nonces: {
        week000old: { spentAt: now - 7 * 24 * 60 * minute },
        hours00025: { spentAt: now - 25 * 60 * minute },
        justpastrt: { spentAt: now - retention - 1 },
        exactlyret: { spentAt: now - retention },
        hours00024: { spentAt: now - 24 * 60 * minute },
        fresh00000: { spentAt: now - 1000 },
      },
      profiles: { someone: { collected: 1 } },
    })
    expect(retention).toBe((24 * 60 + 11) * minute)
    expect(await purgeSpentNonces(db.database, now)).toEqual({ deleted: 3, complete: true })
    expect(await db.read('nonces')).toEqual({
      exactlyret: { spentAt: now - retention },
      hours00024: { spentAt: now - 24 * 60 * minute },
      fresh00000: { spentAt: now - 1000 },
    })
    expect(await db.read('profiles')).toEqual({ someone: { collected: 1 } })
  })

  test('parameters: batchSize and maxBatches — a capped run reports it is not complete, the next run finishes', async () => {
    const nonces = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [nonceAt(index), { spentAt: now - 2 * retention + index }]),
    )
    db = await startTestDatabase({ nonces: { ...nonces, keptfresh: { spentAt: now } } })
    expect(await purgeSpentNonces(db.database, now, { batchSize: 3, maxBatches: 2 })).toEqual({ deleted: 6, complete: false })
    // Oldest first.
    expect(Object.keys((await db.read<Record<string, unknown>>('nonces')) ?? {}).sort()).toEqual([
      'keptfresh',
      nonceAt(6),
      nonceAt(7),
      nonceAt(8),
      nonceAt(9),
    ])
    expect(await purgeSpentNonces(db.database, now, { batchSize: 3 })).toEqual({ deleted: 4, complete: true })
    expect(await db.read('nonces')).toEqual({ keptfresh: { spentAt: now } })
  })

  test('behavior: nothing to purge, or no /nonces at all', async () => {
    db = await startTestDatabase({})
    expect(await purgeSpentNonces(db.database, now)).toEqual({ deleted: 0, complete: true })
    await db.database.ref('nonces/fresh1234').set({ spentAt: now })
    expect(await purgeSpentNonces(db.database, now)).toEqual({ deleted: 0, complete: true })
    expect(await db.read('nonces')).toEqual({ fresh1234: { spentAt: now } })
  })

  test('behavior: entries without a numeric spentAt are not ours and stay', async () => {
    db = await startTestDatabase({
      nonces: {
        nospentat: { other: 1 },
        stringtime: { spentAt: '1' },
        booltime00: { spentAt: true },
        negative00: { spentAt: -5 },
        oldnumber0: { spentAt: 1 },
      },
    })
    expect(await purgeSpentNonces(db.database, now)).toEqual({ deleted: 1, complete: true })
    expect(Object.keys((await db.read<Record<string, unknown>>('nonces')) ?? {}).sort()).toEqual([
      'booltime00',
      'negative00',
      'nospentat',
      'stringtime',
    ])
  })

  test('behavior: works on what spendNonceInDatabase writes, and a purged nonce was spent long enough ago', async () => {
    db = await startTestDatabase({})
    expect(await spendNonceInDatabase(db.database, 'spentlongago', now - 25 * 60 * minute)).toBe(true)
    expect(await spendNonceInDatabase(db.database, 'spentjustnow', now - minute)).toBe(true)
    expect(await purgeSpentNonces(db.database, now)).toEqual({ deleted: 1, complete: true })
    expect(await db.read('nonces')).toEqual({ spentjustnow: { spentAt: now - minute } })
    expect(await spendNonceInDatabase(db.database, 'spentjustnow', now)).toBe(false)
  })

  test('behavior: a nonce is never purged while a message that spent it could still be accepted', () => {
    // A message spends its nonce at S (its times accepted at request start S0 ≤ S ≤ S0 + 60 s).
    // A replay starts at R, is accepted on the same message, and spends at R + up to 60 s.
    // The purge runs at P anywhere up to that replay's spend: it must keep the record.
    const requestTimeout = 60 * 1000
    fc.assert(
      fc.property(
        // A phone's clock up to 14 h off (the tolerance is 12 h), a replay up to 26 h later.
        fc.integer({ min: -14 * 60 * minute, max: 14 * 60 * minute }),
        fc.integer({ min: 0, max: 8 * 24 * 60 * minute }),
        fc.integer({ min: 0, max: 26 * 60 * minute }),
        fc.integer({ min: 0, max: requestTimeout }),
        fc.integer({ min: 0, max: requestTimeout }),
        (issuedOffset, lifetime, replayAfter, firstSpendDelay, purgeBeforeReplaySpend) => {
          const firstStart = now
          const message = {
            issued_at: new Date(firstStart + issuedOffset).toISOString(),
            expiration_time: new Date(firstStart + issuedOffset + lifetime).toISOString(),
          }
          fc.pre(checkSiweTimeWindow(message, firstStart) === null)
          const spentAt = firstStart + firstSpendDelay
          const replayStart = spentAt + replayAfter
          fc.pre(checkSiweTimeWindow(message, replayStart) === null)
          const purgeAt = replayStart + requestTimeout - purgeBeforeReplaySpend
          expect(spentAt).toBeGreaterThanOrEqual(purgeAt - retention)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
