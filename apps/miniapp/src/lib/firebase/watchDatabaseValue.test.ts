// watchDatabaseValue loads the SDK on first use and listens on the instance it is given:
// the SDK and the database handles are replaced by recorders, so nothing connects; the routing
// (watchInstanceOf, over the page's switched router and the game clock) is the real one.
import { PLAYER_MOVE_GRACE_MS } from '@worldmap/game'
import { afterEach, expect, test, vi } from 'vitest'

const opened: (string | undefined)[] = []
const held: { instance: string; release: () => void }[] = []
vi.mock('./getFirebaseDatabase.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./getFirebaseDatabase.js')>()
  return {
    ...actual,
    getFirebaseDatabase: vi.fn((_config: unknown, instanceUrl?: string) => {
      opened.push(instanceUrl)
      return { instanceUrl }
    }),
    holdDatabase: vi.fn((_config: unknown, instance: string) => {
      const release = vi.fn()
      held.push({ instance, release })
      return release
    }),
  }
})
const listeners: { path: string; instance: unknown; onValue: (snapshot: { val(): unknown }) => void; stop: () => void }[] = []
vi.mock('firebase/database', () => ({
  ref: (database: { instanceUrl?: string }, path: string) => ({ path, instance: database.instanceUrl }),
  onValue: (target: { path: string; instance: unknown }, onValue: (snapshot: { val(): unknown }) => void) => {
    const stop = vi.fn()
    listeners.push({ ...target, onValue, stop })
    return stop
  },
}))

// The game clock on the (faked) device clock: the tests move time, and set the server's offset.
vi.mock('../clock/gameClock.js', async () => {
  const { createServerClock } = await import('../clock/createServerClock.js')
  const gameClock = createServerClock({ deviceNow: () => Date.now() })
  return { gameClock, gameNow: () => gameClock.now() }
})

const { readClientConfig } = await import('../config/readClientConfig.js')
const { watchDatabaseValue } = await import('./watchDatabaseValue.js')
const { gameClock } = await import('../clock/gameClock.js')
const local = { hostname: 'localhost', origin: 'http://localhost:3000' }
const config = readClientConfig({}, local)

afterEach(() => {
  vi.useRealTimers()
  opened.length = 0
  held.length = 0
  listeners.length = 0
})

test('default: listens on the main instance and hands over each value; stop unsubscribes', async () => {
  const values: unknown[] = []
  const stop = watchDatabaseValue(config, 'inventories/u1', (value) => values.push(value), vi.fn())
  await vi.waitFor(() => expect(listeners).toHaveLength(1), { timeout: 5_000 })
  expect(opened).toEqual([config.firebase.databaseURL])
  expect(listeners[0]).toMatchObject({ path: 'inventories/u1', instance: config.firebase.databaseURL })
  listeners[0]?.onValue({ val: () => ({ gem: 1 }) })
  expect(values).toEqual([{ gem: 1 }])
  stop()
  expect(listeners[0]?.stop).toHaveBeenCalledTimes(1)
  expect(held.map(({ instance, release }) => [instance, vi.mocked(release).mock.calls.length])).toEqual([
    [config.firebase.databaseURL, 1],
  ])
})

test('behavior: an instance URL reads that instance (a region’s drops)', async () => {
  const region = 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'
  watchDatabaseValue(config, 'drops/1/w21z73', vi.fn(), vi.fn(), region)
  await vi.waitFor(() => expect(listeners).toHaveLength(1), { timeout: 5_000 })
  expect(opened).toEqual([region])
  expect(listeners[0]).toMatchObject({ path: 'drops/1/w21z73', instance: region })
})

test('behavior: stopped before the SDK loaded, it never listens', async () => {
  const stop = watchDatabaseValue(config, 'profiles/u1', vi.fn(), vi.fn())
  stop()
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(listeners).toHaveLength(0)
})

test('behavior: a player’s listener moves to the next table’s instance when the server clock crosses the grace, once, and lets the old one go', async () => {
  const before = 'http://127.0.0.1:9178/?ns=demo-worldmap-r2'
  const after = 'http://127.0.0.1:9179/?ns=demo-worldmap-r3'
  const switched = readClientConfig(
    {
      PUBLIC_ENV__DATABASE_PLAYERS: before,
      PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07',
      PUBLIC_ENV__DATABASE_NEXT_PLAYERS: after,
    },
    local,
  )
  const movesAt = Date.UTC(2026, 11, 7) + PLAYER_MOVE_GRACE_MS
  // The device is 5 minutes slow; the server's time (the game clock) decides.
  vi.useFakeTimers({ now: movesAt - 5 * 60_000 - 2_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  gameClock.adopt(5 * 60_000, 'database')
  const values: unknown[] = []
  const stop = watchDatabaseValue(switched, 'inventories/u1', (value) => values.push(value), vi.fn(), { player: 'u1' })
  await vi.waitFor(() => expect(listeners).toHaveLength(1), { timeout: 5_000, interval: 5 })
  expect(listeners[0]).toMatchObject({ path: 'inventories/u1', instance: before })
  listeners[0]?.onValue({ val: () => ({ gem: 1 }) })

  await vi.advanceTimersByTimeAsync(1_000)
  expect(listeners).toHaveLength(1)
  await vi.advanceTimersByTimeAsync(1_500)
  expect(listeners.map(({ instance }) => instance)).toEqual([before, after])
  expect(listeners[0]?.stop).toHaveBeenCalledTimes(1)
  expect(held.map(({ instance, release }) => [instance, vi.mocked(release).mock.calls.length])).toEqual([
    [before, 1],
    [after, 0],
  ])
  listeners[1]?.onValue({ val: () => ({ gem: 1, key: 1 }) })
  expect(values).toEqual([{ gem: 1 }, { gem: 1, key: 1 }])
  // Nothing more to cross: no timer left, and stop ends the one listener.
  expect(vi.getTimerCount()).toBe(0)
  stop()
  expect(listeners[1]?.stop).toHaveBeenCalledTimes(1)
  expect(vi.mocked(held[1]?.release as () => void)).toHaveBeenCalledTimes(1)
  gameClock.adopt(0, 'database')
})

test('behavior: a page opened after the grace reads the player on the next table at once; stopping it leaves no timer', async () => {
  const after = 'http://127.0.0.1:9179/?ns=demo-worldmap-r3'
  const switched = readClientConfig(
    { PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07', PUBLIC_ENV__DATABASE_NEXT_PLAYERS: after },
    local,
  )
  vi.useFakeTimers({ now: Date.UTC(2026, 11, 8), toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const stop = watchDatabaseValue(switched, 'progress/u1', vi.fn(), vi.fn(), { player: 'u1' })
  await vi.waitFor(() => expect(listeners).toHaveLength(1), { timeout: 5_000, interval: 5 })
  expect(listeners[0]).toMatchObject({ path: 'progress/u1', instance: after })
  stop()
  expect(vi.getTimerCount()).toBe(0)
})
