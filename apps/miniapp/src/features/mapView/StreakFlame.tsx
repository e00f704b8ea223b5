/**
 * The streak reward's flame, drawn (not an emoji: a phone or browser without
 * an emoji font would show a blank box): an orange flame in a 20 × 20 box,
 * outlined so it reads on the map and on a sheet alike.
 */
export const STREAK_FLAME_PATH =
  'M10 1.5c1.2 3.4 5.2 5.3 5.2 10a5.2 5.2 0 0 1-10.4 0c0-2.5 1.3-4 2.6-5.2.2 1.7 1 2.7 2.1 3.1.3-3.3-.7-5.6.5-7.9Z'

/**
 * The flame as an SVG element for a DOM marker (markers are built outside React).
 *
 * @example
 * ```ts
 * button.append(createStreakFlame(document))
 * ```
 */
export function createStreakFlame(document: Document): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  svg.setAttribute('viewBox', '0 0 20 20')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('class', 'map-streak-flame map-drop-flame')
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path')
  path.setAttribute('d', STREAK_FLAME_PATH)
  svg.append(path)
  return svg
}

/**
 * The flame beside words that name the reward (its sheet, the edge arrow): decorative.
 *
 * @example
 * ```tsx
 * <StreakFlame /> {t('map.streakReward')}
 * ```
 */
export function StreakFlame() {
  return (
    <svg className="map-streak-flame" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={STREAK_FLAME_PATH} />
    </svg>
  )
}
