import type { LatLng } from '@worldmap/game'
import { worldPixel } from './worldPixel.js'

/**
 * How far apart a bubble's centre and a single drop's centre must be on
 * screen for the count to show, px: the bubble's radius (22) plus a gem's (12).
 */
export const BUBBLE_CLEARANCE_PX = 34

/**
 * The screen offset that moves a cluster's bubble clear of the single drop
 * nearest to it: rare and up never join a bubble and draw above it, so one
 * lying on the bubble's middle would hide its count. The bubble slides
 * straight away from that drop until {@link BUBBLE_CLEARANCE_PX} separates
 * them (straight up when they share a spot); `[0, 0]` when none is that close.
 *
 * @example
 * ```ts
 * marker.setOffset(bubbleOffset(cluster.center, singles, zoom)) // [0, -30]: a rare drop sat 4 px below its middle
 * ```
 */
export function bubbleOffset(center: LatLng, singles: readonly LatLng[], zoom: number): [number, number] {
  const at = worldPixel(center, zoom)
  let nearest: { dx: number; dy: number; distance: number } | null = null
  for (const single of singles) {
    const point = worldPixel(single, zoom)
    const dx = at.x - point.x
    const dy = at.y - point.y
    const distance = Math.hypot(dx, dy)
    if (distance < BUBBLE_CLEARANCE_PX && (!nearest || distance < nearest.distance)) nearest = { dx, dy, distance }
  }
  if (!nearest) return [0, 0]
  const push = BUBBLE_CLEARANCE_PX - nearest.distance
  // Only a drop on the very same spot has no direction to move away from. A cut-off of half a pixel here once sent
  // a bubble straight up from a drop 0.05 px below its middle, 0.05 px short of the clearance (a fast-check seed).
  if (nearest.distance < 1e-9) return [0, -BUBBLE_CLEARANCE_PX]
  return [(nearest.dx / nearest.distance) * push, (nearest.dy / nearest.distance) * push]
}
