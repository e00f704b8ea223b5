import type { LeaderboardReply } from '@worldmap/game/contract'
import type { VerificationLevel } from '@worldmap/minikit'

/**
 * Where the player stands on the weekly board, in plain states:
 * - `ranked`: on the board (points this week, a rank);
 * - `no_points_yet`: Orb-verified, so eligible, with no points this week yet;
 * - `orb_needed`: verified with a device, which the board does not rank;
 * - `unverified`: not verified at all;
 * - `unknown`: the verification level is still loading — say nothing rather than the wrong thing.
 */
export type Standing = 'ranked' | 'no_points_yet' | 'orb_needed' | 'unverified' | 'unknown'

/**
 * The player's {@link Standing}, each part from its own field: being on the
 * board from the board's reply (`you.ranked`: points this week), being
 * verified from the player's verification level. "Ranked" was once read as
 * "verified", so a just-verified Orb player with no points was told to
 * verify.
 *
 * @example
 * ```ts
 * standingOf('orb', { ranked: false, rank: null, points: 0 }) // 'no_points_yet'
 * ```
 */
export function standingOf(verifiedLevel: VerificationLevel | null | undefined, you: LeaderboardReply['you']): Standing {
  if (you.ranked) return 'ranked'
  if (verifiedLevel === undefined) return 'unknown'
  if (verifiedLevel === 'orb') return 'no_points_yet'
  if (verifiedLevel === 'device') return 'orb_needed'
  return 'unverified'
}
