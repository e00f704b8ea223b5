import * as z from 'zod/mini'
import type { CallableContract, RefusalOf } from './callableContract.js'

// Week index and instants: whole, non-negative numbers (ms since the epoch).
const instant = z.int().check(z.nonnegative())

/** One row of the weekly board (never a uid, wallet address or public id). */
const leaderboardEntrySchema = z.object({
  /** 1-based; tied players share a rank. */
  rank: z.int().check(z.positive()),
  /** World's username or the generated name (`publicCardOf`). */
  username: z.nullable(z.string()),
  // A picture that is not a web address is dropped, not the whole board: the
  // avatar falls back to the person icon.
  profilePictureUrl: z.catch(z.nullable(z.httpUrl()), null),
  /** Only World ID Orb-verified players are on the board. */
  verified: z.literal(true),
  points: z.int().check(z.nonnegative()),
  /** This row is the caller. */
  you: z.boolean(),
})

/**
 * `getLeaderboard({})`: this week's board of verified humans (Monday 00:00
 * UTC to the next Monday), its top 50 and the caller's own standing. The
 * request takes no parameters. Unknown reply fields are stripped, so nothing
 * the server adds by mistake (a uid, an address) reaches the screen.
 * The app words each refusal (`LeaderboardError`).
 *
 * @example
 * ```ts
 * const reply = getLeaderboardContract.reply.safeParse(data)
 * ```
 */
export const getLeaderboardContract = {
  name: 'getLeaderboard',
  // No parameters: the week is the server's current one, and the caller is the signed-in user.
  request: z.union([z.strictObject({}), z.null(), z.undefined()]),
  reply: z
    .object({
      /** `weekOf(now).index`. */
      week: z.int().check(z.nonnegative()),
      /** Monday 00:00 UTC, ms. */
      startsAt: instant,
      /** The next Monday 00:00 UTC, ms. */
      endsAt: instant,
      /** The top 50, best first. */
      entries: z.array(leaderboardEntrySchema).check(z.maxLength(50)),
      you: z.object({
        /** On the board at all (a verified human with points this week); `false` for everyone else. */
        ranked: z.boolean(),
        /** The caller's rank, even outside the top 50; `null` before their first points. */
        rank: z.nullable(z.int().check(z.positive())),
        points: z.int().check(z.nonnegative()),
      }),
    })
    .check(z.refine((reply) => reply.endsAt > reply.startsAt, 'a week ends after it starts')),
  refusals: ['unauthenticated', 'invalid_request'],
} as const satisfies CallableContract

/** A `getLeaderboard` reply. */
export type LeaderboardReply = z.infer<typeof getLeaderboardContract.reply>
/** One row of {@link LeaderboardReply}. */
export type LeaderboardEntry = LeaderboardReply['entries'][number]
/** The refusal codes `getLeaderboard` can send. */
export type GetLeaderboardRefusal = RefusalOf<typeof getLeaderboardContract>
