import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readVerifiedLevel } from './readVerifiedLevel.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

let db: TestDatabase
beforeAll(async () => {
  db = await startTestDatabase({
    profiles: {
      orb: { verifiedLevel: 'orb' },
      device: { verifiedLevel: 'device', collected: 3 },
      unverified: { collected: 1 },
      garbage: { verifiedLevel: 'face' },
      number: { verifiedLevel: 3 },
    },
  })
})
afterAll(() => db.close())

describe('readVerifiedLevel', () => {
  test('default', async () => {
    expect(await readVerifiedLevel(db.database, 'orb')).toBe('orb')
  })

  test.each([
    ['device', 'device'],
    ['unverified', null],
    ['missing', null],
    ['garbage', null],
    ['number', null],
  ])('behavior: profile %s → %j', async (uid, level) => {
    expect(await readVerifiedLevel(db.database, uid)).toBe(level)
  })
})
