import { type RefObject, useEffect } from 'react'

/**
 * Moves focus to `ref` when the component mounts, and back to what had it
 * before when it unmounts (if that is still on the page): a dialog's focus
 * round trip.
 *
 * @example
 * ```tsx
 * const buttonRef = useRef<HTMLButtonElement>(null)
 * useFocusWhileOpen(buttonRef)
 * ```
 */
export function useFocusWhileOpen(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const previous = document.activeElement
    ref.current?.focus()
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [ref])
}
