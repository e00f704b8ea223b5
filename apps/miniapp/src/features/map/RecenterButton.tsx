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
  return (
    <button type="button" className="map-recenter" aria-label="Centre on my position" onClick={onRecenter}>
      ◎
    </button>
  )
}
