import { databasePaths } from '@worldmap/game'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { watchFoundSpots } from './watchFoundSpots.js'

const DAY = 20546
const DAY_MS = 86_400_000
const UID = '0x00000000000000000000000000000000000A11cE'

afterEach(() => {
  vi.useRealTimers()
})

describe('watchFoundSpots', () => {
  test("behavior: listens to today's node of the player, delivers each change, and moves to the next day's at 00:00 UTC", () => {
    vi.useFakeTimers()
    vi.setSystemTime(DAY * DAY_MS + DAY_MS - 60_000)
    const pushes = new Map<string, (value: unknown) => void>()
    const stops = new Map<string, ReturnType<typeof vi.fn>>()
    const watch = vi.fn((path: string, onValue: (value: unknown) => void) => {
      pushes.set(path, onValue)
      const stop = vi.fn()
      stops.set(path, stop)
      return stop
    })
    const onSpots = vi.fn()
    const unsubscribe = watchFoundSpots(
      watch,
      () => Date.now(),
      UID,
      onSpots,
      () => {},
    )
    const today = databasePaths.spotFinds(DAY, UID)
    expect(watch.mock.calls.map((call) => call[0])).toEqual([today])
    expect(onSpots).toHaveBeenLastCalledWith({ day: DAY, spots: new Set() })
    pushes.get(today)?.({ w21z73t_3: 'w21z73t_986211_3' })
    expect(onSpots).toHaveBeenLastCalledWith({ day: DAY, spots: new Set(['w21z73t_3']) })

    // Midnight UTC: yesterday's spots are nobody's business any more.
    vi.advanceTimersByTime(60_000 + 100)
    const tomorrow = databasePaths.spotFinds(DAY + 1, UID)
    expect(stops.get(today)).toHaveBeenCalledOnce()
    expect(watch.mock.calls.map((call) => call[0])).toEqual([today, tomorrow])
    expect(onSpots).toHaveBeenLastCalledWith({ day: DAY + 1, spots: new Set() })

    unsubscribe()
    expect(stops.get(tomorrow)).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(2 * DAY_MS)
    expect(watch).toHaveBeenCalledTimes(2)
  })

  test('error: a refused read goes to onError', () => {
    const onError = vi.fn()
    const watch = vi.fn((_path: string, _onValue: (value: unknown) => void, fail: (error: Error) => void) => {
      fail(new Error('permission_denied'))
      return () => {}
    })
    watchFoundSpots(watch, () => DAY * DAY_MS, UID, vi.fn(), onError)()
    expect(onError).toHaveBeenCalledWith(new Error('permission_denied'))
  })
})
