import { COLLECT_REACH_METERS } from '@worldmap/game'
import { useT } from '../../lib/i18n/index.js'

/**
 * What an empty collection book says: how to fill the first spot, with a
 * link to the map.
 *
 * @example
 * ```tsx
 * {book.found === 0 && <BookEmpty />}
 * ```
 */
export function BookEmpty() {
  const t = useT()
  return (
    <div className="empty-state book-empty">
      <p>
        <strong>{t('inventory.bookEmptyTitle')}</strong>
      </p>
      <p>{t('inventory.bookEmptyBody', { reach: COLLECT_REACH_METERS })}</p>
      <a href="/map" className="button button-primary">
        {t('common.openMap')}
      </a>
    </div>
  )
}
