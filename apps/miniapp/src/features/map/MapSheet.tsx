import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useT } from '../../lib/i18n/index.js'

/** Props of {@link MapSheet}. */
export interface MapSheetProps {
  /** The sheet's own class, beside the shared `sheet`. */
  className: string
  title: string
  /** Focus moves into the sheet when this changes (a new drop), not on every render. */
  focusKey: string
  onClose: () => void
  children: ReactNode
}

/**
 * A bottom sheet over the map, as a dialog: its title, a Close button, and
 * what it holds. It takes focus when it opens (and for each new
 * `focusKey`), so screen readers announce it; Escape closes it; when it goes
 * and focus went with it, focus returns to what had it before (the marker
 * or bubble that opened it), if that is still on the map.
 *
 * @example
 * ```tsx
 * <MapSheet className="drop-sheet" title="Gem" focusKey={drop.id} onClose={close}>…</MapSheet>
 * ```
 */
export function MapSheet({ className, title, focusKey, onClose, children }: MapSheetProps) {
  const titleId = useId()
  const sheetRef = useRef<HTMLElement>(null)
  const t = useT()
  useEffect(() => {
    const previous = document.activeElement
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected && document.activeElement === document.body) previous.focus()
    }
  }, [])
  // Re-focus per key, not per render: distance updates must not steal focus from Collect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger on purpose
  useEffect(() => {
    sheetRef.current?.focus()
  }, [focusKey])
  return (
    <section
      ref={sheetRef}
      className={`sheet ${className}`}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <header className="sheet-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="sheet-close" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </section>
  )
}
