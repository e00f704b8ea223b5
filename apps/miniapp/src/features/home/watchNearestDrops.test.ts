import { EARTH_RADIUS_METERS, formatDropId, type MapDrop } from '@worldmap/game'
import { expect, test, vi } from 'vitest'
import type { FoundSpots, LatLng, MapDataSource } from '../drops/MapDataSource.js'
import type { GeolocationLike } from '../position/watchDevicePosition.js'
import { type NearestDropsState, watchNearestDrops } from './watchNearestDrops.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const here = { lat: 1.3, lng: 103.8 }
const north = (meters: number, from: LatLng = here): LatLng => ({ lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng })
const drop = (id: string, at: LatLng): MapDrop => ({ id, ...at, kind: 'gem', rarity: 'rare', expiresAt: Number.MAX_SAFE_INTEGER })

function fakeGeolocation() {
  let success: PositionCallback = () => {}
  let failure: PositionErrorCallback | null | undefined
  const clearWatch = vi.fn()
  const geolocation: GeolocationLike = {
    watchPosition: (onSuccess, onError) => {
      success = onSuccess
      failure = onError
      return 7
    },
    clearWatch,
  }
  return {
    geolocation,
    clearWatch,
    moveTo: (at: LatLng) => success({ coords: { latitude: at.lat, longitude: at.lng, accuracy: 5 } } as GeolocationPosition),
    deny: () => failure?.({ code: 1, message: 'denied' } as GeolocationPositionError),
  }
}

function fakeDataSource() {
  const subscriptions: {
    center: LatLng
    onDrops: (drops: readonly MapDrop[]) => void
    onError: (e: Error) => void
    stop: ReturnType<typeof vi.fn>
  }[] = []
  const dataSource: MapDataSource = {
    watchDrops(center, onDrops, onError) {
      const stop = vi.fn()
      subscriptions.push({ center, onDrops, onError, stop })
      return stop
    },
    collect: vi.fn(),
  }
  return { dataSource, subscriptions }
}

function start(limit?: number) {
  const device = fakeGeolocation()
  const data = fakeDataSource()
  const states: NearestDropsState[] = []
  const stop = watchNearestDrops((state) => states.push(state), {
    dataSource: data.dataSource,
    geolocation: device.geolocation,
    ...(limit ? { limit } : {}),
  })
  return { device, data, states, stop, last: () => states.at(-1) }
}

const summary = (state: NearestDropsState | undefined) =>
  state?.status === 'ready' ? state.drops.map((near) => [near.drop.id, Math.round(near.distance)]) : state

test('default: locating, then the three nearest drops around the player, nearest first', () => {
  const { device, data, states, last } = start()
  expect(states).toEqual([{ status: 'locating' }])
  device.moveTo(here)
  expect(last()).toEqual({ status: 'loading' })
  expect(data.subscriptions.map((s) => s.center)).toEqual([here])

  data.subscriptions[0]?.onDrops([
    drop('far', north(900)),
    drop('near', north(20)),
    drop('mid', north(300)),
    drop('x', north(1500)),
  ])
  expect(summary(last())).toEqual([
    ['near', 20],
    ['mid', 300],
    ['far', 900],
  ])
})

test('parameters: limit', () => {
  const { device, data, last } = start(1)
  device.moveTo(here)
  data.subscriptions[0]?.onDrops([drop('a', north(50)), drop('b', north(10))])
  expect(summary(last())).toEqual([['b', 10]])
})

test('behavior: distances follow the player; drops are re-asked only after 250 m', () => {
  const { device, data, last } = start()
  device.moveTo(here)
  device.moveTo(north(5))
  expect(last()).toEqual({ status: 'loading' })
  data.subscriptions[0]?.onDrops([drop('a', north(100))])
  device.moveTo(north(60))
  expect(summary(last())).toEqual([['a', 40]])
  expect(data.subscriptions).toHaveLength(1)

  device.moveTo(north(400))
  expect(data.subscriptions).toHaveLength(2)
  expect(data.subscriptions[0]?.stop).toHaveBeenCalledTimes(1)
  expect(data.subscriptions[1]?.center).toEqual(north(400))
  // The old list stays (with fresh distances) until the new area answers.
  expect(summary(last())).toEqual([['a', 300]])
})

test('behavior: crossing into another watch cell re-asks short of 250 m', () => {
  // `here` is 209 m south of its watch cell's north edge.
  const { device, data } = start()
  device.moveTo(here)
  device.moveTo(north(200))
  expect(data.subscriptions).toHaveLength(1)
  device.moveTo(north(230))
  expect(data.subscriptions.map((s) => s.center)).toEqual([here, north(230)])
})

test('error: denied location, and drops that fail before any arrived', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { device, data, last } = start()
  device.deny()
  expect(last()).toEqual({ status: 'no-location', reason: 'denied' })
  expect(data.subscriptions).toHaveLength(0)

  device.moveTo(here)
  data.subscriptions[0]?.onError(new Error('permission_denied'))
  expect(last()).toEqual({ status: 'error' })
  expect(console.error).toHaveBeenCalledWith('Failed to read the drops nearby', expect.any(Error))

  // Once a list is shown, a later failure keeps it.
  data.subscriptions[0]?.onDrops([drop('a', north(10))])
  data.subscriptions[0]?.onError(new Error('offline'))
  expect(summary(last())).toEqual([['a', 10]])
})

test('behavior: no geolocation at all; stop ends both watches', () => {
  const states: NearestDropsState[] = []
  watchNearestDrops((state) => states.push(state), { geolocation: null })
  expect(states).toEqual([{ status: 'no-location', reason: 'unavailable' }])

  const { device, data, stop } = start()
  device.moveTo(here)
  stop()
  expect(device.clearWatch).toHaveBeenCalledWith(7)
  expect(data.subscriptions[0]?.stop).toHaveBeenCalledTimes(1)
})

test("behavior: with the player's uid, drops on spots they found today are left out, live", () => {
  const device = fakeGeolocation()
  const data = fakeDataSource()
  let pushFound: (found: FoundSpots) => void = () => {}
  const stopFound = vi.fn()
  const watchFoundSpots = vi.fn((_uid: string, onSpots: (found: FoundSpots) => void) => {
    pushFound = onSpots
    return stopFound
  })
  const states: NearestDropsState[] = []
  const stop = watchNearestDrops((state) => states.push(state), {
    dataSource: { ...data.dataSource, watchFoundSpots },
    geolocation: device.geolocation,
    uid: 'player-1',
  })
  device.moveTo(here)
  expect(watchFoundSpots.mock.calls[0]?.[0]).toBe('player-1')
  const day = 20546
  const found = formatDropId({ cell: 'w21z73t', window: day * 48 + 20, index: 3 })
  const other = formatDropId({ cell: 'w21z73t', window: day * 48 + 20, index: 1 })
  data.subscriptions[0]?.onDrops([drop(found, north(20)), drop(other, north(300))])
  expect(summary(states.at(-1))).toEqual([
    [found, 20],
    [other, 300],
  ])
  // Found earlier today (this phone or another): its new drop is not the player's to find.
  pushFound({ day, spots: new Set(['w21z73t_3']) })
  expect(summary(states.at(-1))).toEqual([[other, 300]])
  // Moving on re-asks the drops, never the spots.
  device.moveTo(north(400))
  expect(watchFoundSpots).toHaveBeenCalledTimes(1)
  stop()
  expect(stopFound).toHaveBeenCalledOnce()
})

test('behavior: without a uid the spots are never asked', () => {
  const device = fakeGeolocation()
  const data = fakeDataSource()
  const watchFoundSpots = vi.fn(() => () => {})
  watchNearestDrops(() => {}, { dataSource: { ...data.dataSource, watchFoundSpots }, geolocation: device.geolocation })
  device.moveTo(here)
  expect(watchFoundSpots).not.toHaveBeenCalled()
})

test("behavior: with the player's uid, their streak reward waiting is listed first, whatever its distance, live", () => {
  const device = fakeGeolocation()
  const data = fakeDataSource()
  let pushRewards: (drops: readonly MapDrop[]) => void = () => {}
  const stopRewards = vi.fn()
  const watchStreakDrops = vi.fn((_uid: string, onDrops: (drops: readonly MapDrop[]) => void) => {
    pushRewards = onDrops
    return stopRewards
  })
  const states: NearestDropsState[] = []
  const stop = watchNearestDrops((state) => states.push(state), {
    dataSource: { ...data.dataSource, watchStreakDrops },
    geolocation: device.geolocation,
    uid: 'player-1',
  })
  device.moveTo(here)
  expect(watchStreakDrops.mock.calls[0]?.[0]).toBe('player-1')
  data.subscriptions[0]?.onDrops([drop('a', north(40)), drop('b', north(90)), drop('c', north(120)), drop('d', north(150))])
  const reward = { ...drop('streak_997460_0123456789ab', north(230)), streakDay: 3 }
  pushRewards([reward])
  const listed = (state: NearestDropsState | undefined) =>
    state?.status === 'ready' ? state.drops.map((near) => `${near.drop.id}${near.reward ? ' (reward)' : ''}`) : state?.status
  expect(listed(states.at(-1))).toEqual(['streak_997460_0123456789ab (reward)', 'a', 'b', 'c'])
  // Collected (or expired): gone from the top, the three nearest as before.
  pushRewards([])
  expect(listed(states.at(-1))).toEqual(['a', 'b', 'c'])
  stop()
  expect(stopRewards).toHaveBeenCalledTimes(1)
})
