import { type MapDrop, parseStreakDropId } from '@worldmap/game'
import { formatDistance, useLocale, useT } from '../../lib/i18n/index.js'
import { dropWords } from '../drops/dropWords.js'
import { rarityColors } from '../drops/rarityColors.js'
import { StreakFlame } from '../mapView/StreakFlame.js'
import { DropSheetAction } from './DropSheetAction.js'
import { MapSheet } from './MapSheet.js'

/** Props of {@link DropSheet}. */
export interface DropSheetProps {
  drop: MapDrop
  /** Metres from the player, or `null` without a fix. */
  distance: number | null
  /** Collect is allowed now (in reach, with a usable fix). */
  canCollect: boolean
  /** A collect request is in flight. */
  busy: boolean
  /** Why the last collect failed (or why it is slow), shown as an alert. */
  error: string | null
  /** The last collect failed or is slow: the button says "Try again" (safe: collecting is idempotent). */
  retry?: boolean
  /** The collect is saved and waits for the connection: the button says so instead of offering anything. */
  waiting?: boolean
  /** Why Collect is disabled, when it is. */
  hint: string | null
  /**
   * The player is not a verified human, so the server would refuse: the
   * sheet links to home's verify card instead of offering Collect, which
   * verifies in place and leads back to this drop.
   */
  verifyFirst?: boolean
  /** Present only with the World App simulator: walk the simulated device to this drop. */
  onWalkHere?: (() => void) | undefined
  onCollect: () => void
  onClose: () => void
}

/**
 * The bottom sheet for one drop: name, rarity, distance and Collect — or,
 * for a player who is not verified yet, a link to verify first. With the
 * simulator in the page, a secondary "Walk here (simulator)" button too.
 * A `MapSheet`: takes focus when it opens, Escape closes it.
 *
 * @example
 * ```tsx
 * <DropSheet drop={drop} distance={42} canCollect busy={false} error={null} hint={null}
 *   onCollect={collect} onClose={close} />
 * ```
 */
export function DropSheet(props: DropSheetProps) {
  const { drop, distance, error, retry = false, waiting = false, verifyFirst = false, onWalkHere, onClose } = props
  const rarity = rarityColors[drop.rarity]
  const t = useT()
  const locale = useLocale()
  return (
    <MapSheet className="drop-sheet" title={t(dropWords.kind(drop.kind))} focusKey={drop.id} onClose={onClose}>
      {parseStreakDropId(drop.id) && (
        <p className="map-streak-badge">
          <StreakFlame /> {t('map.streakReward')}
        </p>
      )}
      <p className="drop-sheet-facts">
        <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
          {t(dropWords.rarity(drop.rarity))}
        </span>
        <span className="drop-sheet-distance">
          {distance === null ? t('map.distanceUnknown') : t('map.away', { distance: formatDistance(distance, locale) })}
        </span>
      </p>
      {error && (
        <p className="drop-sheet-error" role="alert">
          {error}
        </p>
      )}
      <DropSheetAction {...props} retry={retry} waiting={waiting} verifyFirst={verifyFirst} />
      {onWalkHere && (
        <button type="button" className="drop-sheet-walk" onClick={onWalkHere}>
          {t('map.walkHere')}
        </button>
      )}
    </MapSheet>
  )
}
