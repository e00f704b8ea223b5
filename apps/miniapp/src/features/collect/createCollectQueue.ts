import type { DropKind, MapDrop, Rarity } from '@worldmap/game'
import { createActionId } from '@worldmap/game/contract'
import { createStore, type Store } from '@worldmap/minikit'
import type { ComponentType } from 'react'
import { gameNow } from '../../lib/clock/gameClock.js'
import { withActionId } from '../../lib/reporting/actionScope.js'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import { type Catch, catchOf } from '../catch/catchOf.js'
import type { CollectDropResult, MapDataSource, PositionFix } from '../drops/MapDataSource.js'
import { CollectDropError, type CollectDropErrorCode } from './CollectDropError.js'
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

/** A catch ready to be revealed: the drop, the catch whole (as the reply's contract row types it) and the reveal to show it in. */
export interface QueuedCatch {
  dropId: string
  caught: Catch
  Reveal: ComponentType<CatchRevealProps>
}

/**
 * A line for the player about a catch (the map words it): added to the
 * inventory while its reveal could not load, or a pending collect the
 * server refused for good.
 */
export type CollectNotice =
  | { type: 'added'; item: { kind: DropKind; rarity: Rarity } }
  | { type: 'notCollected'; item: { kind: DropKind; rarity: Rarity }; error: CollectDropError }

/** Options of {@link createCollectQueue} (the latest are read at each use: {@link CollectQueue.setOptions}). */
export interface CollectQueueOptions {
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
  onNotice: (notice: CollectNotice) => void
  /** The game clock (server time), ms: when a pending collect was made. @default the game clock */
  now?: () => number
  /** @default COLLECT_TIMEOUT_MS */
  timeoutMs?: number
}

/** What the collect queue holds: the sheet's state, the catches waiting for their reveal, a resolve under way. */
export interface CollectSnapshot {
  state: CollectState
  /** Catches to reveal, in order; the first is on screen. */
  queue: readonly QueuedCatch[]
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
/**
 * Failures that mean the drop is gone for good, for this player: off the map.
 * `spot_already_found`: the drop is still there for others, but this player
 * found its spot today and can never collect it, so it leaves their map too.
 */
const goneCodes = new Set<CollectDropErrorCode>(['already_collected', 'drop_expired', 'drop_not_found', 'spot_already_found'])

/** A collect queue: the map's collects, framework-free (see {@link createCollectQueue}). */
export interface CollectQueue {
  getSnapshot(): CollectSnapshot
  subscribe(listener: () => void): () => void
  /**
   * Collect `drop` from `fix`; again after a failure or a slow reply is a
   * Retry (a request still out keeps going: whichever answers first wins).
   * Ignored for a drop already collected.
   */
  collect(drop: MapDrop, fix: PositionFix): void
  /**
   * Online again, or the map opened: fetch the reveal's chunk, reveal the
   * catches that waited for it, and ask the server about every pending collect.
   */
  resume(): void
  /** The player dismissed the catch on screen: the next one, if any. */
  dismiss(): void
  /** Back to idle (the sheet closed or another drop was picked); a request out keeps going. */
  reset(): void
  /** The screen's latest callbacks and settings, read at each use. */
  setOptions(options: CollectQueueOptions): void
  /** Replies from here on change nothing (the screen is gone); {@link CollectQueue.start} undoes it. */
  stop(): void
  /** Live again (a screen mounted it again). */
  start(): void
}

/**
 * The map's collect as a queue, free of any framework, seen through to a
 * reveal exactly once:
 *
 * - before `collectDrop` is called the collect is written to `pending`; it
 *   is removed when its reveal shows, or when the server refuses for good;
 * - while the request is out the sheet's state is `busy`; after
 *   `timeoutMs` it is `slow` and the sheet offers Retry (safe: the
 *   server's collect is idempotent — a repeat by the same player answers
 *   with the same item, and nothing is counted twice); then `idle` with the
 *   catch queued for its reveal, or `failed` with the reason;
 * - a failure for the network (or while offline) keeps the collect pending,
 *   and {@link CollectQueue.resume} (the map opens, the connection comes
 *   back) asks about every pending collect again: the reply queues the
 *   reveal, a refusal for good clears it with a plain message;
 * - a catch whose reveal's chunk could not load is said in a notice and
 *   revealed at the next resume.
 *
 * @example
 * ```ts
 * const queue = createCollectQueue({ dataSource, pending, loadCatchReveal, offline, onGone, onCollected, haptic, onNotice })
 * queue.subscribe(() => render(queue.getSnapshot()))
 * queue.collect(drop, fix)
 * ```
 */
export function createCollectQueue(options: CollectQueueOptions): CollectQueue {
  const context: CollectContext = {
    options,
    live: true,
    inFlight: new Map(),
    settled: new Set(),
    unrevealed: [],
    timer: undefined,
    store: createStore<CollectSnapshot>({ state: { status: 'idle' }, queue: [], resolving: false }),
  }
  return {
    getSnapshot: context.store.getSnapshot,
    subscribe: (listener) => context.store.subscribe(() => listener()),
    collect: (drop, fix) => startCollect(context, drop, fix),
    resume: () => {
      // Fetched now (and again once back online), so a catch shows without a wait.
      context.options.loadCatchReveal().catch(() => {})
      for (const found of context.unrevealed.splice(0)) reveal(context, found)
      void resolvePending(context)
    },
    dismiss: () => update(context, ({ queue }) => ({ queue: queue.slice(1) })),
    reset: () => {
      clearTimeout(context.timer)
      setState(context, (state) => (state.status === 'idle' ? state : { status: 'idle' }))
    },
    setOptions: (next) => {
      context.options = next
    },
    stop: () => {
      context.live = false
      clearTimeout(context.timer)
    },
    start: () => {
      context.live = true
    },
  }
}

/** What one queue keeps: the latest options, what is out, and its store. */
interface CollectContext {
  options: CollectQueueOptions
  /** Mounted: replies after unmount change nothing. */
  live: boolean
  /** Requests out, by drop (a Retry may overlap the first, slow request). */
  inFlight: Map<string, number>
  /** Drops whose success was handled (a second reply, from a Retry, changes nothing). */
  settled: Set<string>
  /** Catches whose reveal could not load yet. */
  unrevealed: Omit<QueuedCatch, 'Reveal'>[]
  /** The "slow" timer of the latest collect. */
  timer: ReturnType<typeof setTimeout> | undefined
  store: Store<CollectSnapshot>
}

/** Replace part of the snapshot (a new object: the store's readers compare by identity). */
function update(context: CollectContext, change: (snapshot: CollectSnapshot) => Partial<CollectSnapshot>) {
  const snapshot = context.store.getSnapshot()
  context.store.set({ ...snapshot, ...change(snapshot) })
}

/** The sheet's state, changed only when `change` gives a new one. */
function setState(context: CollectContext, change: (state: CollectState) => CollectState) {
  const { state } = context.store.getSnapshot()
  const next = change(state)
  if (next !== state) update(context, () => ({ state: next }))
}

/** Load the reveal and queue the catch; when the chunk cannot load, say so and keep the catch for later. */
function reveal(context: CollectContext, found: Omit<QueuedCatch, 'Reveal'>) {
  context.options.loadCatchReveal().then(
    (Reveal) => {
      if (!context.live) return
      // Shown now: a reload from here on must not show it again.
      context.options.pending?.remove(found.dropId)
      update(context, ({ queue }) => ({ queue: [...queue, { ...found, Reveal }] }))
    },
    () => {
      if (!context.live) return
      // Kept pending: a reload asks again; the connection coming back retries the chunk.
      context.unrevealed.push(found)
      context.options.onNotice({ type: 'added', item: found.caught.item })
      context.options.haptic('success')
    },
  )
}

/** The server said yes (first time, or a repeat): off the map, then the reveal. */
function succeed(context: CollectContext, dropId: string, result: CollectDropResult, known: { kind: DropKind; rarity: Rarity }) {
  if (context.settled.has(dropId)) return
  context.settled.add(dropId)
  const { onGone, onCollected } = context.options
  setState(context, (previous) => (previous.status !== 'idle' && previous.dropId === dropId ? { status: 'idle' } : previous))
  onGone(dropId)
  onCollected(dropId)
  reveal(context, { dropId, caught: catchOf(result, known) })
}

/** A failed collect in plain terms: offline says "saved", a refusal for good leaves `pending`, a gone drop leaves the map. */
function settleFailure(context: CollectContext, entry: PendingCollect, error: unknown): CollectDropError {
  let failure = toCollectDropError(error)
  // Offline, "could not reach" says too little: say it is saved and finishes by itself.
  const { offline, deviceOffline = offline } = context.options
  if (deviceOffline && (failure.code === 'network' || failure.code === 'unknown')) {
    failure = new CollectDropError('offline', { cause: error })
  }
  if (!unsettledCodes.has(failure.code)) context.options.pending?.remove(entry.dropId)
  if (context.live && goneCodes.has(failure.code)) context.options.onGone(entry.dropId)
  return failure
}

/** Ask the server about one collect (new or pending); resolves with the failure, if any. */
async function send(context: CollectContext, entry: PendingCollect): Promise<CollectDropError | null> {
  // One action per attempt (a tap, a Retry, a pending collect sent again): its id reaches the function's log lines.
  const actionId = createActionId()
  const { inFlight } = context
  inFlight.set(entry.dropId, (inFlight.get(entry.dropId) ?? 0) + 1)
  try {
    const { dataSource } = context.options
    const result = await withActionId(actionId, () =>
      dataSource.collect(entry.dropId, { lat: entry.lat, lng: entry.lng, accuracy: entry.accuracy }),
    )
    if (context.live) succeed(context, entry.dropId, result, entry)
    return null
  } catch (error) {
    return settleFailure(context, entry, error)
  } finally {
    const left = (inFlight.get(entry.dropId) ?? 1) - 1
    if (left > 0) inFlight.set(entry.dropId, left)
    else inFlight.delete(entry.dropId)
  }
}

/** The player's collect (or Retry): remembered first, busy, slow after the timeout, failed with the reason. */
function startCollect(context: CollectContext, drop: MapDrop, fix: PositionFix) {
  const { pending: store, now = gameNow, timeoutMs = COLLECT_TIMEOUT_MS, haptic } = context.options
  if (context.settled.has(drop.id)) return
  const entry: PendingCollect = { dropId: drop.id, ...fix, kind: drop.kind, rarity: drop.rarity, at: now() }
  // Written before the call: a reload, a crash or a lost reply from here on still ends in the reveal.
  store?.add(entry)
  setState(context, () => ({ status: 'busy', dropId: drop.id }))
  clearTimeout(context.timer)
  context.timer = setTimeout(() => {
    setState(context, (previous) =>
      previous.status === 'busy' && previous.dropId === drop.id
        ? { status: 'slow', dropId: drop.id, error: new CollectDropError('timeout') }
        : previous,
    )
  }, timeoutMs)
  void send(context, entry).then((failure) => {
    if (!context.live || failure === null) return
    clearTimeout(context.timer)
    if (context.settled.has(drop.id)) return
    setState(context, (previous) =>
      previous.status !== 'idle' && previous.dropId === drop.id
        ? { status: 'failed', dropId: drop.id, error: failure }
        : previous,
    )
    haptic('error')
  })
}

/** Every pending collect not already out, asked about again: when the map opens and when the connection is back. */
async function resolvePending(context: CollectContext) {
  const waiting = (context.options.pending?.list() ?? []).filter(
    (entry) => !context.inFlight.has(entry.dropId) && !context.settled.has(entry.dropId),
  )
  if (waiting.length === 0) return
  update(context, () => ({ resolving: true }))
  for (const entry of waiting) {
    const failure = await send(context, entry)
    if (!context.live) return
    if (failure && !unsettledCodes.has(failure.code)) {
      context.options.onNotice({ type: 'notCollected', item: entry, error: failure })
    }
  }
  update(context, () => ({ resolving: false }))
}
