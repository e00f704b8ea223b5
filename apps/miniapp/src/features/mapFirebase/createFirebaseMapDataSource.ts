import { cellOf, type LatLng, type MapDrop, watchCellsAround } from '@worldmap/game'
import {
  type CollectDropRequest,
  collectDropContract,
  type EnsureDropsNearReply,
  type EnsureDropsNearRequest,
  ensureDropsNearContract,
} from '@worldmap/game/contract'
import type { CollectDropResult, MapDataSource, PositionFix, WatchDropsOptions } from '../map/MapDataSource.js'
import type { SpawnRefusedError } from '../map/SpawnRefusedError.js'
import { toCollectDropError } from '../map/toCollectDropError.js'
import { toSpawnRefusedError } from '../map/toSpawnRefusedError.js'
import { createCellListeners, type WatchPath } from './createCellListeners.js'
import { createWindowClock } from './createWindowClock.js'

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
   * The database instance holding a watch cell's drops (the region router,
   * `createRegionRouter(databaseURL, databaseRegions).instanceOfCell`). Optional:
   * without it every cell is read from the main instance.
   */
  instanceOfCell?(watchCell: string): string
  /** The device clock, ms. */
  now(): number
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
 * (`backend.onReconnect`). With `{ spawn: false }` (the
 * map's default city, while the device has no location) `ensureDropsNear`
 * is never called: the server must not take that centre for the player's
 * position (its travel check would then refuse the real one).
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
  const cells = createCellListeners(backend.watch, backend.instanceOfCell?.bind(backend))
  const clock = createWindowClock(() => backend.now())
  // One ensureDropsNear per spawn cell and window (in flight or answered): the
  // map and the home card ask for the same place, and asking twice spends quota.
  const ensured = new Map<string, { window: number; reply: Promise<unknown> }>()

  const ensureDropsNear = (center: LatLng, window: number): Promise<unknown> => {
    const key = `${window}:${cellOf(center.lat, center.lng)}`
    const known = ensured.get(key)
    if (known) return known.reply
    for (const [other, entry] of ensured) if (entry.window < window) ensured.delete(other)
    const reply = backend.call('ensureDropsNear', { lat: center.lat, lng: center.lng } satisfies EnsureDropsNearRequest)
    ensured.set(key, { window, reply })
    // A failure is not remembered: the next subscription asks again.
    reply.catch(() => ensured.delete(key))
    return reply
  }

  return {
    watchDrops(
      center: LatLng,
      onDrops: (drops: readonly MapDrop[]) => void,
      onError: (error: Error) => void,
      onRefusal?: (refusal: SpawnRefusedError | null) => void,
      { spawn = true }: WatchDropsOptions = {},
    ) {
      const watchCells = watchCellsAround(center.lat, center.lng)
      let window = clock.window()
      let leave: (() => void)[] = []
      let stopped = false
      let request = 0
      let rollTimer: ReturnType<typeof setTimeout> | undefined
      let retryTimer: ReturnType<typeof setTimeout> | undefined
      // The last spawn call failed for the network (not a refusal): asked again when the connection is back.
      let ensureFailed = false

      const deliver = (force: boolean) => {
        if (stopped) return
        const states = watchCells.map((watchCell) => cells.read({ window, watchCell }))
        // All cells at once: a list from the first cell alone would read as "nothing near you".
        if (!force && states.some((state) => state.status === 'pending')) return
        const now = clock.now()
        onDrops(states.flatMap((state) => (state.status === 'ready' ? state.drops.filter((drop) => drop.expiresAt > now) : [])))
      }

      const listen = (next: number) => {
        window = next
        const previous = leave
        // Join the new cells before leaving the old: the cells they share keep their listener.
        leave = watchCells.map((watchCell) => {
          const cell = { window: next, watchCell }
          return cells.join(cell, () => {
            const state = cells.read(cell)
            if (state.status === 'failed' && !stopped) onError(state.error)
            deliver(false)
          })
        })
        for (const done of previous) done()
        for (const watchCell of watchCells) {
          const state = cells.read({ window: next, watchCell })
          if (state.status === 'failed') onError(state.error)
        }
        deliver(false)
      }

      const scheduleRollover = () => {
        clearTimeout(rollTimer)
        rollTimer = setTimeout(rollOver, Math.max(0, clock.endOf(window) - clock.now()))
      }

      const rollOver = () => {
        clearTimeout(retryTimer)
        // A device asleep across several windows wakes in the current one.
        listen(Math.max(window + 1, clock.window()))
        // The previous window's drops have expired: say so now, not when the new cells answer.
        deliver(true)
        scheduleRollover()
        if (spawn) ensure()
      }

      const accept = (reply: EnsureDropsNearReply) => {
        if (reply.window !== window) {
          clock.adopt(reply.window)
          listen(reply.window)
        }
        scheduleRollover()
      }

      const ensure = () => {
        const id = ++request
        ensureDropsNear(center, window).then(
          (data) => {
            if (stopped || id !== request) return
            ensureFailed = false
            onRefusal?.(null)
            const reply = ensureDropsNearContract.reply.safeParse(data)
            // An unexpected reply changes nothing: the cells and the window are the client's own.
            if (reply.success) accept(reply.data)
          },
          (error: unknown) => {
            if (stopped || id !== request) return
            const refusal = toSpawnRefusedError(error)
            if (!refusal) {
              ensureFailed = true
              return onError(toError(error))
            }
            onRefusal?.(refusal)
            // Ask again when the server said it would say yes (the rollover asks anyway if that comes first).
            if (refusal.retryAfterMs !== undefined && clock.now() + refusal.retryAfterMs < clock.endOf(window)) {
              clearTimeout(retryTimer)
              retryTimer = setTimeout(ensure, refusal.retryAfterMs)
            }
          },
        )
      }

      listen(window)
      scheduleRollover()
      if (spawn) ensure()
      const stopReconnect = backend.onReconnect?.(() => {
        if (spawn && ensureFailed && !stopped) ensure()
      })

      return () => {
        stopped = true
        stopReconnect?.()
        clearTimeout(rollTimer)
        clearTimeout(retryTimer)
        for (const done of leave) done()
      }
    },
    async collect(dropId: string, fix: PositionFix): Promise<CollectDropResult> {
      let data: unknown
      const timeZone = backend.timeZone()
      try {
        data = await backend.call('collectDrop', {
          dropId,
          lat: fix.lat,
          lng: fix.lng,
          accuracy: fix.accuracy,
          ...(timeZone ? { timeZone } : {}),
        } satisfies CollectDropRequest)
      } catch (error) {
        throw toCollectDropError(error)
      }
      const parsed = collectDropContract.reply.safeParse(data)
      if (!parsed.success) throw toCollectDropError(new Error('collectDrop answered an unexpected body'))
      return parsed.data
    },
  }
}
