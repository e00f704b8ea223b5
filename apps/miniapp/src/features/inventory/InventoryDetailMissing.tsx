import { COLLECT_REACH_METERS, type Rarity } from '@worldmap/game'
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
  return (
    <div className="inventory-detail-missing">
      <p>
        {rarityHint(rarity)} Any kind can turn up in any rarity: walk within {COLLECT_REACH_METERS} m of a drop on the map and tap
        Collect.
      </p>
      <a href="/map" className="button button-primary">
        Open the map
      </a>
    </div>
  )
}
