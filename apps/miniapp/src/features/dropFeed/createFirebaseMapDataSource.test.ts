import {
  createRegionRouter,
  databasePaths,
  EARTH_RADIUS_METERS,
  encodeGeohash,
  geohashBounds,
  type LatLng,
  type MapDrop,
  SPAWN_WINDOW_MS,
  spotDayAt,
  watchCellOf,
  watchCellsAround,
} from '@worldmap/game'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createServerClock } from '../../lib/clock/createServerClock.js'
import type { DatabaseTarget } from '../../lib/firebase/WatchValue.js'
import { reportRegion, reportRegionOf, setReportRegion } from '../../lib/reporting/reportRegion.js'
import { CollectDropError } from '../collect/CollectDropError.js'
import { SpawnRefusedError } from '../drops/SpawnRefusedError.js'
import { createFirebaseMapDataSource, type MapBackend, SPAWN_LANDING_GRACE_MS } from './createFirebaseMapDataSource.js'

const W = 997_459
const WINDOW_START = W * SPAWN_WINDOW_MS
const WINDOW_END = WINDOW_START + SPAWN_WINDOW_MS
/** Ten minutes into window W. */
const NOW = WINDOW_START + 10 * 60_000
const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const north = (from: LatLng, meters: number): LatLng => ({ lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng })
const west = (from: LatLng, meters: number): LatLng => ({
  lat: from.lat,
  lng: from.lng - meters / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
})

/** In watch cell w21z73 (spawn cell w21z73t). */
const center = { lat: 1.2834, lng: 103.8607 }
const cellsOf = (at: LatLng, window = W) => watchCellsAround(at.lat, at.lng).map((cell) => databasePaths.dropsCell(window, cell))

const record = (overrides: Record<string, unknown> = {}) => ({
  lat: 1.2836,
  lng: 103.8609,
  kind: 'gem',
  rarity: 'rare',
  expiresAt: WINDOW_END,
  ...overrides,
})
const reply = (window = W) => ({
  window,
  expiresAt: (window + 1) * SPAWN_WINDOW_MS,
  cells: watchCellsAround(center.lat, center.lng),
  spawned: 9,
})

/** What the Firebase client throws for an HttpsError, without importing Firebase. */
const functionsError = (code: string, details?: unknown) => Object.assign(new Error('server text'), { code, details })

function createBackend(call: MapBackend['call'] = vi.fn(async () => reply()), timeZone: string | null = 'Asia/Singapore') {
  const live = new Map<string, { onValue: (value: unknown) => void; onError: (error: Error) => void }>()
  const watched: string[] = []
  const unwatched: string[] = []
  const backend: MapBackend = {
    call,
    watch: vi.fn((path, onValue, onError) => {
      watched.push(path)
      live.set(path, { onValue, onError })
      return () => {
        unwatched.push(path)
        live.delete(path)
      }
    }),
    now: () => Date.now(),
    timeZone: () => timeZone ?? undefined,
  }
  return {
    backend,
    live,
    watched,
    unwatched,
    /** Answer every live cell with `values[cell] ?? null` (an empty cell). */
    answerAll(values: Record<string, unknown> = {}) {
      for (const [path, listener] of live) listener.onValue(values[path] ?? null)
    },
  }
}

const HOUR = 60 * 60 * 1000

/** A backend on a game clock over a phone `skew` ms off, until the test has it adopt the server's offset. */
function skewedBackend(skew: number, call: MapBackend['call'] = vi.fn(() => new Promise<unknown>(() => {}))) {
  const clock = createServerClock({ deviceNow: () => Date.now() + skew })
  const made = createBackend(call)
  made.backend.now = () => clock.now()
  made.backend.onClockChange = (listener) => clock.subscribe(listener)
  return { ...made, clock }
}

/** Let pending promise callbacks (ensureDropsNear replies, released listeners) run. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('watchDrops', () => {
  test('behavior: each subscription tells the reports the region it reads, a region key and never the centre', () => {
    setReportRegion(undefined)
    const oslo = encodeGeohash(59.91, 10.75, 4)
    const { backend } = createBackend()
    const source = createFirebaseMapDataSource({
      ...backend,
      regionOfCell: (cell) => reportRegionOf(cell, { w21z7: 'https://sea', [oslo]: 'https://osl' }),
    })
    source.watchDrops(center, vi.fn(), vi.fn())()
    expect(reportRegion()).toBe('w21z7')
    source.watchDrops({ lat: 59.91, lng: 10.75 }, vi.fn(), vi.fn())()
    expect(reportRegion()).toBe(oslo)
    // Without a table entry: the main instance's.
    source.watchDrops({ lat: 40.7, lng: -74 }, vi.fn(), vi.fn())()
    expect(reportRegion()).toBe('main')
    setReportRegion(undefined)
  })

  test('default: listens to exactly the 9 watch cells around the centre, asks the server to spawn, streams their live drops', async () => {
    const { backend, live, watched, unwatched, answerAll } = createBackend()
    const onDrops = vi.fn()
    const onError = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, onDrops, onError)

    expect(backend.call).toHaveBeenCalledWith('ensureDropsNear', center)
    expect(watched).toEqual(cellsOf(center))
    expect(watched).toHaveLength(9)
    // Never the whole of /drops or a whole window: the rules refuse those reads.
    for (const path of watched) expect(path).toMatch(/^drops\/997459\/[0-9b-hjkmnp-z]{6}$/)

    // Nothing until every cell has answered: a first empty cell must not read as "no drops near you".
    const home = databasePaths.dropsCell(W, 'w21z73')
    live.get(home)?.onValue({ w21z73t_997459_0: record() })
    expect(onDrops).not.toHaveBeenCalled()
    const east = databasePaths.dropsCell(W, watchCellsAround(center.lat, center.lng)[1] ?? '')
    answerAll({
      [home]: {
        w21z73t_997459_0: record(),
        w21z73t_997459_1: record({ expiresAt: NOW - 1 }),
        w21z73t_997459_2: record({ kind: 'banana' }),
        w21z73t_997459_3: { lat: 'x' },
      },
      [east]: { [`${east.slice(-6)}b_997459_4`]: record({ lat: 1.29, rarity: 'legendary' }) },
    })
    expect(onDrops).toHaveBeenLastCalledWith([
      { id: 'w21z73t_997459_0', ...record() },
      { id: `${east.slice(-6)}b_997459_4`, ...record({ lat: 1.29, rarity: 'legendary' }) },
    ])

    // Collected: the record is deleted, and the drop leaves the list.
    live.get(home)?.onValue(null)
    expect(onDrops).toHaveBeenLastCalledWith([
      { id: `${east.slice(-6)}b_997459_4`, ...record({ lat: 1.29, rarity: 'legendary' }) },
    ])

    await settle()
    expect(onError).not.toHaveBeenCalled()
    stop()
    await settle()
    expect(unwatched.sort()).toEqual([...watched].sort())
    expect(live.size).toBe(0)
  })

  describe('the first spawn: an empty list only once the server has answered', () => {
    /** A spawn call answered by hand. */
    function pendingSpawn() {
      let answer: (value: unknown) => void = () => {}
      let refuse: (error: unknown) => void = () => {}
      const call = vi.fn<MapBackend['call']>(
        () =>
          new Promise((resolve, reject) => {
            answer = resolve
            refuse = reject
          }),
      )
      return { call, answer: (value: unknown) => answer(value), refuse: (error: unknown) => refuse(error) }
    }

    test('behavior: cells empty while the spawn runs: nothing is delivered; the spawned drops are, once they land', async () => {
      const spawn = pendingSpawn()
      const { backend, live, answerAll } = createBackend(spawn.call)
      const onDrops = vi.fn()
      createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())
      answerAll()
      await settle()
      expect(onDrops).not.toHaveBeenCalled()
      // The reply comes before the database pushed what it wrote: still not "no drops".
      spawn.answer(reply())
      await settle()
      expect(onDrops).not.toHaveBeenCalled()
      live.get(databasePaths.dropsCell(W, 'w21z73'))?.onValue({ w21z73t_997459_0: record() })
      expect(onDrops).toHaveBeenCalledTimes(1)
      expect(onDrops).toHaveBeenLastCalledWith([{ id: 'w21z73t_997459_0', ...record() }])
      // From then on an empty area is empty: a collect that empties it says so at once.
      live.get(databasePaths.dropsCell(W, 'w21z73'))?.onValue(null)
      expect(onDrops).toHaveBeenLastCalledWith([])
    })

    test('behavior: a reply that spawned, with cells still empty after the landing grace: the empty list then', async () => {
      const spawn = pendingSpawn()
      const { backend, answerAll } = createBackend(spawn.call)
      const onDrops = vi.fn()
      createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())
      answerAll()
      spawn.answer(reply())
      await vi.advanceTimersByTimeAsync(SPAWN_LANDING_GRACE_MS - 1)
      expect(onDrops).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(onDrops).toHaveBeenCalledWith([])
    })

    test('behavior: a reply that spawned nothing (spawned already): the empty list at once', async () => {
      const spawn = pendingSpawn()
      const { backend, answerAll } = createBackend(spawn.call)
      const onDrops = vi.fn()
      createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())
      answerAll()
      spawn.answer({ ...reply(), spawned: 0 })
      await settle()
      expect(onDrops).toHaveBeenCalledWith([])
    })

    test('behavior: drops already in the cells are delivered at once, the spawn still running', () => {
      const spawn = pendingSpawn()
      const { backend, answerAll } = createBackend(spawn.call)
      const onDrops = vi.fn()
      createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())
      answerAll({ [databasePaths.dropsCell(W, 'w21z73')]: { w21z73t_997459_0: record() } })
      expect(onDrops).toHaveBeenCalledWith([{ id: 'w21z73t_997459_0', ...record() }])
    })

    test('error: a refusal is an answer (the empty list); a spawn that could not reach the server is not (an error, nothing delivered)', async () => {
      const refused = pendingSpawn()
      const first = createBackend(refused.call)
      const onDrops = vi.fn()
      createFirebaseMapDataSource(first.backend).watchDrops(center, onDrops, vi.fn(), vi.fn())
      first.answerAll()
      refused.refuse(functionsError('functions/resource-exhausted', { code: 'rate_limited', retryAfterMs: 120_000 }))
      await settle()
      expect(onDrops).toHaveBeenCalledWith([])

      const unreachable = pendingSpawn()
      const second = createBackend(unreachable.call)
      const onDropsOffline = vi.fn()
      const onError = vi.fn()
      createFirebaseMapDataSource(second.backend).watchDrops(center, onDropsOffline, onError)
      second.answerAll()
      unreachable.refuse(functionsError('functions/unavailable'))
      await vi.advanceTimersByTimeAsync(SPAWN_LANDING_GRACE_MS * 2)
      expect(onError).toHaveBeenCalledTimes(1)
      expect(onDropsOffline).not.toHaveBeenCalled()
    })

    test('behavior: { spawn: false } holds nothing: the empty list once the cells answer', () => {
      const { backend, answerAll } = createBackend()
      const onDrops = vi.fn()
      createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn(), vi.fn(), { spawn: false })
      answerAll()
      expect(onDrops).toHaveBeenCalledWith([])
    })
  })

  test('behavior: moving within a watch cell keeps every listener and redelivers at once', async () => {
    const { backend, watched, unwatched, answerAll } = createBackend()
    const source = createFirebaseMapDataSource(backend)
    const stop = source.watchDrops(center, vi.fn(), vi.fn())
    answerAll({ [databasePaths.dropsCell(W, 'w21z73')]: { w21z73t_997459_0: record() } })
    await settle()

    // The map re-anchors 250 m away: stop, then watch around the new centre.
    stop()
    const moved = west(center, 260)
    expect(watchCellOf(moved.lat, moved.lng)).toBe('w21z73')
    const onDrops = vi.fn()
    source.watchDrops(moved, onDrops, vi.fn())
    await settle()
    expect(watched).toHaveLength(9)
    expect(unwatched).toEqual([])
    expect(onDrops).toHaveBeenCalledWith([{ id: 'w21z73t_997459_0', ...record() }])
    // A new spawn cell: the server spawns around the player there.
    expect(backend.call).toHaveBeenCalledTimes(2)
    expect(backend.call).toHaveBeenLastCalledWith('ensureDropsNear', moved)
  })

  test('behavior: moving into a neighbour cell swaps only the paths that changed', async () => {
    const { backend, watched, unwatched } = createBackend()
    const source = createFirebaseMapDataSource(backend)
    const stop = source.watchDrops(center, vi.fn(), vi.fn())
    await settle()

    const over = { lat: geohashBounds('w21z73').north + 20 / METERS_PER_DEGREE, lng: center.lng }
    stop()
    source.watchDrops(over, vi.fn(), vi.fn())
    await settle()

    const before = new Set(cellsOf(center))
    const after = new Set(cellsOf(over))
    const added = [...after].filter((path) => !before.has(path))
    const removed = [...before].filter((path) => !after.has(path))
    expect(added).toHaveLength(3)
    expect(watched.slice(9).sort()).toEqual(added.sort())
    expect(unwatched.sort()).toEqual(removed.sort())
  })

  test('behavior: asking again from the same spawn cell in the same window does not call the server twice', async () => {
    const { backend } = createBackend()
    const source = createFirebaseMapDataSource(backend)
    const onRefusal = vi.fn()
    source.watchDrops(center, vi.fn(), vi.fn())()
    source.watchDrops(north(center, 5), vi.fn(), vi.fn(), onRefusal)
    await settle()
    expect(backend.call).toHaveBeenCalledTimes(1)
    // The remembered answer still counts as a yes.
    expect(onRefusal).toHaveBeenCalledWith(null)
  })

  test('behavior: at the end of the window the next window’s cells are read, and the server spawns them', async () => {
    const { backend, watched, unwatched, answerAll } = createBackend(
      vi.fn(async () => reply(Math.floor(Date.now() / SPAWN_WINDOW_MS))),
    )
    const onDrops = vi.fn()
    createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())
    answerAll({ [databasePaths.dropsCell(W, 'w21z73')]: { w21z73t_997459_0: record() } })
    await settle()
    expect(onDrops).toHaveBeenLastCalledWith([{ id: 'w21z73t_997459_0', ...record() }])

    await vi.advanceTimersByTimeAsync(WINDOW_END - NOW - 1)
    expect(watched).toHaveLength(9)
    await vi.advanceTimersByTimeAsync(1)
    // The old drops expired with their window: gone now, not when the new cells answer.
    expect(onDrops).toHaveBeenLastCalledWith([])
    expect(watched.slice(9)).toEqual(cellsOf(center, W + 1))
    expect(unwatched.sort()).toEqual(cellsOf(center).sort())
    expect(backend.call).toHaveBeenCalledTimes(2)

    answerAll({
      [databasePaths.dropsCell(W + 1, 'w21z73')]: { w21z73t_997460_0: record({ expiresAt: WINDOW_END + SPAWN_WINDOW_MS }) },
    })
    expect(onDrops).toHaveBeenLastCalledWith([{ id: 'w21z73t_997460_0', ...record({ expiresAt: WINDOW_END + SPAWN_WINDOW_MS }) }])

    // And again one window later.
    await vi.advanceTimersByTimeAsync(SPAWN_WINDOW_MS)
    expect(watched.slice(18)).toEqual(cellsOf(center, W + 2))
    expect(backend.call).toHaveBeenCalledTimes(3)
  })

  test('behavior: { spawn: false } reads the live drops but never calls the server, not even at the next window', async () => {
    const { backend, watched, answerAll } = createBackend()
    const onDrops = vi.fn()
    const onRefusal = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn(), onRefusal, { spawn: false })
    expect(watched).toEqual(cellsOf(center))
    answerAll({ [databasePaths.dropsCell(W, 'w21z73')]: { w21z73t_997459_0: record() } })
    await settle()
    expect(onDrops).toHaveBeenLastCalledWith([{ id: 'w21z73t_997459_0', ...record() }])

    await vi.advanceTimersByTimeAsync(WINDOW_END - NOW)
    expect(watched.slice(9)).toEqual(cellsOf(center, W + 1))
    expect(backend.call).not.toHaveBeenCalled()
    expect(onRefusal).not.toHaveBeenCalled()
    stop()
  })

  test('behavior: the server’s window wins over a slow device clock', async () => {
    // The device is 2 minutes behind, at the end of window W − 1; the server is already in W.
    vi.setSystemTime(WINDOW_START - 60_000)
    const serverWindow = () => Math.floor((Date.now() + 120_000) / SPAWN_WINDOW_MS)
    const { backend, watched, unwatched } = createBackend(vi.fn(async () => reply(serverWindow())))
    createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), vi.fn())
    expect(watched).toEqual(cellsOf(center, W - 1))
    await settle()
    expect(watched.slice(9)).toEqual(cellsOf(center, W))
    expect(unwatched.sort()).toEqual(cellsOf(center, W - 1).sort())
    // W ends a full window after the server's start of W, by the corrected clock.
    await vi.advanceTimersByTimeAsync(SPAWN_WINDOW_MS - 1)
    expect(watched).toHaveLength(18)
    await vi.advanceTimersByTimeAsync(1)
    expect(watched.slice(18)).toEqual(cellsOf(center, W + 1))
    expect(watched).toHaveLength(27)
  })

  test('behavior: a phone 2 h ahead moves to the server’s window once the game clock learns server time, and rolls over with it', async () => {
    const { backend, clock, watched, unwatched, answerAll } = skewedBackend(2 * HOUR)
    const onDrops = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())
    // Four windows ahead: no drop is there yet (what the player saw as "no drops near you").
    expect(watched).toEqual(cellsOf(center, W + 4))
    clock.adopt(-2 * HOUR, 'database')
    expect(watched.slice(9)).toEqual(cellsOf(center, W))
    await settle()
    expect(unwatched.sort()).toEqual(cellsOf(center, W + 4).sort())
    // The first call is still out: it spawns the server's window anyway, so it is not asked again.
    expect(vi.mocked(backend.call).mock.calls.map((call) => call[0])).toEqual(['ensureDropsNear'])
    answerAll({ [databasePaths.dropsCell(W, 'w21z73')]: { w21z73t_997459_0: record() } })
    expect(onDrops).toHaveBeenLastCalledWith([{ id: 'w21z73t_997459_0', ...record() }])
    // The next window comes at the server's end of W, not at once (the loop of "You're exploring fast").
    await vi.advanceTimersByTimeAsync(WINDOW_END - NOW - 1)
    expect(watched).toHaveLength(18)
    await vi.advanceTimersByTimeAsync(1)
    expect(watched.slice(18)).toEqual(cellsOf(center, W + 1))
    stop()
    // A stopped watch does not hear the clock.
    clock.adopt(0, 'database')
    expect(watched).toHaveLength(27)
  })

  test('behavior: the clock learned from a spawn reply (its serverTime) costs no second spawn call', async () => {
    let answer: (value: unknown) => void = () => {}
    const call = vi.fn(() => new Promise<unknown>((resolve) => (answer = resolve)))
    const { backend, clock, watched } = skewedBackend(2 * HOUR, call)
    createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), vi.fn())
    // What callFunction does with the reply's serverTime, before the reply reaches the data source.
    clock.adopt(-2 * HOUR, 'callable')
    answer(reply(W))
    await settle()
    expect(call).toHaveBeenCalledTimes(1)
    expect(watched.slice(9)).toEqual(cellsOf(center, W))
    // …and the next window is asked for at the server's end of W, not before.
    await vi.advanceTimersByTimeAsync(WINDOW_END - NOW - 1)
    expect(call).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(call).toHaveBeenCalledTimes(2)
  })

  test('behavior: a clock change inside the same window only re-times the rollover', async () => {
    const { backend, clock, watched } = skewedBackend(60_000)
    createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), vi.fn())
    clock.adopt(-60_000 + 2000, 'database')
    expect(watched).toEqual(cellsOf(center, W))
    expect(backend.call).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(WINDOW_END - NOW - 2001)
    expect(watched).toHaveLength(9)
    await vi.advanceTimersByTimeAsync(1)
    expect(watched.slice(9)).toEqual(cellsOf(center, W + 1))
  })

  test('property: whatever the phone’s skew, once the offset is known the watch reads the server’s window', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -48 * HOUR, max: 48 * HOUR }), async (skew) => {
        const { backend, clock, live } = skewedBackend(skew)
        const stop = createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), vi.fn())
        clock.adopt(-skew, 'database')
        await settle()
        expect([...live.keys()].sort()).toEqual(cellsOf(center, W).sort())
        stop()
      }),
      { numRuns: 50 },
    )
  })

  test('error: a refused spawn is a notice, not an error: the drops already there keep coming, and the server is asked again', async () => {
    const refused = functionsError('functions/resource-exhausted', { code: 'rate_limited', retryAfterMs: 120_000 })
    const call = vi.fn<MapBackend['call']>(async () => reply())
    call.mockRejectedValueOnce(refused)
    const { backend, answerAll } = createBackend(call)
    const onDrops = vi.fn()
    const onError = vi.fn()
    const onRefusal = vi.fn()
    createFirebaseMapDataSource(backend).watchDrops(center, onDrops, onError, onRefusal)
    await settle()
    expect(onRefusal).toHaveBeenCalledTimes(1)
    const [refusal] = onRefusal.mock.calls[0] ?? []
    expect(refusal).toBeInstanceOf(SpawnRefusedError)
    expect([refusal.code, refusal.retryAfterMs, refusal.message]).toEqual([
      'rate_limited',
      120_000,
      "You're exploring fast — new drops appear here in 2 min.",
    ])

    answerAll({ [databasePaths.dropsCell(W, 'w21z73')]: { w21z73t_997459_0: record() } })
    expect(onDrops).toHaveBeenLastCalledWith([{ id: 'w21z73t_997459_0', ...record() }])
    expect(onError).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(120_000)
    expect(call).toHaveBeenCalledTimes(2)
    expect(onRefusal).toHaveBeenLastCalledWith(null)
  })

  test('error: impossible travel is a notice too; a wait past the window end is left to the rollover', async () => {
    const refused = functionsError('functions/failed-precondition', { code: 'impossible_travel', retryAfterMs: 2 * 3_600_000 })
    const call = vi.fn<MapBackend['call']>(async () => Promise.reject(refused))
    const { backend } = createBackend(call)
    const onRefusal = vi.fn()
    const onError = vi.fn()
    createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), onError, onRefusal)
    await settle()
    expect(onRefusal).toHaveBeenCalledWith(expect.objectContaining({ code: 'impossible_travel' }))
    await vi.advanceTimersByTimeAsync(WINDOW_END - NOW - 1)
    expect(call).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(call).toHaveBeenCalledTimes(2)
    expect(onError).not.toHaveBeenCalled()
  })

  test('behavior: a spawn call that failed for the network is asked again when the connection comes back, once', async () => {
    const call = vi.fn<MapBackend['call']>(async () => reply())
    call.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { backend } = createBackend(call)
    const reconnects = new Set<() => void>()
    backend.onReconnect = (listener) => {
      reconnects.add(listener)
      return () => reconnects.delete(listener)
    }
    const onError = vi.fn()
    const onRefusal = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), onError, onRefusal)
    await settle()
    expect(onError).toHaveBeenCalledTimes(1)
    for (const listener of reconnects) listener()
    await settle()
    expect(call).toHaveBeenCalledTimes(2)
    expect(onRefusal).toHaveBeenLastCalledWith(null)
    // Answered now: a later reconnect asks nothing.
    for (const listener of reconnects) listener()
    await settle()
    expect(call).toHaveBeenCalledTimes(2)
    stop()
    expect(reconnects.size).toBe(0)
  })

  test('error: other failures of ensureDropsNear and refused cell reads reach onError', async () => {
    const { backend, live } = createBackend(vi.fn(async () => Promise.reject('offline')))
    const onError = vi.fn()
    const onDrops = vi.fn()
    const source = createFirebaseMapDataSource(backend)
    const stop = source.watchDrops(center, onDrops, onError)
    await settle()
    expect(onError).toHaveBeenCalledWith(new Error('offline'))

    const denied = new Error('permission_denied')
    const [first, ...rest] = [...live.values()]
    first?.onError(denied)
    expect(onError).toHaveBeenLastCalledWith(denied)
    // The other cells still count: their drops arrive (an empty list would not: the spawn never reached the server).
    for (const listener of rest) listener.onValue(null)
    expect(onDrops).not.toHaveBeenCalled()
    const east = databasePaths.dropsCell(W, watchCellsAround(center.lat, center.lng)[1] ?? '')
    const eastDrop = `${east.slice(-6)}b_997459_4`
    live.get(east)?.onValue({ [eastDrop]: record({ lat: 1.29 }) })
    expect(onDrops).toHaveBeenLastCalledWith([{ id: eastDrop, ...record({ lat: 1.29 }) }])

    // A new subscription sharing the refused cell hears about it too.
    stop()
    const again = vi.fn()
    source.watchDrops(west(center, 260), vi.fn(), again)
    expect(again).toHaveBeenCalledWith(denied)
  })

  test('error: a malformed reply is ignored: the client keeps its own cells and window', async () => {
    for (const body of [null, { drops: [] }, { ...reply(), window: 'soon' }, { ...reply(), cells: ['../..'] }]) {
      const { backend, watched } = createBackend(vi.fn(async () => body))
      const onError = vi.fn()
      const onRefusal = vi.fn()
      createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), onError, onRefusal)
      await settle()
      expect(watched).toEqual(cellsOf(center))
      expect(onError).not.toHaveBeenCalled()
      expect(onRefusal).toHaveBeenCalledWith(null)
    }
  })

  test('behavior: a reply or refusal arriving after stop changes nothing', async () => {
    let answer: (value: unknown) => void = () => {}
    const { backend, watched } = createBackend(vi.fn(() => new Promise((resolve) => (answer = resolve))))
    const onRefusal = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), vi.fn(), onRefusal)
    stop()
    answer(reply(W + 3))
    await settle()
    expect(onRefusal).not.toHaveBeenCalled()
    expect(watched).toHaveLength(9)
  })

  test('behavior: each cell is read on the instance holding its region: near a boundary, on two instances at once', async () => {
    const main = 'http://127.0.0.1:9100/?ns=demo-worldmap'
    const region = 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'
    // The centre's own watch cell is a region of its own; its 8 neighbours stay on main.
    const router = createRegionRouter(main, { w21z73: region })
    const { backend, live } = createBackend()
    const instances = new Map<string, DatabaseTarget | undefined>()
    const watch = backend.watch
    backend.watch = (path, onValue, onError, instance) => {
      instances.set(path, instance)
      return watch(path, onValue, onError, instance)
    }
    backend.instanceOfCell = (watchCell) => router.instanceOfCell(watchCell)
    const onDrops = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())

    const home = databasePaths.dropsCell(W, 'w21z73')
    expect(instances.get(home)).toBe(region)
    expect([...instances].filter(([path]) => path !== home).map(([, instance]) => instance)).toEqual(Array(8).fill(main))
    // Drops from both instances make one list.
    const east = databasePaths.dropsCell(W, watchCellsAround(center.lat, center.lng)[1] ?? '')
    for (const [path, listener] of live) {
      listener.onValue(
        path === home
          ? { w21z73t_997459_0: record() }
          : path === east
            ? { [`${east.slice(-6)}b_997459_4`]: record({ lat: 1.29 }) }
            : null,
      )
    }
    expect(onDrops).toHaveBeenLastCalledWith([
      { id: 'w21z73t_997459_0', ...record() },
      { id: `${east.slice(-6)}b_997459_4`, ...record({ lat: 1.29 }) },
    ])
    stop()
    await settle()
    expect(live.size).toBe(0)
  })

  test('default: a backend without a router reads every cell from the main instance (no instance named)', () => {
    const { backend } = createBackend()
    const stop = createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), vi.fn())
    for (const call of vi.mocked(backend.watch).mock.calls) expect(call).toHaveLength(3)
    stop()
  })

  test('behavior: for any position, the paths listened to are exactly its watch cells', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 179.999, noNaN: true }),
        async (lat, lng) => {
          const { backend, watched, live } = createBackend()
          const stop = createFirebaseMapDataSource(backend).watchDrops({ lat, lng }, vi.fn(), vi.fn())
          expect(new Set(watched)).toEqual(new Set(cellsOf({ lat, lng })))
          expect(watched).toHaveLength(new Set(watched).size)
          stop()
          await settle()
          expect(live.size).toBe(0)
        },
      ),
      { numRuns: 50 },
    )
  })
})

describe('collect', () => {
  test('default: collect calls collectDrop with the fix and the time zone, and returns the item', async () => {
    const call = vi.fn(async () => ({ itemId: 'item-1', distance: 12.5, extra: true }))
    const source = createFirebaseMapDataSource(createBackend(call).backend)
    await expect(source.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })).resolves.toEqual({ itemId: 'item-1', distance: 12.5 })
    expect(call).toHaveBeenCalledWith('collectDrop', {
      dropId: 'drop-1',
      lat: 1,
      lng: 2,
      accuracy: 8,
      timeZone: 'Asia/Singapore',
    })
  })

  test('parameters: without a known time zone the request has none (the server uses its default)', async () => {
    const call = vi.fn(async () => ({ itemId: 'item-1', distance: 12.5 }))
    await createFirebaseMapDataSource(createBackend(call, null).backend).collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })
    expect(call).toHaveBeenCalledWith('collectDrop', { dropId: 'drop-1', lat: 1, lng: 2, accuracy: 8 })
  })

  test('behavior: the catch details of the reply (item, first find, count, points, progress) come through', async () => {
    const progress = { today: 1, goal: 3, goalMet: false, streak: 4, best: 9, keptToday: true }
    const full = {
      itemId: 'item-1',
      distance: 12.5,
      item: { kind: 'relic', rarity: 'legendary', lat: 1, lng: 2, collectedAt: 5 },
      firstFind: true,
      count: 1,
      points: 25,
      progress,
    }
    const source = createFirebaseMapDataSource(createBackend(vi.fn(async () => full)).backend)
    await expect(source.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })).resolves.toEqual({
      itemId: 'item-1',
      distance: 12.5,
      item: { kind: 'relic', rarity: 'legendary' },
      firstFind: true,
      count: 1,
      points: 25,
      progress,
    })
  })

  test('behavior: malformed catch details read as missing; the collect still succeeds', async () => {
    const odd = {
      itemId: 'item-1',
      distance: 3,
      item: { kind: 'dragon', rarity: 'legendary' },
      firstFind: 'yes',
      count: 0,
      points: -1,
      progress: { today: 1 },
    }
    const source = createFirebaseMapDataSource(createBackend(vi.fn(async () => odd)).backend)
    const result = await source.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })
    expect(result).toEqual({ itemId: 'item-1', distance: 3 })
    expect([result.item, result.firstFind, result.count, result.points, result.progress]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  test('error: collect refusals become CollectDropErrors, with the wait', async () => {
    const refused = functionsError('functions/resource-exhausted', { code: 'rate_limited', retryAfterMs: 3_000 })
    const source = createFirebaseMapDataSource(createBackend(vi.fn(async () => Promise.reject(refused))).backend)
    const error = await source.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CollectDropError)
    expect((error as CollectDropError).message).toBe("You're collecting very fast. Try again in 3 s.")

    const odd = createFirebaseMapDataSource(createBackend(vi.fn(async () => ({ nope: true }))).backend)
    await expect(odd.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })).rejects.toBeInstanceOf(CollectDropError)
  })
})

describe('watchStreakDrops', () => {
  test("default: listens to the player's own rewards on the player's instance and hands over the live ones", () => {
    const { backend, live, watched, unwatched } = createBackend()
    const onDrops = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchStreakDrops?.('player-1', onDrops, vi.fn())
    expect(watched).toEqual([databasePaths.streakDrops('player-1')])
    expect(vi.mocked(backend.watch).mock.calls[0]?.[3]).toEqual({ player: 'player-1' })
    const id = 'streak_997460_0123456789ab'
    live.get(databasePaths.streakDrops('player-1'))?.onValue({ [id]: { ...record(), streakDay: 3 } })
    expect(onDrops).toHaveBeenLastCalledWith([{ id, ...record(), streakDay: 3 }])
    stop?.()
    expect(unwatched).toEqual([databasePaths.streakDrops('player-1')])
  })
})

describe('watchStreakDrops and watchFoundSpots on a skewed phone', () => {
  test('behavior: a reward a phone a day behind took for live expires when the clock learns server time', () => {
    const { backend, clock, live } = skewedBackend(-24 * HOUR)
    const onDrops = vi.fn()
    createFirebaseMapDataSource(backend).watchStreakDrops?.('player-1', onDrops, vi.fn())
    const id = 'streak_997460_0123456789ab'
    live.get(databasePaths.streakDrops('player-1'))?.onValue({ [id]: { ...record({ expiresAt: NOW - HOUR }), streakDay: 3 } })
    expect(onDrops).toHaveBeenLastCalledWith([{ id, ...record({ expiresAt: NOW - HOUR }), streakDay: 3 }])
    clock.adopt(24 * HOUR, 'database')
    expect(onDrops).toHaveBeenLastCalledWith([])
  })

  test('behavior: a phone a day ahead listens to the server’s day’s found spots once the clock learns it', () => {
    const { backend, clock, watched, unwatched } = skewedBackend(24 * HOUR)
    const onSpots = vi.fn()
    createFirebaseMapDataSource(backend).watchFoundSpots?.('player-1', onSpots, vi.fn())
    const today = spotDayAt(NOW)
    expect(watched).toEqual([databasePaths.spotFinds(today + 1, 'player-1')])
    clock.adopt(-24 * HOUR, 'database')
    expect(watched).toEqual([databasePaths.spotFinds(today + 1, 'player-1'), databasePaths.spotFinds(today, 'player-1')])
    expect(unwatched).toEqual([databasePaths.spotFinds(today + 1, 'player-1')])
    expect(onSpots).toHaveBeenLastCalledWith({ day: today, spots: new Set() })
  })
})

describe('watchFoundSpots', () => {
  test("default: listens to the player's spots of today on the player's instance", () => {
    const { backend, live, watched, unwatched } = createBackend()
    const day = spotDayAt(backend.now())
    const onSpots = vi.fn()
    const stop = createFirebaseMapDataSource(backend).watchFoundSpots?.('player-1', onSpots, vi.fn())
    expect(watched).toEqual([databasePaths.spotFinds(day, 'player-1')])
    expect(vi.mocked(backend.watch).mock.calls[0]?.[3]).toEqual({ player: 'player-1' })
    live.get(databasePaths.spotFinds(day, 'player-1'))?.onValue({ w21z73t_3: 'w21z73t_986211_3' })
    expect(onSpots).toHaveBeenLastCalledWith({ day, spots: new Set(['w21z73t_3']) })
    stop?.()
    expect(unwatched).toEqual([databasePaths.spotFinds(day, 'player-1')])
  })
})

// Types only: drops handed to the map are the game's MapDrop.
export type { MapDrop }
