import { BackIcon } from '../../components/icons/BackIcon.js'
import { MapPinIcon } from '../../components/icons/MapPinIcon.js'
import { useT } from '../../lib/i18n/index.js'
import type { BarLayout } from './getBarLayout.js'

/**
 * The signed-in bottom bar: a round back button to / on /map, a map-pin
 * button to /map elsewhere, nothing when hidden (spec §2).
 *
 * @example
 * ```tsx
 * <BottomBar variant={getBarLayout(pathname).bottomBar} />
 * ```
 */
export function BottomBar({ variant }: { variant: BarLayout['bottomBar'] }) {
  const t = useT()
  if (variant === 'hidden') return null
  return (
    <nav className="bottom-bar" aria-label={t('layout.mainNav')}>
      {variant === 'back' ? (
        <a href="/" className="round-button" aria-label={t('layout.back')}>
          <BackIcon />
        </a>
      ) : (
        <a href="/map" className="round-button round-button-primary" aria-label={t('layout.map')}>
          <MapPinIcon />
        </a>
      )}
    </nav>
  )
}
