import { COLLECT_REACH_METERS, type Rarity } from '@worldmap/game'
import { useT } from '../../lib/i18n/index.js'
import { rarityHint } from './rarityHint.js'

/** Props of {@link InventoryDetailMissing}. */
export interface InventoryDetailMissingProps {
  rarity: Rarity
}

/**
 * The detail of an item not found yet: how rare it is, how to find one, and
 * a link to the map.
 *
 * @example
 * ```tsx
 * <InventoryDetailMissing rarity="legendary" />
 * ```
 */
export function InventoryDetailMissing({ rarity }: InventoryDetailMissingProps) {
  const t = useT()
  return (
    <div className="inventory-detail-missing">
      <p>{`${rarityHint(t, rarity)} ${t('inventory.missingHow', { reach: COLLECT_REACH_METERS })}`}</p>
      <a href="/map" className="button button-primary">
        {t('common.openMap')}
      </a>
    </div>
  )
}
