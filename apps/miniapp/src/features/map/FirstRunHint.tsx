import { COLLECT_REACH_METERS } from '@worldmap/game'

/** Props of {@link FirstRunHint}. */
export interface FirstRunHintProps {
  onDismiss: () => void
}

/**
 * The map's first-run hint: how collecting works, in one sentence, next to
 * a small picture of the ring it refers to. Stays until dismissed (see
 * `useFirstRunHint`).
 *
 * @example
 * ```tsx
 * {showHint && <FirstRunHint onDismiss={dismissHint} />}
 * ```
 */
export function FirstRunHint({ onDismiss }: FirstRunHintProps) {
  return (
    <aside className="map-hint" aria-label="How to collect">
      <span className="map-hint-ring" aria-hidden="true" />
      <p className="map-hint-text">Walk within {COLLECT_REACH_METERS} m of a drop to collect it.</p>
      <button type="button" className="map-hint-dismiss" onClick={onDismiss}>
        Got it
      </button>
    </aside>
  )
}
