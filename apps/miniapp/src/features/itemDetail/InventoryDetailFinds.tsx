import type { RefObject } from 'react'
import { formatDateTime } from '../../lib/format/formatDate.js'
import { useLocale, useT } from '../../lib/i18n/index.js'
import type { InventoryItem } from '../finds/InventoryItem.js'
import type { ShareState } from '../share/useShareFind.js'
import { describeLocation } from './describeLocation.js'

/** Props of {@link InventoryDetailFinds}. */
export interface InventoryDetailFindsProps {
  /** The player's finds of this kind and rarity, newest first (at least one). */
  items: readonly InventoryItem[]
  /** How many of the newest are listed; older ones are summed up in a line. */
  shown: number
  /** Where sharing is: its outcome is said above Share, which waits while the card is made. */
  share: ShareState
  shareButtonRef: RefObject<HTMLButtonElement | null>
  onShare: () => void
}

/**
 * The finds of a found item: when and roughly where each was found (a
 * place, never coordinates; the newest `shown`), how the
 * last share ended, and **Share**.
 *
 * @example
 * ```tsx
 * <InventoryDetailFinds items={gems} shown={10} share={sharing.state} shareButtonRef={ref} onShare={() => void sharing.openPreview()} />
 * ```
 */
export function InventoryDetailFinds({ items, shown, share, shareButtonRef, onShare }: InventoryDetailFindsProps) {
  const t = useT()
  const locale = useLocale()
  return (
    <>
      <ul className="inventory-finds" aria-label={t('inventory.tabFinds')}>
        {items.slice(0, shown).map((item) => (
          <li key={item.id}>
            <time dateTime={new Date(item.collectedAt).toISOString()}>{formatDateTime(item.collectedAt, locale)}</time>
            <span className="inventory-find-place">{describeLocation(t, locale, item)}</span>
          </li>
        ))}
      </ul>
      {items.length > shown && (
        <p className="inventory-detail-more">{t('inventory.moreFinds', { shown, count: items.length })}</p>
      )}
      {share.status === 'shared' && (
        <p className="inventory-share-result" role="status">
          {t('inventory.shared')}
        </p>
      )}
      {share.status === 'cancelled' && (
        <p className="inventory-share-result" role="status">
          {t('inventory.shareCancelled')}
        </p>
      )}
      {share.status === 'failed' && (
        <p className="inventory-share-error" role="alert">
          {share.message}
        </p>
      )}
      <button
        ref={shareButtonRef}
        type="button"
        className="button button-primary"
        disabled={share.status === 'preparing'}
        aria-busy={share.status === 'preparing'}
        onClick={onShare}
      >
        {t('inventory.share')}
      </button>
    </>
  )
}
