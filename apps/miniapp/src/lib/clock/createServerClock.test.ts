import { spawnWindowOf } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { createServerClock } from './createServerClock.js'

const HOUR = 60 * 60 * 1000
/** A device clock the test moves by hand. */
function device(start: number) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

/** Device time within a few years of now, and a skew of up to ten days either way. */
const deviceTime = fc.integer({ min: 1.6e12, max: 2.2e12 })
const skew = fc.integer({ min: -240 * HOUR, max: 240 * HOUR })

describe('createServerClock', () => {
  test('default: the device clock until the server is heard, then the server’s', () => {
    const phone = device(1_800_000_000_000)
    const clock = createServerClock({ deviceNow: phone.now })
    expect([clock.now(), clock.offset(), clock.source()]).toEqual([1_800_000_000_000, 0, null])
    clock.adopt(-2 * HOUR, 'sign-nonce')
    expect([clock.now(), clock.offset(), clock.source()]).toEqual([1_800_000_000_000 - 2 * HOUR, -2 * HOUR, 'sign-nonce'])
    phone.advance(5000)
    expect(clock.now()).toBe(1_800_000_005_000 - 2 * HOUR)
  })

  test('behavior: the latest reading wins (the phone’s clock may have been changed since)', () => {
    const clock = createServerClock({ deviceNow: device(1_800_000_000_000).now })
    clock.adopt(-2 * HOUR, 'sign-nonce')
    clock.adopt(3 * HOUR, 'database')
    expect([clock.offset(), clock.source()]).toEqual([3 * HOUR, 'database'])
  })

  test('behavior: listeners hear of a change beyond the noise only, and stop when unsubscribed', () => {
    const clock = createServerClock({ deviceNow: device(1_800_000_000_000).now, noiseMs: 1000 })
    const listener = vi.fn()
    const stop = clock.subscribe(listener)
    clock.adopt(800, 'database')
    expect(listener).not.toHaveBeenCalled()
    clock.adopt(2 * HOUR, 'database')
    expect(listener).toHaveBeenCalledTimes(1)
    stop()
    clock.adopt(-2 * HOUR, 'database')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  test('error: a reading that is not a finite number is ignored', () => {
    const clock = createServerClock({ deviceNow: device(1_800_000_000_000).now })
    clock.adopt(HOUR, 'database')
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) clock.adopt(bad, 'database')
    expect(clock.offset()).toBe(HOUR)
    expect(Number.isFinite(clock.now())).toBe(true)
  })

  test('property: once the offset is adopted, any skew reads the server’s time, window and day', () => {
    fc.assert(
      fc.property(deviceTime, skew, fc.integer({ min: 0, max: 10 * HOUR }), (serverStart, phoneSkew, elapsed) => {
        const phone = device(serverStart + phoneSkew)
        const clock = createServerClock({ deviceNow: phone.now })
        clock.adopt(serverStart - phone.now(), 'database')
        phone.advance(elapsed)
        const server = serverStart + elapsed
        expect(clock.now()).toBe(server)
        expect(spawnWindowOf(clock.now()).index).toBe(spawnWindowOf(server).index)
        expect(new Date(clock.now()).toISOString().slice(0, 10)).toBe(new Date(server).toISOString().slice(0, 10))
      }),
    )
  })

  test('property: whatever the readings, the clock reads the device plus the last finite one', () => {
    fc.assert(
      fc.property(
        deviceTime,
        fc.array(fc.oneof(skew, fc.constant(Number.NaN), fc.double({ min: -1e9, max: 1e9, noNaN: true })), { maxLength: 8 }),
        (start, readings) => {
          const clock = createServerClock({ deviceNow: () => start })
          for (const reading of readings) clock.adopt(reading, 'database')
          const last = readings.filter(Number.isFinite).at(-1)
          expect(clock.now()).toBe(start + (last === undefined ? 0 : Math.round(last)))
        },
      ),
    )
  })
})
