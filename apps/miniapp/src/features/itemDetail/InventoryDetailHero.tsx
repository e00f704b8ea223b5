import type { DropKind, Rarity } from '@worldmap/game'
import { formatDate } from '../../lib/format/formatDate.js'
import { useLocale, useT } from '../../lib/i18n/index.js'
import { DropArt } from '../art/DropArt.js'
import { cardName, kindDescription, rarityName } from '../art/dropNames.js'
import { rarityStyles } from '../art/rarityStyles.js'
import type { InventoryItem } from '../finds/InventoryItem.js'

/** Props of {@link InventoryDetailHero}. */
export interface InventoryDetailHeroProps {
  kind: DropKind
  rarity: Rarity
  /** The player's finds of this kind and rarity; none = "Not found yet". */
  items: readonly InventoryItem[]
}

/** The player's first find among `items` (they are newest first, but a pending one may land out of order). */
function firstFound(items: readonly InventoryItem[]): InventoryItem | undefined {
  return items.reduce<InventoryItem | undefined>(
    (oldest, item) => (!oldest || item.collectedAt < oldest.collectedAt ? item : oldest),
    undefined,
  )
}

/**
 * The top of an item's detail: its art (a silhouette until found), rarity
 * chip, how many were found and when first — or "Not found yet" — the
 * card's own object ("Winged coin": a hint while it is missing) and the
 * kind's description.
 *
 * @example
 * ```tsx
 * <InventoryDetailHero kind="gem" rarity="rare" items={gems} />
 * ```
 */
export function InventoryDetailHero({ kind, rarity, items }: InventoryDetailHeroProps) {
  const t = useT()
  const locale = useLocale()
  const style = rarityStyles[rarity]
  const first = firstFound(items)
  return (
    <>
      <div className="inventory-detail-hero">
        <DropArt kind={kind} rarity={rarity} size={120} silhouette={items.length === 0} />
        <div className="inventory-detail-facts">
          <span className="rarity-chip" style={{ background: style.color, color: style.textColor }}>
            {rarityName(t, rarity)}
          </span>
          {first ? (
            <>
              <span className="inventory-detail-count">{t('inventory.foundCount', { count: items.length })}</span>
              <span className="inventory-detail-first">
                {t('inventory.firstFound', { date: formatDate(first.collectedAt, locale) })}
              </span>
            </>
          ) : (
            <span className="inventory-detail-count">{t('inventory.notFound')}</span>
          )}
        </div>
      </div>
      <p className="inventory-detail-card">{cardName(t, { kind, rarity })}</p>
      <p className="inventory-detail-description">{kindDescription(t, kind)}</p>
    </>
  )
}
