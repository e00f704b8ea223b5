import { distanceInMeters } from '../geo/distanceInMeters.js'

/** The fastest a player may move between two position reports: 30 m/s (108 km/h). */
export const MAX_TRAVEL_SPEED_MPS = 30

/**
 * Distance allowed on top of speed × time: two fixes, each up to
 * `MAX_ACCURACY_METERS` off, can put a standing player 100 m apart.
 */
export const TRAVEL_SLACK_METERS = 100

/**
 * After this long any distance is plausible (a flight lands): a cheater
 * gains one jump per 2 hours, a traveller is never locked out for days.
 */
export const LONG_HAUL_AFTER_MS = 2 * 60 * 60 * 1000

/** Where a player reported being, and when (server time, ms). */
export interface PositionReport {
  lat: number
  lng: number
  at: number
}

/**
 * How long a player must still wait before a move from `from` to `to` is
 * plausible, ms; `0` means it is plausible now. Moves are plausible up to
 * {@link TRAVEL_SLACK_METERS} plus {@link MAX_TRAVEL_SPEED_MPS} × elapsed
 * time, and any move is once {@link LONG_HAUL_AFTER_MS} have passed.
 * With no earlier report every move is plausible.
 *
 * @example
 * ```ts
 * travelWaitMs({ lat: 1.35, lng: 103.82, at: 0 }, { lat: 48.86, lng: 2.35, at: 3_500 }) // 7_196_500 (≈ 2 h)
 * travelWaitMs({ lat: 1.35, lng: 103.82, at: 0 }, { lat: 1.3501, lng: 103.82, at: 1_000 }) // 0
 * ```
 */
export function travelWaitMs(from: PositionReport | null, to: PositionReport): number {
  if (!from) return 0
  const distance = distanceInMeters(from, to)
  const needed = Math.min(LONG_HAUL_AFTER_MS, (Math.max(0, distance - TRAVEL_SLACK_METERS) / MAX_TRAVEL_SPEED_MPS) * 1000)
  // A report older than the last one (clock skew between instances) counts as no time passed.
  const elapsed = Math.max(0, to.at - from.at)
  return Math.max(0, Math.ceil(needed - elapsed))
}
