import { cellOf, type LatLng, type MapDrop, watchCellsAround } from '@worldmap/game'
import {
  type CollectDropRequest,
  collectDropContract,
  type EnsureDropsNearReply,
  ensureDropsNearContract,
} from '@worldmap/game/contract'
import { CallRefusedError, callContract } from '../../lib/firebase/callContract.js'
import { setReportRegion } from '../../lib/reporting/reportRegion.js'
import { toCollectDropError } from '../collect/toCollectDropError.js'
import type { CollectDropResult, MapDataSource, PositionFix, WatchDropsOptions } from '../drops/MapDataSource.js'
import type { SpawnRefusedError } from '../drops/SpawnRefusedError.js'
import { toSpawnRefusedError } from '../drops/toSpawnRefusedError.js'
import { type CellListeners, createCellListeners, type WatchPath } from './createCellListeners.js'
import { createWindowClock, type WindowClock } from './createWindowClock.js'
import { watchFoundSpots } from './watchFoundSpots.js'
import { watchStreakDrops } from './watchStreakDrops.js'

/** The Firebase primitives the data source uses, injected so it is testable without Firebase. */
export interface MapBackend {
  /** Call a callable function in the app's region. */
  call(name: typeof ensureDropsNearContract.name | typeof collectDropContract.name, data: unknown): Promise<unknown>
  /**
   * Listen to a database path's value (never `get()`: the local stand-in does not answer it),
   * on the instance named (the main one when none is).
   */
  watch: WatchPath
  /**
   * The database instance holding a watch cell's drops in spawn window
   * `window` (the router of that window's table,
   * `createSwitchedRouter(…).forWindow(window).instanceOfCell`). Optional:
   * without it every cell is read from the main instance.
   */
  instanceOfCell?(watchCell: string, window: number): string
  /**
   * A cell's region for the app's reports (`reportRegionOf` over the same
   * table: a region key of ≤ 5 characters, or `main`). Optional: without it
   * reports carry no region.
   */
  regionOfCell?(cell: string): string
  /** The game clock: server time as best known, ms (`gameClock`). */
  now(): number
  /**
   * Call the listener when `now` changes by more than noise (the server's
   * time was learned or the device's clock was changed); returns the
   * unsubscribe. Optional: without it, only `ensureDropsNear`'s window
   * corrects the clock.
   */
  onClockChange?(listener: () => void): () => void
  /** The device's IANA time zone (the player's day for streaks), when the platform knows it. */
  timeZone(): string | undefined
  /**
   * Call the listener each time the connection comes back after being
   * offline (`watchReconnect`); returns the unsubscribe function. Optional:
   * without it a spawn call that failed is asked again only on the next
   * subscription.
   */
  onReconnect?(listener: () => void): () => void
}

/**
 * How long an empty list is held back after a spawn reply that spawned: the
 * callable's reply (HTTP) can arrive before the database pushes the drops it
 * wrote (the websocket), and the cells would briefly read empty.
 */
export const SPAWN_LANDING_GRACE_MS = 2_000

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

/**
 * The map feature's {@link MapDataSource} over Firebase (docs/data-model.md).
 *
 * `watchDrops` reads only the 9 watch cells around the centre
 * (`watchCellsAround`) in the current spawn window — one value listener per
 * `/drops/{window}/{watchCell}`, never `/drops` or a whole window, which the
 * rules refuse, each on the database instance holding its region
 * (`backend.instanceOfCell`) — and delivers their live drops once every cell has answered.
 * Listeners are shared: a re-subscription around a new centre keeps the
 * cells both centres share and swaps only the others. When the window ends,
 * it moves to the next window's cells (the old drops have expired) and asks
 * the server to spawn again. Each (re)subscription calls `ensureDropsNear`
 * (at most once per spawn cell and window; the server would spawn nothing
 * new); the server's window wins over a skewed device clock. A refusal that
 * lifts with time (`rate_limited`, `impossible_travel`) goes to `onRefusal`,
 * never `onError`: the drops already there keep coming, and the server is
 * asked again once the wait it named is over. A spawn call that failed for
 * the network is asked again when the connection comes back
 * (`backend.onReconnect`). An empty list is held back while the
 * subscription's first spawn call is under way, and for up to
 * {@link SPAWN_LANDING_GRACE_MS} after a reply that spawned while the cells
 * still read empty (the reply and the new drops travel separately): "no
 * drops near you" only once the server has answered and the cells say so; a
 * list with drops in it is never held. With `{ spawn: false }` (the
 * map's default city, while the device has no location) `ensureDropsNear`
 * is never called: the server must not take that centre for the player's
 * position (its travel check would then refuse the real one).
 *
 * `watchStreakDrops` listens to the player's own streak rewards
 * (`/streakDrops/{uid}`, on the player's instance: they are per player, not
 * per region) and delivers the unexpired ones. `watchFoundSpots` listens to the
 * spots the player found today (`/spotFinds/{day}/{uid}`, the player's instance).
 *
 * Each `watchDrops` also tells the app's reports the region it reads
 * (`backend.regionOfCell`: a region key, never the centre).
 *
 * `collect` calls `collectDrop` with the fix and the device's time zone (the
 * player's day, for streaks) and turns refusals into `CollectDropError`s.
 *
 * @example
 * ```ts
 * const source = createFirebaseMapDataSource(createFirebaseMapBackend(getClientConfig()))
 * <MapScreen dataSource={source} />
 * ```
 */
export function createFirebaseMapDataSource(backend: MapBackend): MapDataSource {
  const shared: SharedWatch = {
    cells: createCellListeners(backend.watch, backend.instanceOfCell?.bind(backend)),
    clock: createWindowClock(() => backend.now()),
    ensureDropsNear: createEnsureDropsNear(backend),
    onReconnect: backend.onReconnect?.bind(backend),
    live: new Set(),
  }
  // The game clock learned the server's time: the window a watch listens to
  // was read off the device's clock, maybe hours off (a phone 2 h ahead
  // listened to a window no drop is in yet). Back to the server's window.
  backend.onClockChange?.(() => {
    shared.clock.reset()
    for (const watch of shared.live) moveToClockWindow(watch)
  })
  return {
    watchDrops: (center, onDrops, onError, onRefusal, options) => {
      // The region the page now reads, for its reports (a region key, never the centre).
      if (backend.regionOfCell) setReportRegion(backend.regionOfCell(cellOf(center.lat, center.lng)))
      return watchDrops(shared, center, onDrops, onError, onRefusal, options)
    },
    collect: (dropId, fix) => collectDrop(backend, dropId, fix),
    watchStreakDrops: (uid, onDrops, onError) =>
      watchStreakDrops(backend.watch, () => backend.now(), uid, onDrops, onError, backend.onClockChange?.bind(backend)),
    watchFoundSpots: (uid, onSpots, onError) =>
      watchFoundSpots(backend.watch, () => backend.now(), uid, onSpots, onError, backend.onClockChange?.bind(backend)),
  }
}

/** Asks the server to spawn around `center` in `window`. */
type EnsureDropsNear = (center: LatLng, window: number) => Promise<EnsureDropsNearReply | null>

/** What every subscription of one data source shares: the cells' listeners, the window clock, the spawn calls. */
interface SharedWatch {
  cells: CellListeners
  clock: WindowClock
  ensureDropsNear: EnsureDropsNear
  onReconnect: MapBackend['onReconnect']
  /** The subscriptions not stopped yet. */
  live: Set<DropWatch>
}

/**
 * One ensureDropsNear per spawn cell and window (in flight or answered): the
 * map and the home card ask for the same place, and asking twice spends quota.
 */
function createEnsureDropsNear(backend: MapBackend): EnsureDropsNear {
  const ensured = new Map<string, { window: number; reply: Promise<EnsureDropsNearReply | null> }>()
  return (center, window) => {
    const key = `${window}:${cellOf(center.lat, center.lng)}`
    const known = ensured.get(key)
    if (known) return known.reply
    for (const [other, entry] of ensured) if (entry.window < window) ensured.delete(other)
    const reply = callContract(ensureDropsNearContract, { lat: center.lat, lng: center.lng }, backend.call).catch(
      (error: unknown) => {
        // An answer that is not the row's reply is still an answer: nothing usable in it, nothing to retry.
        if (error instanceof CallRefusedError && error.code === 'malformed_reply') return null
        throw error
      },
    )
    ensured.set(key, { window, reply })
    // A failure is not remembered: the next subscription asks again.
    reply.catch(() => ensured.delete(key))
    return reply
  }
}

/** One `watchDrops` subscription: what it was asked, and where it is. */
interface DropWatch extends SharedWatch {
  center: LatLng
  watchCells: readonly string[]
  spawn: boolean
  onDrops: (drops: readonly MapDrop[]) => void
  onError: (error: Error) => void
  onRefusal: ((refusal: SpawnRefusedError | null) => void) | undefined
  window: number
  /** Leave the cells listened to now. */
  leave: (() => void)[]
  stopped: boolean
  /** The latest spawn call: an older one's answer changes nothing. */
  request: number
  /** The latest spawn call has not answered yet. */
  pending: boolean
  rollTimer: ReturnType<typeof setTimeout> | undefined
  retryTimer: ReturnType<typeof setTimeout> | undefined
  /** The last spawn call failed for the network (not a refusal): asked again when the connection is back. */
  ensureFailed: boolean
  /**
   * An empty list is not "no drops" yet: the first spawn call has not
   * answered, or its reply spawned drops the cells have not shown yet (until
   * `landingTimer` gives up waiting for them).
   */
  holdEmpty: boolean
  landingTimer: ReturnType<typeof setTimeout> | undefined
}

function watchDrops(
  shared: SharedWatch,
  center: LatLng,
  onDrops: (drops: readonly MapDrop[]) => void,
  onError: (error: Error) => void,
  onRefusal?: (refusal: SpawnRefusedError | null) => void,
  { spawn = true }: WatchDropsOptions = {},
): () => void {
  const watch: DropWatch = {
    ...shared,
    center,
    watchCells: watchCellsAround(center.lat, center.lng),
    spawn,
    onDrops,
    onError,
    onRefusal,
    window: shared.clock.window(),
    leave: [],
    stopped: false,
    request: 0,
    pending: false,
    rollTimer: undefined,
    retryTimer: undefined,
    ensureFailed: false,
    holdEmpty: spawn,
    landingTimer: undefined,
  }
  shared.live.add(watch)
  listen(watch, watch.window)
  scheduleRollover(watch)
  if (spawn) ensure(watch)
  const stopReconnect = shared.onReconnect?.(() => {
    if (spawn && watch.ensureFailed && !watch.stopped) ensure(watch)
  })

  return () => {
    watch.stopped = true
    shared.live.delete(watch)
    stopReconnect?.()
    clearTimeout(watch.rollTimer)
    clearTimeout(watch.retryTimer)
    clearTimeout(watch.landingTimer)
    for (const done of watch.leave) done()
  }
}

/** Hand over the live drops of every cell; unless `force`, only once every cell has answered. */
function deliver(watch: DropWatch, force: boolean) {
  if (watch.stopped) return
  const states = watch.watchCells.map((watchCell) => watch.cells.read({ window: watch.window, watchCell }))
  // All cells at once: a list from the first cell alone would read as "nothing near you".
  if (!force && states.some((state) => state.status === 'pending')) return
  const now = watch.clock.now()
  const drops = states.flatMap((state) => (state.status === 'ready' ? state.drops.filter((drop) => drop.expiresAt > now) : []))
  // Empty while the server has not answered (or its drops have not landed) is not "no drops near you".
  if (!force && watch.holdEmpty && drops.length === 0) return
  if (drops.length > 0) stopHolding(watch)
  watch.onDrops(drops)
}

/** The first spawn call has answered and its drops (if any) are in: an empty list means empty from now on. */
function stopHolding(watch: DropWatch) {
  watch.holdEmpty = false
  clearTimeout(watch.landingTimer)
  watch.landingTimer = undefined
}

/** The first spawn call answered: wait a moment for what it spawned, else say what the cells hold. */
function spawnAnswered(watch: DropWatch, spawned: number) {
  if (!watch.holdEmpty || watch.landingTimer !== undefined) return
  if (spawned === 0) {
    stopHolding(watch)
    return deliver(watch, false)
  }
  watch.landingTimer = setTimeout(() => {
    stopHolding(watch)
    deliver(watch, false)
  }, SPAWN_LANDING_GRACE_MS)
}

/** Listen to the cells of window `next` instead of the current ones. */
function listen(watch: DropWatch, next: number) {
  const { cells, watchCells } = watch
  watch.window = next
  const previous = watch.leave
  // Join the new cells before leaving the old: the cells they share keep their listener.
  watch.leave = watchCells.map((watchCell) => {
    const cell = { window: next, watchCell }
    return cells.join(cell, () => {
      const state = cells.read(cell)
      if (state.status === 'failed' && !watch.stopped) watch.onError(state.error)
      deliver(watch, false)
    })
  })
  for (const done of previous) done()
  for (const watchCell of watchCells) {
    const state = cells.read({ window: next, watchCell })
    if (state.status === 'failed') watch.onError(state.error)
  }
  deliver(watch, false)
}

function scheduleRollover(watch: DropWatch) {
  clearTimeout(watch.rollTimer)
  watch.rollTimer = setTimeout(() => rollOver(watch), Math.max(0, watch.clock.endOf(watch.window) - watch.clock.now()))
}

/** The window ended: on to the next one's cells, and ask the server to spawn there. */
function rollOver(watch: DropWatch) {
  clearTimeout(watch.retryTimer)
  // A device asleep across several windows wakes in the current one.
  listen(watch, Math.max(watch.window + 1, watch.clock.window()))
  // The previous window's drops have expired: say so now, not when the new cells answer.
  deliver(watch, true)
  scheduleRollover(watch)
  if (watch.spawn) ensure(watch)
}

/** The clock changed under a watch: listen to (and spawn in) the window it reads now, if another. */
function moveToClockWindow(watch: DropWatch) {
  const window = watch.clock.window()
  if (window === watch.window) return scheduleRollover(watch)
  clearTimeout(watch.retryTimer)
  listen(watch, window)
  deliver(watch, true)
  scheduleRollover(watch)
  // A call still out spawns the server's window whatever the device thought (the server reads its own clock,
  // and its reply moved this clock): asking again would only spend a spawn token.
  if (watch.spawn && !watch.pending) ensure(watch)
}

/** The server's window wins over a skewed device clock. */
function accept(watch: DropWatch, reply: EnsureDropsNearReply) {
  if (reply.window !== watch.window) {
    watch.clock.adopt(reply.window)
    listen(watch, reply.window)
  }
  scheduleRollover(watch)
}

/** Ask the server to spawn around the centre; a refusal that lifts with time is asked again once it has. */
function ensure(watch: DropWatch) {
  const id = ++watch.request
  watch.pending = true
  watch.ensureDropsNear(watch.center, watch.window).then(
    (reply) => {
      if (watch.stopped || id !== watch.request) return
      watch.pending = false
      watch.ensureFailed = false
      watch.onRefusal?.(null)
      // An unexpected reply (null) changes nothing: the cells and the window are the client's own.
      if (reply) accept(watch, reply)
      spawnAnswered(watch, reply ? reply.spawned : 0)
    },
    (error: unknown) => {
      if (watch.stopped || id !== watch.request) return
      watch.pending = false
      const refusal = toSpawnRefusedError(error)
      // Refused, the server has answered: nothing new is coming, the cells say what there is. Not
      // reached, it has not: the list stays held (the card says it could not load) until it is asked again.
      if (refusal) spawnAnswered(watch, 0)
      if (!refusal) {
        watch.ensureFailed = true
        // What failed underneath (the SDK's error, the network's), as the map reports it.
        return watch.onError(toError(error instanceof CallRefusedError && error.cause !== undefined ? error.cause : error))
      }
      watch.onRefusal?.(refusal)
      // Ask again when the server said it would say yes (the rollover asks anyway if that comes first).
      if (refusal.retryAfterMs !== undefined && watch.clock.now() + refusal.retryAfterMs < watch.clock.endOf(watch.window)) {
        clearTimeout(watch.retryTimer)
        watch.retryTimer = setTimeout(() => ensure(watch), refusal.retryAfterMs)
      }
    },
  )
}

/** `collectDrop` with the fix and the device's time zone, through its contract row; refusals become `CollectDropError`s. */
async function collectDrop(backend: MapBackend, dropId: string, fix: PositionFix): Promise<CollectDropResult> {
  const timeZone = backend.timeZone()
  const request: CollectDropRequest = {
    dropId,
    lat: fix.lat,
    lng: fix.lng,
    accuracy: fix.accuracy,
    ...(timeZone ? { timeZone } : {}),
  }
  try {
    return await callContract(collectDropContract, request, backend.call)
  } catch (error) {
    throw toCollectDropError(error)
  }
}
