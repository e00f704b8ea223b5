import { useT } from '../../lib/i18n/index.js'
/** Props of {@link RecenterButton}. */
export interface RecenterButtonProps {
  onRecenter: () => void
}

/**
 * The round ◎ button over the map that flies the camera back to the player.
 *
 * @example
 * ```tsx
 * {fix && <RecenterButton onRecenter={() => setRecenterRequest((n) => n + 1)} />}
 * ```
 */
export function RecenterButton({ onRecenter }: RecenterButtonProps) {
  const t = useT()
  return (
    <button type="button" className="map-recenter" aria-label={t('map.recenter')} onClick={onRecenter}>
      ◎
    </button>
  )
}
