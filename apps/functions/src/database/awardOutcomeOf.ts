import { type Progress, RARITY_POINTS, weekOf } from '@worldmap/game'
import type { CollectDropSent } from '@worldmap/game/contract'
import type { Claim } from './claimSchema.js'
import { isRanked, type ProfileRecord } from './profileRecord.js'

/**
 * What counting a find did for its collector: the collect reply's `firstFind`, `count` and `points`, typed by
 * its contract row, and the stored daily progress after it (the reply sends its view, made from this).
 */
export type AwardOutcome = Pick<CollectDropSent, 'firstFind' | 'count' | 'points'> & { progress: Progress | null }

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
