import { useCallback, useState } from 'react'

/** Where the map remembers that its first-run hint was dismissed. */
export const MAP_HINT_STORAGE_KEY = 'worldmap.mapHint.dismissed'

/** The part of `localStorage` the hint uses (a fake in tests). */
export type HintStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * The page's `localStorage`, or `null` where there is none: on the server,
 * or where reading the property itself throws (storage blocked by the
 * webview or the browser's privacy settings).
 *
 * @example
 * ```ts
 * const storage = getHintStorage()
 * ```
 */
export function getHintStorage(): HintStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/**
 * Whether to show the map's first-run hint, and the way to dismiss it for
 * good. The dismissal is stored in `storage`; where storage fails (private
 * mode quotas, no storage at all) it still holds for as long as the screen
 * is open — the hint must never crash the map or come straight back.
 *
 * @example
 * ```ts
 * const [showHint, dismissHint] = useFirstRunHint(getHintStorage())
 * ```
 */
export function useFirstRunHint(storage: HintStorage | null): [visible: boolean, dismiss: () => void] {
  const [visible, setVisible] = useState(() => {
    try {
      return storage?.getItem(MAP_HINT_STORAGE_KEY) !== '1'
    } catch {
      return true
    }
  })
  const dismiss = useCallback(() => {
    setVisible(false)
    try {
      storage?.setItem(MAP_HINT_STORAGE_KEY, '1')
    } catch {
      // Not remembered past this visit; nothing else to do.
    }
  }, [storage])
  return [visible, dismiss]
}
