import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import { ClusterSheet } from './ClusterSheet.js'
import { DropSheet } from './DropSheet.js'
import type { PositionFix } from './MapDataSource.js'
import type { ClusterList } from './useClusterList.js'
import type { MapCollecting } from './useMapCollecting.js'

/** Props of {@link MapSheets}. */
export interface MapSheetsProps {
  game: MapCollecting
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
export function MapSheets({ game, clusterList, fix, inReach, haptics }: MapSheetsProps) {
  const { selected, sheet, flow } = game
  const { caught } = flow
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
      {caught && (
        <caught.Reveal
          item={caught.item}
          firstFind={caught.firstFind}
          count={caught.count}
          points={caught.points}
          progress={caught.progress}
          haptic={haptics}
          onDismiss={flow.dismissCaught}
        />
      )}
    </>
  )
}
