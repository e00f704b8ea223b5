import { distanceInMeters } from '../geo/distanceInMeters.js'

/** The fastest a player may move, sustained, over any run of position reports: 30 m/s (108 km/h). */
export const MAX_TRAVEL_SPEED_MPS = 30

/**
 * Distance allowed on top of speed × time, once: two fixes, each up to
 * `MAX_ACCURACY_METERS` off, can put a standing player 100 m apart. It is a
 * budget, not a per-report allowance (see {@link checkTravel}): granting it on
 * every report let chained 99 m hops cover 1,881 m in 0.3 s (issue 22).
 */
export const TRAVEL_SLACK_METERS = 100

/**
 * After this long any distance is plausible (a flight lands): a cheater
 * gains one jump per 2 hours, a traveller is never locked out for days.
 */
export const LONG_HAUL_AFTER_MS = 2 * 60 * 60 * 1000

/**
 * Where a player reported being, and when (server time, ms). `slack` is what
 * is left of the {@link TRAVEL_SLACK_METERS} budget after this report;
 * absent (a first report, or state stored before the budget existed) means
 * the whole budget.
 */
export interface PositionReport {
  lat: number
  lng: number
  at: number
  slack?: number
}

/** What {@link checkTravel} decides about one move. */
export interface TravelCheck {
  /** How long the player must still wait before the move is plausible, ms; `0`: plausible now. */
  waitMs: number
  /** The slack budget left after the move, m (what to store with the report when it is accepted). */
  slack: number
}

/**
 * The travel rule as a token bucket on distance: the bucket holds at most
 * {@link TRAVEL_SLACK_METERS} and fills at {@link MAX_TRAVEL_SPEED_MPS};
 * every move takes its length from it. In numbers: a move of `d` metres
 * `t` seconds after the last report is plausible when
 * `d ≤ slack + 30 × t`, and leaves `slack' = min(100, slack + 30 × t − d)`.
 * So a player who stands still for 3.3 s has the full 100 m again (GPS
 * jitter), but no run of reports — however many, however spaced — covers
 * more than `30 m/s × elapsed + 100 m` between any two of its reports
 * (the path, hence also the straight line). After
 * {@link LONG_HAUL_AFTER_MS} any move is plausible and the budget is full.
 * With no earlier report every move is plausible.
 *
 * @example
 * ```ts
 * checkTravel(null, { lat: 1.35, lng: 103.82, at: 0 }) // { waitMs: 0, slack: 100 }
 * checkTravel({ lat: 1.35, lng: 103.82, at: 0 }, { lat: 1.3508, lng: 103.82, at: 0 }) // { waitMs: 0, slack: ≈ 11 } (89 m)
 * checkTravel({ lat: 1.35, lng: 103.82, at: 0, slack: 0 }, { lat: 1.3509, lng: 103.82, at: 300 }) // { waitMs: 3_036, slack: 0 } (100 m)
 * ```
 */
export function checkTravel(from: PositionReport | null, to: PositionReport): TravelCheck {
  if (!from) return { waitMs: 0, slack: TRAVEL_SLACK_METERS }
  // A stored budget outside 0–100 is corrupt state: clamp it, never widen the gate.
  const budget = Math.min(TRAVEL_SLACK_METERS, Math.max(0, from.slack ?? TRAVEL_SLACK_METERS))
  const distance = distanceInMeters(from, to)
  // A report older than the last one (clock skew between instances) counts as no time passed.
  const elapsed = Math.max(0, to.at - from.at)
  if (elapsed >= LONG_HAUL_AFTER_MS) return { waitMs: 0, slack: TRAVEL_SLACK_METERS }
  const needed = Math.min(LONG_HAUL_AFTER_MS, (Math.max(0, distance - budget) / MAX_TRAVEL_SPEED_MPS) * 1000)
  const waitMs = Math.max(0, Math.ceil(needed - elapsed))
  const left = budget + (MAX_TRAVEL_SPEED_MPS * elapsed) / 1000 - distance
  return { waitMs, slack: Math.min(TRAVEL_SLACK_METERS, Math.max(0, left)) }
}

/**
 * How long a player must still wait before a move from `from` to `to` is
 * plausible, ms; `0` means it is plausible now ({@link checkTravel}'s `waitMs`).
 *
 * @example
 * ```ts
 * travelWaitMs({ lat: 1.35, lng: 103.82, at: 0 }, { lat: 48.86, lng: 2.35, at: 3_500 }) // 7_196_500 (≈ 2 h)
 * travelWaitMs({ lat: 1.35, lng: 103.82, at: 0 }, { lat: 1.3501, lng: 103.82, at: 1_000 }) // 0
 * ```
 */
export function travelWaitMs(from: PositionReport | null, to: PositionReport): number {
  return checkTravel(from, to).waitMs
}
