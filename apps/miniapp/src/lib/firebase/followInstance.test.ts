import { createSwitchedRouter, PLAYER_MOVE_GRACE_MS } from '@worldmap/game'
import fc from 'fast-check'
import { afterEach, expect, test, vi } from 'vitest'
import { createServerClock } from '../clock/createServerClock.js'
import { followInstance } from './followInstance.js'

const main = 'http://127.0.0.1:9000/?ns=demo-worldmap'
const p2 = 'http://127.0.0.1:9178/?ns=demo-worldmap-r2'
const p3 = 'http://127.0.0.1:9179/?ns=demo-worldmap-r3'
const at = Date.UTC(2026, 11, 7)
const router = createSwitchedRouter(main, { players: [p2] }, { at, next: { players: [p3] } })
const playerAt = (now: number) => router.playerAt('u1', now).instance

afterEach(() => {
  vi.useRealTimers()
})

/** The game clock on the faked device clock, with a server offset the test sets. */
function fakeClock(deviceNow: number) {
  vi.useFakeTimers({ now: deviceNow, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  return createServerClock({ deviceNow: () => Date.now() })
}

test('default: without a change ahead, the instance once and nothing waited for', () => {
  const clock = fakeClock(at)
  const onInstance = vi.fn()
  const stop = followInstance(() => p2, null, clock, onInstance)
  expect(onInstance.mock.calls).toEqual([[p2]])
  expect(vi.getTimerCount()).toBe(0)
  stop()
})

test('behavior: the instance changes as the clock crosses the grace, once; then nothing is waited for', () => {
  const clock = fakeClock(at)
  const onInstance = vi.fn()
  followInstance(playerAt, router.playersMoveAt, clock, onInstance)
  expect(onInstance.mock.calls).toEqual([[p2]])
  vi.advanceTimersByTime(PLAYER_MOVE_GRACE_MS - 1)
  expect(onInstance).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(2)
  expect(onInstance.mock.calls).toEqual([[p2], [p3]])
  expect(vi.getTimerCount()).toBe(0)
})

test('behavior: the server’s time learned across the grace moves it at once, and back if the clock goes back', () => {
  const clock = fakeClock(at)
  const onInstance = vi.fn()
  const stop = followInstance(playerAt, router.playersMoveAt, clock, onInstance)
  clock.adopt(PLAYER_MOVE_GRACE_MS + 60_000, 'database')
  expect(onInstance.mock.calls).toEqual([[p2], [p3]])
  clock.adopt(0, 'sign-nonce')
  expect(onInstance.mock.calls).toEqual([[p2], [p3], [p2]])
  stop()
  clock.adopt(PLAYER_MOVE_GRACE_MS + 60_000, 'database')
  vi.advanceTimersByTime(PLAYER_MOVE_GRACE_MS * 2)
  expect(onInstance).toHaveBeenCalledTimes(3)
  expect(vi.getTimerCount()).toBe(0)
})

test('behavior: a switch months away waits in parts (a timer cannot wait that long) and still moves on time', () => {
  const far = Date.UTC(2027, 5, 7)
  const later = createSwitchedRouter(main, { players: [p2] }, { at: far, next: { players: [p3] } })
  const clock = fakeClock(far - 60 * 86_400_000)
  const onInstance = vi.fn()
  followInstance((now) => later.playerAt('u1', now).instance, later.playersMoveAt, clock, onInstance)
  vi.advanceTimersByTime(30 * 86_400_000)
  expect(onInstance).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(30 * 86_400_000 + PLAYER_MOVE_GRACE_MS)
  expect(onInstance).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(1)
  expect(onInstance.mock.calls).toEqual([[p2], [p3]])
})

test('behavior: whatever the clock does, the instance followed is always the one the functions’ router names for that moment', () => {
  const step = fc.oneof(
    fc.record({ advance: fc.integer({ min: 0, max: 2 * PLAYER_MOVE_GRACE_MS }) }),
    // In 2 s steps: the game clock announces a change beyond its 1 s noise (a smaller one is read on the next timer).
    fc.record({ offset: fc.integer({ min: -600, max: 600 }).map((steps) => steps * 2_000) }),
  )
  fc.assert(
    fc.property(
      fc.integer({ min: -2 * PLAYER_MOVE_GRACE_MS, max: 2 * PLAYER_MOVE_GRACE_MS }),
      fc.array(step, { maxLength: 12 }),
      fc.string({ minLength: 1, maxLength: 42 }),
      (start, steps, uid) => {
        const clock = fakeClock(at + start)
        const shared = createSwitchedRouter(main, { players: [p2, p3] }, { at, next: { players: [main, p2, p3] } })
        let followed = ''
        const stop = followInstance(
          (now) => shared.playerAt(uid, now).instance,
          shared.playersMoveAt,
          clock,
          (url) => {
            followed = url
          },
        )
        for (const next of steps) {
          if ('advance' in next) vi.advanceTimersByTime(next.advance)
          else clock.adopt(next.offset, 'database')
          expect(followed).toBe(shared.playerAt(uid, clock.now()).instance)
        }
        stop()
        vi.useRealTimers()
      },
    ),
  )
})
