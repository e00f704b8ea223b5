import { COLLECT_REACH_METERS } from '@worldmap/game'
import { formatDateTime } from '../../lib/format/formatDate.js'
import { DropArt } from '../art/DropArt.js'
import { dropKindInfo } from '../art/dropKindInfo.js'
import { dropLabel } from '../art/dropLabel.js'
import { rarityStyles } from '../art/rarityStyles.js'
import type { InventoryGroup } from './groupInventory.js'

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
  if (groups.length === 0) {
    return (
      <div className="empty-state">
        <p>
          <strong>No finds yet.</strong>
        </p>
        <p>Open the map, walk within {COLLECT_REACH_METERS} m of a drop and tap Collect. What you find lands here.</p>
        <a href="/map" className="button button-primary">
          Open the map
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
              aria-label={`${dropLabel(group)}, ${group.count} collected`}
              onClick={() => onSelect(group)}
            >
              <DropArt kind={group.kind} rarity={group.rarity} size={48} className="finds-art" />
              <span className="inventory-name">{dropKindInfo[group.kind].name}</span>
              <span className="inventory-count">
                <span aria-hidden="true">×{group.count}</span>
                <span className="visually-hidden">{`${group.count} collected`}</span>
              </span>
              <span className="finds-meta">
                <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
                  {rarity.label}
                </span>
                <time className="inventory-time" dateTime={new Date(group.lastCollectedAt).toISOString()}>
                  {formatDateTime(group.lastCollectedAt)}
                </time>
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
