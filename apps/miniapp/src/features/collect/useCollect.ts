import type { MapDrop } from '@worldmap/game'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { PositionFix } from '../drops/MapDataSource.js'
import { type CollectQueueOptions, type CollectState, createCollectQueue, type QueuedCatch } from './createCollectQueue.js'

/** Options of {@link useCollect}: the queue's, read anew at each render. */
export type UseCollectOptions = CollectQueueOptions

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
  revealing: QueuedCatch | null
  /** The player dismissed the reveal. */
  dismissCaught: () => void
  /** A collect from before (a reload, a lost reply) is being asked about again. */
  resolving: boolean
}

/**
 * The map's collect queue (`createCollectQueue`) for a screen: made once,
 * given the screen's latest callbacks at each render, resumed when the map
 * opens and whenever the connection comes back, stopped when the screen goes.
 *
 * @example
 * ```ts
 * const flow = useCollect({ dataSource, pending, loadCatchReveal, offline, onGone, onCollected, haptic, onNotice })
 * flow.collect(drop, fix)
 * ```
 */
export function useCollect(options: UseCollectOptions): CollectFlow {
  const { offline, loadCatchReveal, pending } = options
  const [queue] = useState(() => createCollectQueue(options))
  // Callbacks from the screen change every render; the latest are read when needed.
  queue.setOptions(options)

  useEffect(() => {
    queue.start()
    return () => queue.stop()
  }, [queue])

  // biome-ignore lint/correctness/useExhaustiveDependencies: another player's store (`pending`) is another list to resolve, a new reveal loader another chunk
  useEffect(() => {
    if (!offline) queue.resume()
  }, [offline, loadCatchReveal, pending, queue])

  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot)
  return {
    state: snapshot.state,
    collect: queue.collect,
    reset: queue.reset,
    revealing: snapshot.queue[0] ?? null,
    dismissCaught: queue.dismiss,
    resolving: snapshot.resolving,
  }
}
