// @vitest-environment happy-dom
// The page's wiring of the database: websockets forced before the database
// exists, the reconnect policy installed once, and the policy's browser
// environment (the SDK's switches, the window's events). The SDK's own
// functions are wrapped to record calls; each still runs for real.
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
vi.mock('./createReconnectPolicy.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./createReconnectPolicy.js')>()
  return {
    ...actual,
    createReconnectPolicy: vi.fn((...args: Parameters<typeof actual.createReconnectPolicy>) => {
      installedPolicies.push(args[0])
      return actual.createReconnectPolicy(...args)
    }),
  }
})

const { forceWebSockets, goOffline, goOnline } = await import('firebase/database')
const { createDatabaseRouter } = await import('@worldmap/game')
const { readClientConfig } = await import('../config/readClientConfig.js')
const { browserReconnectEnvironment, getFirebaseDatabase, instanceUrlOf } = await import('./getFirebaseDatabase.js')

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
