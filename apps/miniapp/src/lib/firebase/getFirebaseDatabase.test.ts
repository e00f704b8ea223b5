// @vitest-environment happy-dom
// The page's wiring of the database: websockets forced before the database
// exists, the reconnect policy installed once, and the policy's browser
// environment (the SDK's switches, the window's events). The SDK's own
// functions are wrapped to record calls; each still runs for real.
import fc from 'fast-check'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'

// Under `pnpm test` the environment names the test stack's database (FIREBASE_DATABASE_EMULATOR_HOST), which the
// SDK connects to instead of the URL it is given: this file is about a database nothing answers.
const stackDatabaseHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST
delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
afterAll(() => {
  if (stackDatabaseHost !== undefined) process.env.FIREBASE_DATABASE_EMULATOR_HOST = stackDatabaseHost
})

const order: string[] = []
vi.mock('firebase/database', async (importOriginal) => {
  const actual = await importOriginal<typeof import('firebase/database')>()
  return {
    ...actual,
    forceWebSockets: vi.fn(() => {
      order.push('forceWebSockets')
      actual.forceWebSockets()
    }),
    getDatabase: vi.fn((...args: Parameters<typeof actual.getDatabase>) => {
      order.push('getDatabase')
      return actual.getDatabase(...args)
    }),
    goOnline: vi.fn(),
    goOffline: vi.fn(),
  }
})

const installedPolicies: unknown[] = []
const stoppedPolicies = new Map<unknown, () => void>()
vi.mock('./createReconnectPolicy.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./createReconnectPolicy.js')>()
  return {
    ...actual,
    createReconnectPolicy: vi.fn((...args: Parameters<typeof actual.createReconnectPolicy>) => {
      installedPolicies.push(args[0])
      const policy = actual.createReconnectPolicy(...args)
      const stop = vi.fn(() => policy.stop())
      stoppedPolicies.set(args[0], stop)
      return { stop }
    }),
  }
})

// The game clock on the device clock as the test fakes it (the module's own reads the clock it was created with).
vi.mock('../clock/gameClock.js', async () => {
  const { createServerClock } = await import('../clock/createServerClock.js')
  const gameClock = createServerClock({ deviceNow: () => Date.now() })
  return { gameClock, gameNow: () => gameClock.now() }
})

const { forceWebSockets, goOffline, goOnline } = await import('firebase/database')
const { createDatabaseRouter, createSwitchedRouter, instanceListSchema, PLAYER_MOVE_GRACE_MS, regionTableSchema, spawnWindowOf } =
  await import('@worldmap/game')
const { liveRecords } = await import('@worldmap/game/contract')
const { homeOfRecord } = await import('./homeOfRecord.js')
const { createFirebaseMapBackend } = await import('../../features/dropFeed/createFirebaseMapBackend.js')
const { readClientConfig } = await import('../config/readClientConfig.js')
const { browserReconnectEnvironment, getFirebaseDatabase, holdDatabase, IDLE_INSTANCE_CLOSE_MS, instanceUrlOf } = await import(
  './getFirebaseDatabase.js'
)

const config = readClientConfig(
  { PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9' },
  { hostname: 'localhost', origin: 'http://localhost:3000' },
)

afterEach(() => {
  vi.useRealTimers()
})

describe('getFirebaseDatabase', () => {
  test('default: websockets are forced once, before the database exists; the same database each time', () => {
    const database = getFirebaseDatabase(config)
    expect(getFirebaseDatabase(config)).toBe(database)
    expect(order.slice(0, 2)).toEqual(['forceWebSockets', 'getDatabase'])
    expect(forceWebSockets).toHaveBeenCalledTimes(1)
  })

  test('behavior: a region instance is a database of its own, kept connected like the main one, the same each time', () => {
    const main = getFirebaseDatabase(config)
    const policies = installedPolicies.length
    const region = getFirebaseDatabase(config, 'http://127.0.0.1:8/?ns=demo-worldmap-r1')
    expect(region).not.toBe(main)
    expect(getFirebaseDatabase(config, 'http://127.0.0.1:8/?ns=demo-worldmap-r1')).toBe(region)
    expect(getFirebaseDatabase(config, config.firebase.databaseURL)).toBe(main)
    expect(
      (region as unknown as { _repoInternal: { repoInfo_: { host: string; namespace: string } } })._repoInternal.repoInfo_,
    ).toMatchObject({ host: '127.0.0.1:8', namespace: 'demo-worldmap-r1' })
    // One reconnect policy for the new instance, none again for either.
    expect(installedPolicies.length).toBe(policies + 1)
    expect(forceWebSockets).toHaveBeenCalledTimes(1)
  })
})

describe('instanceUrlOf and player instances', () => {
  const players = ['http://127.0.0.1:8/?ns=demo-worldmap-r2', 'http://127.0.0.1:7/?ns=demo-worldmap-r3']
  const sharded = readClientConfig(
    { PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9', PUBLIC_ENV__DATABASE_PLAYERS: players.join(',') },
    { hostname: 'localhost', origin: 'http://localhost:3000' },
  )
  const uids = Array.from({ length: 40 }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`)

  test('default: no player instances: a player’s records are on main; no target is main; a URL is itself', () => {
    expect(instanceUrlOf(config, { player: uids[0] as string })).toBe(config.firebase.databaseURL)
    expect(instanceUrlOf(config, undefined)).toBe(config.firebase.databaseURL)
    expect(instanceUrlOf(config, 'http://127.0.0.1:8/?ns=demo-worldmap-r1')).toBe('http://127.0.0.1:8/?ns=demo-worldmap-r1')
  })

  test('behavior: each player on the instance the functions’ router picks, the same every time, both instances used', () => {
    const router = createDatabaseRouter(sharded.firebase.databaseURL, { players })
    const picked = uids.map((uid) => instanceUrlOf(sharded, { player: uid }))
    expect(picked).toEqual(uids.map((uid) => router.instanceOfPlayer(uid)))
    expect(new Set(picked)).toEqual(new Set(players))
    expect(uids.map((uid) => instanceUrlOf(sharded, { player: uid }))).toEqual(picked)
  })

  test('behavior: one database per instance however many players and records are read on it', () => {
    const databases = new Set(uids.map((uid) => getFirebaseDatabase(sharded, { player: uid })))
    expect(databases.size).toBe(2)
    expect(getFirebaseDatabase(sharded, players[0])).toBe(
      getFirebaseDatabase(sharded, {
        player: uids.find((uid) => instanceUrlOf(sharded, { player: uid }) === players[0]) as string,
      }),
    )
  })
})

describe('a table switch (issue 35, point 3)', () => {
  const pool = [
    'http://127.0.0.1:9000/?ns=demo-worldmap',
    'http://127.0.0.1:9177/?ns=demo-worldmap-r1',
    'http://127.0.0.1:9178/?ns=demo-worldmap-r2',
    'http://127.0.0.1:9179/?ns=demo-worldmap-r3',
  ]
  const DAY_MS = 86_400_000
  const players = fc.uniqueArray(fc.constantFrom(...pool.slice(1)), { maxLength: 3 }).map((urls) => urls.join(','))
  const regions = fc
    .uniqueArray(fc.tuple(fc.constantFrom('w', 'w2', 'w21', 'w21z', 'u0', 'qqg'), fc.constantFrom(...pool.slice(1))), {
      maxLength: 4,
      selector: ([prefix]) => prefix,
    })
    .map((entries) => entries.map(([prefix, url]) => `${prefix}=${url}`).join(','))
  const geohash = fc.string({ unit: fc.constantFrom(...'0123456789bcdefghjkmnpqrstuvwxyz'), minLength: 6, maxLength: 6 })

  test('behavior: at any time, every record is read from the instance the functions’ router names (players by the grace, cells by their window)', () => {
    fc.assert(
      fc.property(
        fc.record({ regions, players, nextRegions: regions, nextPlayers: players }),
        fc.integer({ min: 19_000, max: 25_000 }),
        fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS }),
        fc.string({ minLength: 1, maxLength: 42 }),
        geohash,
        (table, switchDay, fromSwitch, uid, cell) => {
          const day = new Date(switchDay * DAY_MS).toISOString().slice(0, 10)
          const now = switchDay * DAY_MS + fromSwitch
          const page = readClientConfig(
            {
              PUBLIC_ENV__DATABASE_REGIONS: table.regions,
              PUBLIC_ENV__DATABASE_PLAYERS: table.players,
              PUBLIC_ENV__DATABASE_NEXT_REGIONS: table.nextRegions,
              PUBLIC_ENV__DATABASE_NEXT_PLAYERS: table.nextPlayers,
              PUBLIC_ENV__DATABASE_SWITCH_DAY: day,
            },
            { hostname: 'localhost', origin: 'http://localhost:3000' },
          )
          // The functions' router, built from their variables as `pnpm db:migrate` and the functions read them.
          const functions = createSwitchedRouter(
            pool[0] as string,
            { regions: regionTableSchema.parse(table.regions), players: instanceListSchema.parse(table.players) },
            {
              at: Date.parse(`${day}T00:00:00Z`),
              next: {
                regions: regionTableSchema.parse(table.nextRegions),
                players: instanceListSchema.parse(table.nextPlayers),
              },
            },
          )
          for (const row of [liveRecords.verifiedLevel, liveRecords.progress, liveRecords.inventory, liveRecords.streakDrops])
            expect(instanceUrlOf(page, homeOfRecord(row, [uid]), now)).toBe(functions.playerAt(uid, now).instance)
          expect(instanceUrlOf(page, homeOfRecord(liveRecords.spotFinds, [switchDay, uid]), now)).toBe(
            functions.playerAt(uid, now).instance,
          )
          const backend = createFirebaseMapBackend(page)
          const window = spawnWindowOf(now).index
          for (const w of [window - 1, window, window + 1])
            expect(backend.instanceOfCell?.(cell, w)).toBe(functions.forWindow(w).instanceOfCell(cell))
        },
      ),
      { numRuns: 300 },
    )
  })

  test('behavior: an instance no table in force names is let go a minute after its last listener; main and the table’s never; a new use reconnects it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const region = 'http://127.0.0.1:6/?ns=demo-worldmap-r9'
    const policiesBefore = installedPolicies.length
    const database = getFirebaseDatabase(config, region)
    const stop = stoppedPolicies.get(installedPolicies[policiesBefore]) as () => void
    const first = holdDatabase(config, region)
    const second = holdDatabase(config, region)
    const main = holdDatabase(config, config.firebase.databaseURL)
    const mainStop = stoppedPolicies.get(installedPolicies[0])
    // Closed after its policy stopped (the policy's own hard nudges close it too, before that).
    const closedAfterStop = () => {
      const stoppedAt = vi.mocked(stop).mock.invocationCallOrder[0] ?? Number.POSITIVE_INFINITY
      const { calls, invocationCallOrder } = vi.mocked(goOffline).mock
      return calls.filter(([closing], index) => closing === database && (invocationCallOrder[index] as number) > stoppedAt).length
    }
    first()
    first()
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS)
    expect(stop).not.toHaveBeenCalled()
    second()
    main()
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS - 1)
    // Back within the minute: kept.
    const again = holdDatabase(config, region)
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS)
    expect(stop).not.toHaveBeenCalled()
    again()
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS)
    // Let go: its policy stopped (nothing nudges it back online), its socket closed; main kept.
    expect(stop).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS)
    expect(closedAfterStop()).toBe(1)
    expect(mainStop).not.toHaveBeenCalled()
    vi.mocked(goOnline).mockClear()
    const policies = installedPolicies.length
    expect(getFirebaseDatabase(config, region)).toBe(database)
    expect(vi.mocked(goOnline).mock.calls).toEqual([[database]])
    expect(installedPolicies.length).toBe(policies + 1)

    // An instance of the table in force (here the one player instance, no switch) is kept for its next reader, as before.
    const players = 'http://127.0.0.1:5/?ns=demo-worldmap-r8'
    const table = readClientConfig(
      { PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9', PUBLIC_ENV__DATABASE_PLAYERS: players },
      { hostname: 'localhost', origin: 'http://localhost:3000' },
    )
    const playersPolicies = installedPolicies.length
    holdDatabase(table, players)()
    vi.advanceTimersByTime(10 * IDLE_INSTANCE_CLOSE_MS)
    expect(stoppedPolicies.get(installedPolicies[playersPolicies])).not.toHaveBeenCalled()
  })

  test('behavior: after a switch’s grace, the player instance only the old table had is let go when its listeners have moved; the new one kept', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const old = 'http://127.0.0.1:4/?ns=demo-worldmap-r7'
    const next = 'http://127.0.0.1:3/?ns=demo-worldmap-r6'
    // A switch long past: the game clock (the real time here) is beyond its grace.
    const switched = readClientConfig(
      {
        PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9',
        PUBLIC_ENV__DATABASE_PLAYERS: old,
        PUBLIC_ENV__DATABASE_SWITCH_DAY: '2020-01-06',
        PUBLIC_ENV__DATABASE_NEXT_PLAYERS: next,
      },
      { hostname: 'localhost', origin: 'http://localhost:3000' },
    )
    expect(instanceUrlOf(switched, { player: '0xa11ce' })).toBe(next)
    const first = installedPolicies.length
    holdDatabase(switched, old)()
    holdDatabase(switched, next)()
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS)
    expect(stoppedPolicies.get(installedPolicies[first])).toHaveBeenCalledTimes(1)
    expect(stoppedPolicies.get(installedPolicies[first + 1])).not.toHaveBeenCalled()
  })

  test('behavior: an old-table instance left before the grace is kept until the grace, then let go', () => {
    const old = 'http://127.0.0.1:2/?ns=demo-worldmap-r5'
    const next = 'http://127.0.0.1:1/?ns=demo-worldmap-r4'
    const switched = readClientConfig(
      {
        PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9',
        PUBLIC_ENV__DATABASE_PLAYERS: old,
        PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07',
        PUBLIC_ENV__DATABASE_NEXT_PLAYERS: next,
      },
      { hostname: 'localhost', origin: 'http://localhost:3000' },
    )
    const movesAt = Date.UTC(2026, 11, 7) + PLAYER_MOVE_GRACE_MS
    vi.useFakeTimers({ now: movesAt - 3 * IDLE_INSTANCE_CLOSE_MS, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const first = installedPolicies.length
    holdDatabase(switched, old)()
    vi.advanceTimersByTime(2 * IDLE_INSTANCE_CLOSE_MS)
    expect(stoppedPolicies.get(installedPolicies[first])).not.toHaveBeenCalled()
    vi.advanceTimersByTime(IDLE_INSTANCE_CLOSE_MS + 1)
    expect(stoppedPolicies.get(installedPolicies[first])).toHaveBeenCalledTimes(1)
  })
})

describe('browserReconnectEnvironment', () => {
  test('default: the SDK switches act on this database', () => {
    const database = getFirebaseDatabase(config)
    const environment = browserReconnectEnvironment(database, window)
    environment.goOnline()
    environment.goOffline()
    expect(goOnline).toHaveBeenLastCalledWith(database)
    expect(goOffline).toHaveBeenLastCalledWith(database)
    expect(environment.isDeviceOnline()).toBe(navigator.onLine)
    expect(environment.now()).toBeGreaterThan(0)
    expect(environment.random()).toBeGreaterThanOrEqual(0)
  })

  test('behavior: the window `online` event and the page becoming visible reach their listeners until unsubscribed', () => {
    const environment = browserReconnectEnvironment(getFirebaseDatabase(config), window)
    const online = vi.fn()
    const visible = vi.fn()
    const stopOnline = environment.onDeviceOnline(online)
    const stopVisible = environment.onPageVisible(visible)
    window.dispatchEvent(new Event('online'))
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(visible).not.toHaveBeenCalled()
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    stopOnline()
    stopVisible()
    window.dispatchEvent(new Event('online'))
    document.dispatchEvent(new Event('visibilitychange'))
    expect(online).toHaveBeenCalledTimes(1)
    expect(visible).toHaveBeenCalledTimes(1)
  })

  test('behavior: the timers are the window’s; `.info/connected` is watched (false while nothing answers)', async () => {
    const environment = browserReconnectEnvironment(getFirebaseDatabase(config), window)
    const fired = vi.fn()
    const handle = environment.setTimeout(fired, 10)
    environment.clearTimeout(handle)
    environment.setTimeout(fired, 0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fired).toHaveBeenCalledTimes(1)
    const seen: boolean[] = []
    const stop = environment.watchConnected((connected) => seen.push(connected))
    await vi.waitFor(() => expect(seen).toEqual([false]), { timeout: 5_000 })
    stop()
  })
})
