import { useSyncExternalStore } from 'react'
import type { ColorScheme } from './createLocalMapStyle.js'

const DARK = '(prefers-color-scheme: dark)'

/** The media query list, or `null` where there is none (the server, an old webview). */
function darkQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null
  return window.matchMedia(DARK)
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery()
  if (!query) return () => {}
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const getSnapshot = (): ColorScheme => (darkQuery()?.matches ? 'dark' : 'light')

// The server cannot know the player's setting: light, which the client corrects on hydration.
const getServerSnapshot = (): ColorScheme => 'light'

/**
 * The player's system colour scheme (`prefers-color-scheme`), live: it
 * changes while the page is open when the phone switches to dark at
 * sunset. For what CSS cannot colour — the map's canvas, drawn from a
 * style object. `light` on the server and where `matchMedia` is missing.
 *
 * @example
 * ```tsx
 * const scheme = useColorScheme()
 * const style = useMemo(() => createLocalMapStyle(center, scheme), [center, scheme])
 * ```
 */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
