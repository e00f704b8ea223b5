/** A point on screen, px from the map's top-left corner. */
export interface ScreenPoint {
  x: number
  y: number
}

/** The part of the map the player can see clear of what floats over it: a rectangle, px. */
export interface ScreenFrame {
  left: number
  top: number
  right: number
  bottom: number
}

/** Where the edge arrow goes, and which way it points. */
export interface EdgeArrowPlacement extends ScreenPoint {
  /** Degrees clockwise from straight up on screen: 0 up, 90 right, 180 down, 270 left. */
  angle: number
}

/**
 * Where the arrow to an off-screen drop sits: on the edge of `frame`, where
 * the line from the frame's centre to the drop's screen point `target`
 * crosses it, pointing along that line; `null` while the drop is inside
 * the frame (on screen, no arrow). On an unrotated map the screen direction
 * is the drop's compass bearing from the centre (Web Mercator keeps
 * angles), and on a rotated one it is still where the drop lies on screen,
 * which is what the player follows.
 *
 * @example
 * ```ts
 * placeEdgeArrow({ x: 195, y: -300 }, { left: 28, top: 28, right: 362, bottom: 700 })
 * // { x: 195, y: 28, angle: 0 }: top edge, pointing up
 * ```
 */
export function placeEdgeArrow(target: ScreenPoint, frame: ScreenFrame): EdgeArrowPlacement | null {
  const { left, top, right, bottom } = frame
  if (target.x >= left && target.x <= right && target.y >= top && target.y <= bottom) return null
  const cx = (left + right) / 2
  const cy = (top + bottom) / 2
  const dx = target.x - cx
  const dy = target.y - cy
  // How far along centre → target each edge is; the nearest edge the line meets is the one it leaves by.
  const alongX = dx === 0 ? Number.POSITIVE_INFINITY : ((dx > 0 ? right : left) - cx) / dx
  const alongY = dy === 0 ? Number.POSITIVE_INFINITY : ((dy > 0 ? bottom : top) - cy) / dy
  const along = Math.min(alongX, alongY)
  const x = alongX <= alongY ? (dx > 0 ? right : left) : cx + dx * along
  const y = alongY < alongX ? (dy > 0 ? bottom : top) : cy + dy * along
  const angle = ((Math.atan2(dx, -dy) * 180) / Math.PI + 360) % 360
  return { x, y, angle }
}
