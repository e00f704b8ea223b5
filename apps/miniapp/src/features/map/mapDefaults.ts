/**
 * The map's fixed numbers, in one place. The collect limits mirror the
 * server's rules (`collectDrop`: 50 m reach, fixes worse than 100 m refused);
 * the UI enforces the plain 50 m, without the server's accuracy bonus, so an
 * enabled Collect is one the server will accept.
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
  collectReachMeters: 50,
  maxAccuracyMeters: 100,
  /** Re-subscribe to nearby drops after moving this far. */
  dropsRequeryMeters: 250,
  /** Re-centre the offline grid after moving this far (it spans ±11 km). */
  gridRecenterMeters: 5_000,
  /** The "added to your inventory" notice stays this long, ms. */
  noticeMs: 4_000,
} as const
