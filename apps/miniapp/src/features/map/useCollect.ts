import type { DropKind, MapDrop, Rarity } from '@worldmap/game'
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import { CollectDropError, type CollectDropErrorCode } from './CollectDropError.js'
import { dropName } from './dropName.js'
import type { CollectDropResult, MapDataSource, PositionFix } from './MapDataSource.js'
import type { PendingCollect, PendingCollects } from './pendingCollects.js'
import { toCollectDropError } from './toCollectDropError.js'

/** After this long without a reply, the sheet says so and offers Retry (the request keeps going), ms. */
export const COLLECT_TIMEOUT_MS = 15_000

/**
 * The sheet's collect state: `busy` while the request is out, `slow` once it
 * has been out for {@link COLLECT_TIMEOUT_MS} (still out; Retry offered),
 * `failed` with the reason. Each names the drop it is about.
 */
export type CollectState =
  | { status: 'idle' }
  | { status: 'busy'; dropId: string }
  | { status: 'slow'; dropId: string; error: CollectDropError }
  | { status: 'failed'; dropId: string; error: CollectDropError }

/** A catch ready to be revealed: the reveal component and what it shows. */
export interface Caught {
  dropId: string
  Reveal: ComponentType<CatchRevealProps>
  item: { kind: DropKind; rarity: Rarity }
  firstFind: boolean
  count: number
}

/** Options of {@link useCollect}. */
export interface UseCollectOptions {
  dataSource: MapDataSource
  /** Where sent collects are remembered until revealed; `null`: not across reloads. */
  pending: PendingCollects | null
  loadCatchReveal: () => Promise<ComponentType<CatchRevealProps>>
  /** The device or the database connection is offline (`useConnectivity`): coming back resumes what is pending. */
  offline: boolean
  /** The device itself has no network: a collect that fails now is "offline", saved for later. @default offline */
  deviceOffline?: boolean
  /** The drop is the player's now, or gone for good: take it off the map (and close its sheet). */
  onGone: (dropId: string) => void
  /** The server took the drop for the player (its sheet can close; the hint has done its job). */
  onCollected: (dropId: string) => void
  /** Plays a notification haptic; must never throw. */
  haptic: (style: 'success' | 'error') => void
  /** Something to say on the map's notice line, in plain words. */
  onNotice: (text: string) => void
  /** The device clock, ms. @default Date.now */
  now?: () => number
  /** @default COLLECT_TIMEOUT_MS */
  timeoutMs?: number
}

/** What {@link useCollect} gives the map. */
export interface CollectFlow {
  state: CollectState
  /**
   * Collect `drop` from `fix`; again after a failure or a slow reply is a
   * Retry (a request still out keeps going: whichever answers first wins).
   * Ignored for a drop already collected.
   */
  collect: (drop: MapDrop, fix: PositionFix) => void
  /** Back to idle (the sheet closed or another drop was picked); a request out keeps going. */
  reset: () => void
  /** The catch to reveal now, if any (one at a time, in order). */
  caught: Caught | null
  /** The player dismissed the reveal. */
  dismissCaught: () => void
  /** A collect from before (a reload, a lost reply) is being asked about again. */
  resolving: boolean
}

/** A failure worth asking again about: the server may have taken the drop, or never heard. */
const unsettledCodes = new Set<CollectDropErrorCode>([
  'network',
  'offline',
  'unavailable',
  'timeout',
  'unknown',
  'unauthenticated',
])

/**
 * Whether a collect that failed this way may still have gone through, or
 * may go through unchanged: it stays pending and is offered again as "Try
 * again" (a refusal for good — out of reach, expired… — is not).
 *
 * @example
 * ```ts
 * isUnsettled('network') // true
 * isUnsettled('drop_expired') // false
 * ```
 */
export function isUnsettled(code: CollectDropErrorCode): boolean {
  return unsettledCodes.has(code)
}
/** Failures that mean the drop is gone for good: off the map. */
const goneCodes = new Set<CollectDropErrorCode>(['already_collected', 'drop_expired', 'drop_not_found'])

interface Found {
  dropId: string
  item: { kind: DropKind; rarity: Rarity }
  firstFind: boolean
  count: number
}

const foundOf = (dropId: string, result: CollectDropResult, known: { kind: DropKind; rarity: Rarity }): Found => ({
  dropId,
  // An older server sends neither: the client's own view of the drop, as an ordinary find.
  item: result.item ?? known,
  firstFind: result.firstFind ?? false,
  count: result.count ?? 1,
})

/**
 * The map's collect, seen through to a reveal exactly once:
 *
 * - before `collectDrop` is called the collect is written to `pending`; it
 *   is removed when its reveal shows, or when the server refuses for good;
 * - while the request is out the sheet says "Collecting…"; after
 *   `timeoutMs` it says the network is slow and offers Retry (safe: the
 *   server's collect is idempotent — a repeat by the same player answers
 *   with the same item, and nothing is counted twice);
 * - a failure for the network (or while offline) keeps the collect pending,
 *   and when the map opens or the connection comes back every pending
 *   collect is asked about again: the reply shows the reveal, a refusal for
 *   good clears it with a plain message;
 * - the reveal's chunk is fetched when the map opens and again when the
 *   connection comes back; a catch whose reveal could not load is said in
 *   a notice and revealed once the chunk arrives.
 *
 * @example
 * ```ts
 * const flow = useCollect({ dataSource, pending, loadCatchReveal, offline, onGone, onCollected, haptic, onNotice })
 * flow.collect(drop, fix)
 * ```
 */
export function useCollect(options: UseCollectOptions): CollectFlow {
  // Callbacks from the screen change every render; the latest are read when needed.
  const latest = useRef(options)
  latest.current = options
  const { offline, loadCatchReveal, pending } = options
  const [state, setState] = useState<CollectState>({ status: 'idle' })
  const [queue, setQueue] = useState<readonly Caught[]>([])
  const [resolving, setResolving] = useState(false)
  /** Requests out, by drop (a Retry may overlap the first, slow request). */
  const inFlight = useRef(new Map<string, number>())
  /** Drops whose success was handled (a second reply, from a Retry, changes nothing). */
  const settled = useRef(new Set<string>())
  /** Catches whose reveal could not load yet. */
  const unrevealed = useRef<Found[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const live = useRef(true)

  useEffect(() => {
    live.current = true
    return () => {
      live.current = false
      clearTimeout(timer.current)
    }
  }, [])

  const reveal = useCallback((found: Found) => {
    latest.current.loadCatchReveal().then(
      (Reveal) => {
        if (!live.current) return
        // Shown now: a reload from here on must not show it again.
        latest.current.pending?.remove(found.dropId)
        setQueue((previous) => [...previous, { ...found, Reveal }])
      },
      () => {
        if (!live.current) return
        // Kept pending: a reload asks again; the connection coming back retries the chunk.
        unrevealed.current.push(found)
        latest.current.onNotice(`${dropName(found.item.kind)} added to your inventory.`)
        latest.current.haptic('success')
      },
    )
  }, [])

  /** The server said yes (first time, or a repeat): off the map, then the reveal. */
  const succeed = useCallback(
    (dropId: string, result: CollectDropResult, known: { kind: DropKind; rarity: Rarity }) => {
      if (settled.current.has(dropId)) return
      settled.current.add(dropId)
      const { onGone, onCollected } = latest.current
      setState((previous) => (previous.status !== 'idle' && previous.dropId === dropId ? { status: 'idle' } : previous))
      onGone(dropId)
      onCollected(dropId)
      reveal(foundOf(dropId, result, known))
    },
    [reveal],
  )

  /** Ask the server about one collect (new or pending); resolves with the failure, if any. */
  const send = useCallback(
    async (entry: PendingCollect): Promise<CollectDropError | null> => {
      inFlight.current.set(entry.dropId, (inFlight.current.get(entry.dropId) ?? 0) + 1)
      try {
        const { dataSource } = latest.current
        const result = await dataSource.collect(entry.dropId, { lat: entry.lat, lng: entry.lng, accuracy: entry.accuracy })
        if (live.current) succeed(entry.dropId, result, entry)
        return null
      } catch (error) {
        let failure = toCollectDropError(error)
        // Offline, "could not reach" says too little: say it is saved and finishes by itself.
        const { offline, deviceOffline = offline } = latest.current
        if (deviceOffline && (failure.code === 'network' || failure.code === 'unknown')) {
          failure = new CollectDropError('offline', { cause: error })
        }
        if (!unsettledCodes.has(failure.code)) latest.current.pending?.remove(entry.dropId)
        if (live.current && goneCodes.has(failure.code)) latest.current.onGone(entry.dropId)
        return failure
      } finally {
        const left = (inFlight.current.get(entry.dropId) ?? 1) - 1
        if (left > 0) inFlight.current.set(entry.dropId, left)
        else inFlight.current.delete(entry.dropId)
      }
    },
    [succeed],
  )

  const collect = useCallback(
    (drop: MapDrop, fix: PositionFix) => {
      const { pending: store, now = Date.now, timeoutMs = COLLECT_TIMEOUT_MS, haptic } = latest.current
      if (settled.current.has(drop.id)) return
      const entry: PendingCollect = { dropId: drop.id, ...fix, kind: drop.kind, rarity: drop.rarity, at: now() }
      // Written before the call: a reload, a crash or a lost reply from here on still ends in the reveal.
      store?.add(entry)
      setState({ status: 'busy', dropId: drop.id })
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        setState((previous) =>
          previous.status === 'busy' && previous.dropId === drop.id
            ? { status: 'slow', dropId: drop.id, error: new CollectDropError('timeout') }
            : previous,
        )
      }, timeoutMs)
      void send(entry).then((failure) => {
        if (!live.current || failure === null) return
        clearTimeout(timer.current)
        if (settled.current.has(drop.id)) return
        setState((previous) =>
          previous.status !== 'idle' && previous.dropId === drop.id
            ? { status: 'failed', dropId: drop.id, error: failure }
            : previous,
        )
        haptic('error')
      })
    },
    [send],
  )

  // Every pending collect not already out, asked about again: when the map opens and when the connection is back.
  const resolvePending = useCallback(async () => {
    const waiting = (latest.current.pending?.list() ?? []).filter(
      (entry) => !inFlight.current.has(entry.dropId) && !settled.current.has(entry.dropId),
    )
    if (waiting.length === 0) return
    setResolving(true)
    for (const entry of waiting) {
      const failure = await send(entry)
      if (!live.current) return
      if (failure && !unsettledCodes.has(failure.code)) {
        latest.current.onNotice(`Your ${dropName(entry.kind).toLowerCase()} could not be collected. ${failure.message}`)
      }
    }
    setResolving(false)
  }, [send])

  // biome-ignore lint/correctness/useExhaustiveDependencies: another player's store (`pending`) is another list to resolve
  useEffect(() => {
    if (offline) return
    // Fetched when the map opens (and again once back online), so a catch shows without a wait.
    loadCatchReveal().catch(() => {})
    const later = unrevealed.current.splice(0)
    for (const found of later) reveal(found)
    void resolvePending()
  }, [offline, loadCatchReveal, pending, reveal, resolvePending])

  const reset = useCallback(() => {
    clearTimeout(timer.current)
    setState({ status: 'idle' })
  }, [])

  const dismissCaught = useCallback(() => setQueue((previous) => previous.slice(1)), [])

  return { state, collect, reset, caught: queue[0] ?? null, dismissCaught, resolving }
}
