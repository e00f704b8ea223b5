/**
 * The map's own fixed numbers, in one place. The game's rules (the 50 m
 * reach, the accuracy limit, spawn windows) are not here: they come from
 * `@worldmap/game`, shared with the server.
 *
 * @example
 * ```tsx
 * <MapScreen dataSource={source} defaultCity={{ ...mapDefaults.city, name: 'Singapore' }} />
 * ```
 */
export const mapDefaults = {
  /** Shown when location is denied or unavailable; functions run in asia-southeast1. */
  city: { name: 'Singapore', lat: 1.3521, lng: 103.8198 },
  /** Street level: a 50 m reach is about 100 px across on a phone. */
  zoom: 16,
  /**
   * Re-subscribe to nearby drops (and ask the server to spawn around the
   * player) after moving this far: the spawn area is the player's spawn cell
   * and its neighbours, about 450 m across.
   */
  dropsRequeryMeters: 250,
  /**
   * After crossing into another watch cell, re-subscribe once this far from
   * the last centre: the 3 × 3 cells read must stay around the player, but
   * GPS jitter on a cell edge must not swap cells back and forth.
   */
  dropsCellSwitchMeters: 40,
  /** Re-centre the offline town after moving this far (its streets reach ±3 km, its blocks ±2 km). */
  gridRecenterMeters: 1_000,
  /** The "added to your inventory" notice (when the catch reveal cannot load) stays this long, ms. */
  noticeMs: 4_000,
} as const
