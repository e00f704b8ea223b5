import { distanceInMeters, type MapDrop } from '@worldmap/game'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import { compassDirectionOf } from '../../lib/geo/compassDirectionOf.js'
import type { PositionFix } from '../drops/MapDataSource.js'
import { ClusterSheet } from './ClusterSheet.js'
import { DropSheet } from './DropSheet.js'
import type { ClusterList } from './useClusterList.js'
import type { MapCollecting } from './useMapCollecting.js'

/** Props of {@link MapSheets}. */
export interface MapSheetsProps {
  game: MapCollecting
  /** The player's streak reward waiting on the map, if any: the reveal announces it. */
  waitingReward?: MapDrop | null
  clusterList: ClusterList
  fix: PositionFix | null
  inReach: ReadonlySet<string>
  haptics: (input: SendHapticFeedbackInput) => Promise<unknown>
}

/**
 * What opens over the map, at most one of each: the open drop's sheet, a
 * tapped cluster's list, and the catch reveal.
 *
 * @example
 * ```tsx
 * <MapSheets game={game} clusterList={clusterList} fix={fix} inReach={visible.inReach} haptics={haptics} />
 * ```
 */
export function MapSheets({ game, clusterList, fix, inReach, haptics, waitingReward = null }: MapSheetsProps) {
  const { selected, sheet, flow } = game
  const { revealing } = flow
  // Announced with the find that is not itself the reward, to a player with a position to measure from.
  const reward = waitingReward && fix && revealing && revealing.dropId !== waitingReward.id ? waitingReward : null
  return (
    <>
      {selected && sheet && <DropSheet drop={selected} {...sheet} onClose={game.closeSheet} />}
      {clusterList.drops && (
        <ClusterSheet
          drops={clusterList.drops}
          player={fix}
          inReach={inReach}
          onPick={clusterList.pick}
          onClose={clusterList.close}
        />
      )}
      {revealing && (
        <revealing.Reveal
          // The catch whole, as the reply's contract row types it.
          caught={revealing.caught}
          haptic={haptics}
          onDismiss={flow.dismissCaught}
          {...(reward && fix
            ? {
                streakReward: {
                  item: { kind: reward.kind, rarity: reward.rarity },
                  streakDay: reward.streakDay ?? null,
                  meters: distanceInMeters(fix, reward),
                  direction: compassDirectionOf(fix, reward),
                  onShow: () => {
                    flow.dismissCaught()
                    game.showDrop(reward.id)
                  },
                },
              }
            : {})}
        />
      )}
    </>
  )
}
