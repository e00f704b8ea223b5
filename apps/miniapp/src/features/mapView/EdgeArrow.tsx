import { type MapDrop, parseStreakDropId } from '@worldmap/game'
import type { CSSProperties } from 'react'
import { formatDistance, useLocale, useT } from '../../lib/i18n/index.js'
import { dropWords } from '../drops/dropWords.js'
import { rarityColors } from '../drops/rarityColors.js'
import type { EdgeArrowPlacement } from './edgeArrow.js'
import { StreakFlame } from './StreakFlame.js'

/** Props of {@link EdgeArrow}. */
export interface EdgeArrowProps {
  placement: EdgeArrowPlacement
  /** The nearest drop, off screen. */
  drop: MapDrop
  /** Metres from the player. */
  distance: number
  /** Bring the drop into view and open it. */
  onShow: () => void
}

/**
 * The pill on the map's edge that points to the nearest drop while it is
 * off screen: an arrow turned towards it (in the drop's rarity colour) and
 * how far it is; a tap brings it into view and opens it.
 *
 * @example
 * ```tsx
 * {placement && <EdgeArrow placement={placement} drop={nearest.drop} distance={nearest.distance} onShow={show} />}
 * ```
 */
export function EdgeArrow({ placement, drop, distance, onShow }: EdgeArrowProps) {
  const rarity = rarityColors[drop.rarity]
  const t = useT()
  const away = formatDistance(distance, useLocale())
  const streak = parseStreakDropId(drop.id) !== null
  const words = { name: t(dropWords.label(drop)), distance: away }
  return (
    <button
      type="button"
      className="map-edge-arrow"
      data-drop-id={drop.id}
      style={{ left: placement.x, top: placement.y, '--drop-color': rarity.color } as CSSProperties}
      data-streak={streak || undefined}
      aria-label={streak ? t('map.arrowStreakLabel', words) : t('map.arrowLabel', words)}
      onClick={onShow}
    >
      <svg
        className="map-edge-arrow-icon"
        viewBox="0 0 20 20"
        style={{ transform: `rotate(${placement.angle}deg)` }}
        aria-hidden="true"
        focusable="false"
      >
        <path d="M10 1.5 17.5 18 10 13.5 2.5 18Z" />
      </svg>
      {streak && <StreakFlame />}
      <span className="map-edge-arrow-distance">{away}</span>
    </button>
  )
}
