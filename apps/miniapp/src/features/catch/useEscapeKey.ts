import { useEffect, useRef } from 'react'

/**
 * Calls the latest `onEscape` when Escape is pressed anywhere in the
 * document (preventing its default), so it works even when focus has left
 * the dialog (a tap on the backdrop). A new `onEscape` each render does not
 * re-subscribe.
 *
 * @example
 * ```tsx
 * useEscapeKey(onDismiss)
 * ```
 */
export function useEscapeKey(onEscape: () => void): void {
  const latest = useRef(onEscape)
  latest.current = onEscape
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        latest.current()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
