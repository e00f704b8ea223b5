import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createServerClock } from './createServerClock.js'
import { keepIdTokenFresh, type WatchedIdToken } from './keepIdTokenFresh.js'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const SERVER_NOW = Date.UTC(2026, 10, 28, 12)

beforeEach(() => {
  vi.useFakeTimers({ now: SERVER_NOW })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A token source the test drives, with tokens the server issues for an hour. */
function tokens() {
  let listener: (token: WatchedIdToken | null) => void = () => {}
  const refreshes: number[] = []
  const issue = (expiresAt: number): WatchedIdToken => ({
    expiresAt,
    refresh: vi.fn(async () => {
      refreshes.push(Date.now())
      listener(issue(Date.now() + HOUR))
    }),
  })
  return {
    refreshes,
    issue,
    emit: (token: WatchedIdToken | null) => listener(token),
    watchToken: (next: typeof listener) => {
      listener = next
      return () => {
        listener = () => {}
      }
    },
  }
}

describe('keepIdTokenFresh', () => {
  test('default: a token is refreshed 5 minutes before it expires by server time, and the next one again', async () => {
    const source = tokens()
    const clock = createServerClock()
    clock.adopt(0, 'sign-nonce')
    keepIdTokenFresh({ watchToken: source.watchToken, clock })
    source.emit(source.issue(SERVER_NOW + HOUR))
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1)
    expect(source.refreshes).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(source.refreshes).toEqual([SERVER_NOW + 55 * MINUTE])
    await vi.advanceTimersByTimeAsync(55 * MINUTE)
    expect(source.refreshes).toHaveLength(2)
  })

  test('behavior: a phone set back a day keeps no expired token: refreshed once the clock knows the server’s time', async () => {
    const source = tokens()
    // The phone reads a day behind; the SDK's own timer would wait a day more.
    const clock = createServerClock({ deviceNow: () => Date.now() - 24 * HOUR })
    keepIdTokenFresh({ watchToken: source.watchToken, clock })
    source.emit(source.issue(SERVER_NOW - MINUTE))
    // On the phone's clock the token has a day left: nothing yet…
    expect(source.refreshes).toEqual([])
    // …until the database's handshake tells the game clock the server's time.
    clock.adopt(24 * HOUR, 'database')
    await vi.advanceTimersByTimeAsync(0)
    expect(source.refreshes).toEqual([SERVER_NOW])
  })

  test('behavior: before the server’s time is known the phone’s clock judges nothing (2 h ahead, every token would look expired)', async () => {
    const source = tokens()
    const clock = createServerClock({ deviceNow: () => Date.now() + 2 * HOUR })
    keepIdTokenFresh({ watchToken: source.watchToken, clock })
    source.emit(source.issue(SERVER_NOW + HOUR))
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(source.refreshes).toEqual([])
    clock.adopt(-2 * HOUR, 'database')
    await vi.advanceTimersByTimeAsync(54 * MINUTE - 1)
    expect(source.refreshes).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(source.refreshes).toEqual([SERVER_NOW + 55 * MINUTE])
  })

  test('behavior: a token born expired by our clock is refreshed once, not in a loop', async () => {
    const source = tokens()
    const clock = createServerClock()
    clock.adopt(0, 'database')
    const stale: WatchedIdToken = { expiresAt: SERVER_NOW - HOUR, refresh: vi.fn(async () => source.emit(stale)) }
    keepIdTokenFresh({ watchToken: source.watchToken, clock })
    source.emit(stale)
    await vi.advanceTimersByTimeAsync(10 * MINUTE)
    expect(stale.refresh).toHaveBeenCalledTimes(1)
  })

  test('behavior: signed out, or stopped, nothing is refreshed; a failed refresh is left to the SDK', async () => {
    const source = tokens()
    const clock = createServerClock()
    clock.adopt(0, 'database')
    const failing: WatchedIdToken = { expiresAt: SERVER_NOW, refresh: vi.fn(async () => Promise.reject(new Error('offline'))) }
    const stop = keepIdTokenFresh({ watchToken: source.watchToken, clock })
    source.emit(failing)
    await vi.advanceTimersByTimeAsync(0)
    expect(failing.refresh).toHaveBeenCalledTimes(1)
    source.emit(source.issue(SERVER_NOW + HOUR))
    source.emit(null)
    await vi.advanceTimersByTimeAsync(2 * HOUR)
    expect(source.refreshes).toEqual([])
    source.emit(source.issue(SERVER_NOW + 3 * HOUR))
    stop()
    await vi.advanceTimersByTimeAsync(4 * HOUR)
    expect(source.refreshes).toEqual([])
  })

  test('property: whatever the phone’s skew, once the offset is known the refresh comes 5 minutes before the server’s expiry', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -48 * HOUR, max: 48 * HOUR }),
        fc.integer({ min: 6 * MINUTE, max: HOUR }),
        async (skew, left) => {
          vi.setSystemTime(SERVER_NOW)
          const source = tokens()
          const clock = createServerClock({ deviceNow: () => Date.now() + skew })
          clock.adopt(-skew, 'database')
          const stop = keepIdTokenFresh({ watchToken: source.watchToken, clock })
          source.emit(source.issue(SERVER_NOW + left))
          await vi.advanceTimersByTimeAsync(left - 5 * MINUTE)
          expect(source.refreshes).toEqual([SERVER_NOW + left - 5 * MINUTE])
          stop()
        },
      ),
      { numRuns: 30 },
    )
  })
})
