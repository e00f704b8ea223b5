/** Called after every change with the new snapshot and the one it replaced. */
export type StoreListener<T> = (snapshot: T, previous: T) => void

/** The smallest external store: one snapshot, replaced (never mutated), and the listeners told about it. */
export interface Store<T> {
  /** The current snapshot; the same value until {@link Store.set} replaces it (as `useSyncExternalStore` requires). */
  getSnapshot(): T
  /** Listen to changes; returns the unsubscribe function. */
  subscribe(listener: StoreListener<T>): () => void
  /** Replace the snapshot and notify every listener, even when `next` is the current one (callers decide what is a change). */
  set(next: T): void
}

/**
 * Create the external store every framework-free store of the SDK is built
 * on (the bridge session, the command store, the receipt watcher), so
 * subscribing and notifying are written once and behave the same in each:
 * listeners run in subscription order over a copy of the list (one that
 * subscribes or unsubscribes another mid-notification changes the next
 * round, not this one), and a listener that throws is logged without
 * starving the others or breaking the store's own flow.
 *
 * @example
 * ```ts
 * const counter = createStore(0)
 * const stop = counter.subscribe((count, previous) => console.log(previous, '->', count))
 * counter.set(counter.getSnapshot() + 1) // logs 0 -> 1
 * stop()
 * ```
 */
export function createStore<T>(initial: T): Store<T> {
  let snapshot = initial
  const listeners = new Set<StoreListener<T>>()
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    set(next) {
      const previous = snapshot
      snapshot = next
      for (const listener of [...listeners]) {
        try {
          listener(next, previous)
        } catch (error) {
          console.error(error)
        }
      }
    },
  }
}
