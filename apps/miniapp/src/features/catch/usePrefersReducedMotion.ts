import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

function getSnapshot(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false
  return window.matchMedia(QUERY).matches
}

// On the server, assume the calmer choice: no animation flashes before hydration.
const getServerSnapshot = () => true

/**
 * Whether the player asked the system for less motion, live.
 *
 * @example
 * ```tsx
 * const reduced = usePrefersReducedMotion()
 * return <div data-motion={reduced ? 'reduced' : 'full'} />
 * ```
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
