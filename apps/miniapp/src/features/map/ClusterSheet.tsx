import type { MapDrop } from '@worldmap/game'
import { formatDistance, useLocale, useT } from '../../lib/i18n/index.js'
import { DropArt } from '../art/DropArt.js'
import { dropWords } from '../drops/dropWords.js'
import type { PositionFix } from '../drops/MapDataSource.js'
import { byDistance } from '../drops/nearestDrop.js'
import { rarityColors } from '../drops/rarityColors.js'
import { MapSheet } from './MapSheet.js'

/** Props of {@link ClusterSheet}. */
export interface ClusterSheetProps {
  /** The cluster's drops (still on the map). */
  drops: readonly MapDrop[]
  /** The player's fix: distances and the sort; without one the list is in a stable order, without distances. */
  player: PositionFix | null
  /** Ids of the drops within the collect ring. */
  inReach: ReadonlySet<string>
  /** A row was tapped: select that drop, as a tap on its marker would. */
  onPick: (dropId: string) => void
  onClose: () => void
}

/**
 * The bottom sheet a tapped cluster opens: its drops nearest first, each a
 * 44 px+ row with the drop's art, name, rarity, distance and whether it is
 * in reach; a tap on a row selects that drop. A dialog that takes focus
 * when it opens and gives it back when it closes; Escape closes it.
 *
 * @example
 * ```tsx
 * <ClusterSheet drops={members} player={fix} inReach={inReach} onPick={selectDrop} onClose={close} />
 * ```
 */
export function ClusterSheet({ drops, player, inReach, onPick, onClose }: ClusterSheetProps) {
  const rows = byDistance(drops, player)
  const t = useT()
  const locale = useLocale()
  return (
    <MapSheet className="cluster-sheet" title={t('map.clusterTitle', { count: drops.length })} focusKey="list" onClose={onClose}>
      <ul className="cluster-list">
        {rows.map(({ drop, distance }) => {
          const rarity = rarityColors[drop.rarity]
          const reachable = inReach.has(drop.id)
          return (
            <li key={drop.id}>
              <button type="button" className="cluster-row" data-drop-id={drop.id} onClick={() => onPick(drop.id)}>
                <DropArt kind={drop.kind} rarity={drop.rarity} size={48} className="cluster-row-art" />
                <span className="cluster-row-text">
                  <span className="cluster-row-name">{t(dropWords.kind(drop.kind))}</span>
                  <span className="cluster-row-facts">
                    <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
                      {t(dropWords.rarity(drop.rarity))}
                    </span>
                    {distance !== null && <span>{t('map.away', { distance: formatDistance(distance, locale) })}</span>}
                  </span>
                </span>
                {reachable && <span className="cluster-row-reach">{t('map.inReach')}</span>}
              </button>
            </li>
          )
        })}
      </ul>
    </MapSheet>
  )
}
