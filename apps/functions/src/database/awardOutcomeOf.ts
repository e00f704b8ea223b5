import { type Progress, RARITY_POINTS, weekOf } from '@worldmap/game'
import type { Claim } from './claimSchema.js'
import { isRanked, type ProfileRecord } from './profileRecord.js'

/** What counting a find did for its collector, as the collect reply tells it. */
export interface AwardOutcome {
  /** This find is the first of its kind × rarity in the player's collection. */
  firstFind: boolean
  /** How many of this kind × rarity the player has now. */
  count: number
  /** Points it put on the weekly board (0 when the player is not ranked). */
  points: number
  /** The stored daily progress after it. */
  progress: Progress | null
}

/**
 * The outcome of a counted find, read back from the collector's profile: the
 * same answer for the call that counted it and for any repeat of it.
 * `awarded` is what the counting transaction itself gave, when known.
 *
 * @example
 * ```ts
 * const outcome = awardOutcomeOf(profileRecordOf(stored), claim)
 * ```
 */
export function awardOutcomeOf(profile: ProfileRecord, claim: Claim, awarded?: number): AwardOutcome {
  const { kind, rarity } = claim.item
  const entry = profile.collection[kind]?.[rarity]
  const rankedThisWeek = isRanked(profile) && profile.week?.week === weekOf(claim.at).index
  return {
    firstFind: entry !== undefined && entry.firstAt === claim.at,
    count: entry?.count ?? 0,
    points: awarded ?? (rankedThisWeek ? RARITY_POINTS[rarity] : 0),
    progress: profile.progress,
  }
}
