import { databasePaths } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { liveStreakDrops, watchStreakDrops } from './watchStreakDrops.js'

/** What the map makes of a stored node at `now`: the row's reading, then this clock's live ones. */
const parseStreakDrops = (value: unknown, now: number) => liveStreakDrops(liveRecords.streakDrops.read(value), now)

const NOW = 1_000_000
const reward = (overrides: Record<string, unknown> = {}) => ({
  lat: 1.3,
  lng: 103.8,
  kind: 'gem',
  rarity: 'epic',
  expiresAt: NOW + 60_000,
  streakDay: 7,
  ...overrides,
})
const ID = 'streak_997460_0123456789ab'

afterEach(() => {
  vi.useRealTimers()
})

describe('liveStreakDrops of the row reading', () => {
  test('default: a reward becomes a map drop under its id, with its streak day (the reveal names it)', () => {
    expect(parseStreakDrops({ [ID]: reward() }, NOW)).toEqual([
      { id: ID, lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'epic', expiresAt: NOW + 60_000, streakDay: 7 },
    ])
  })

  test('error: a public drop id, a bad record, an expired reward or no value at all are skipped, never thrown', () => {
    expect(
      parseStreakDrops(
        {
          w21z73t_997459_3: reward(),
          streak_1_nothex: reward(),
          streak_997460_aaaaaaaaaaaa: reward({ rarity: 'mythic' }),
          streak_997460_bbbbbbbbbbbb: reward({ expiresAt: NOW }),
        },
        NOW,
      ),
    ).toEqual([])
    for (const value of [null, undefined, 'x', 3]) expect(parseStreakDrops(value, NOW)).toEqual([])
  })
})

describe('watchStreakDrops', () => {
  test("behavior: listens to the player's own path, delivers each change, and again when a reward expires", () => {
    vi.useFakeTimers()
    vi.setSystemTime(NOW)
    let push: (value: unknown) => void = () => {}
    const stop = vi.fn()
    const watch = vi.fn((_path: string, onValue: (value: unknown) => void) => {
      push = onValue
      return stop
    })
    const onDrops = vi.fn()
    const unsubscribe = watchStreakDrops(
      watch,
      () => Date.now(),
      'player-1',
      onDrops,
      () => {},
    )
    expect(watch.mock.calls[0]?.[0]).toBe(databasePaths.streakDrops('player-1'))
    push({ [ID]: reward() })
    expect(onDrops.mock.lastCall?.[0].map((drop: { id: string }) => drop.id)).toEqual([ID])
    // Its time is up: off the map without a database change.
    vi.advanceTimersByTime(60_000)
    expect(onDrops.mock.lastCall?.[0]).toEqual([])
    // Collected (the record deleted): gone.
    push({ [ID]: reward({ expiresAt: NOW + 600_000 }) })
    push(null)
    expect(onDrops.mock.lastCall?.[0]).toEqual([])
    unsubscribe()
    expect(stop).toHaveBeenCalledOnce()
  })
})
