import { COLLECT_REACH_METERS } from '@worldmap/game'
import { formatDateTime } from '../../lib/format/formatDate.js'
import { useLocale, useT } from '../../lib/i18n/index.js'
import { DropArt } from '../art/DropArt.js'
import { dropName, kindName, rarityName } from '../art/dropNames.js'
import { rarityStyles } from '../art/rarityStyles.js'
import type { InventoryGroup } from '../finds/groupInventory.js'

/** Props of {@link FindsList}. */
export interface FindsListProps {
  /** Inventory lines, newest first. */
  groups: readonly InventoryGroup[]
  onSelect: (group: InventoryGroup) => void
}

/**
 * Every find, one line per kind and rarity, newest first: art, name,
 * rarity, count and when the latest was found. Empty, it says how to find
 * items.
 *
 * @example
 * ```tsx
 * <FindsList groups={inventory.groups} onSelect={(group) => open(group)} />
 * ```
 */
export function FindsList({ groups, onSelect }: FindsListProps) {
  const t = useT()
  const locale = useLocale()
  if (groups.length === 0) {
    return (
      <div className="empty-state">
        <p>
          <strong>{t('inventory.findsEmptyTitle')}</strong>
        </p>
        <p>{t('inventory.findsEmptyBody', { reach: COLLECT_REACH_METERS })}</p>
        <a href="/map" className="button button-primary">
          {t('common.openMap')}
        </a>
      </div>
    )
  }
  return (
    <ul className="inventory-list">
      {groups.map((group) => {
        const rarity = rarityStyles[group.rarity]
        return (
          <li key={`${group.kind}:${group.rarity}`}>
            <button
              type="button"
              className="inventory-item finds-item"
              aria-label={t('inventory.findsItem', { name: dropName(t, group), count: group.count })}
              onClick={() => onSelect(group)}
            >
              <DropArt kind={group.kind} rarity={group.rarity} size={48} className="finds-art" />
              <span className="inventory-name">{kindName(t, group.kind)}</span>
              <span className="inventory-count">
                <span aria-hidden="true">×{group.count}</span>
                <span className="visually-hidden">{t('inventory.collected', { count: group.count })}</span>
              </span>
              <span className="finds-meta">
                <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
                  {rarityName(t, group.rarity)}
                </span>
                <time className="inventory-time" dateTime={new Date(group.lastCollectedAt).toISOString()}>
                  {formatDateTime(group.lastCollectedAt, locale)}
                </time>
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
