import { describe, expect, test } from 'vitest'
import { isRanked, profileRecordOf } from './profileRecord.js'

const publicId = 'p0123456789abcdef01234567'
const progress = { timeZone: 'UTC', day: '2026-11-24', today: 1, streak: 1, best: 1, updatedAt: 1 }

describe('profileRecordOf', () => {
  test('default', () => {
    expect(
      profileRecordOf({
        publicId,
        verifiedLevel: 'orb',
        username: 'alice',
        progress,
        collection: { gem: { rare: { count: 2, firstAt: 5 } } },
        week: { week: 2968, points: 12 },
      }),
    ).toEqual({
      publicId,
      verifiedLevel: 'orb',
      progress,
      collection: { gem: { rare: { count: 2, firstAt: 5 } } },
      week: { week: 2968, points: 12 },
    })
  })

  test.each<[string, unknown]>([
    ['nothing', null],
    ['a string', 'profile'],
    [
      'malformed fields',
      { publicId: '0xabc', verifiedLevel: 'robot', progress: { day: 1 }, collection: 'all', week: { week: -1 } },
    ],
  ])('behavior: %s reads as an empty profile', (_name, value) => {
    expect(profileRecordOf(value)).toEqual({ publicId: null, verifiedLevel: null, progress: null, collection: {}, week: null })
  })

  test('behavior: malformed collection entries, unknown kinds and rarities are dropped', () => {
    expect(
      profileRecordOf({
        collection: {
          gem: {
            rare: { count: 0, firstAt: 1 },
            epic: { count: 1, firstAt: 'then' },
            common: { count: 1, firstAt: 2 },
            shiny: {},
          },
          dragon: { rare: { count: 1, firstAt: 1 } },
          coin: 'x',
        },
      }).collection,
    ).toEqual({ gem: { common: { count: 1, firstAt: 2 } } })
  })
})

describe('isRanked', () => {
  test.each([
    ['orb with a public id', { verifiedLevel: 'orb', publicId }, true],
    ['orb without a public id', { verifiedLevel: 'orb', publicId: null }, false],
    ['device', { verifiedLevel: 'device', publicId }, false],
    ['not verified', { verifiedLevel: null, publicId }, false],
  ] as const)('%s → %s', (_name, profile, expected) => {
    expect(isRanked(profile)).toBe(expected)
  })
})
