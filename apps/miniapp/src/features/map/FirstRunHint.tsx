import { COLLECT_REACH_METERS } from '@worldmap/game'
import { formatDistance, useLocale, useT } from '../../lib/i18n/index.js'

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
  const t = useT()
  const locale = useLocale()
  return (
    <aside className="map-hint" aria-label={t('map.hintLabel')}>
      <span className="map-hint-ring" aria-hidden="true" />
      <p className="map-hint-text">{t('map.hint', { reach: formatDistance(COLLECT_REACH_METERS, locale) })}</p>
      <button type="button" className="map-hint-dismiss" onClick={onDismiss}>
        {t('map.hintGotIt')}
      </button>
    </aside>
  )
}
