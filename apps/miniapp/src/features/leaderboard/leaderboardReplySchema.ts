import * as z from 'zod/mini'

// Week index and instants: whole, non-negative numbers (ms since the epoch).
const instant = z.int().check(z.nonnegative())

/** One row of the weekly board as the `getLeaderboard` callable sends it (a wire type). */
const leaderboardEntrySchema = z.object({
  /** 1-based; tied players share a rank. */
  rank: z.int().check(z.positive()),
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
 * The `getLeaderboard` callable's reply (issue 12 contract): the current
 * week (Monday 00:00 UTC to the next Monday), its top 50 and the caller's own
 * standing. Built once; unknown fields are stripped, so nothing the server
 * adds by mistake (a uid, an address) reaches the screen.
 *
 * @example
 * ```ts
 * const reply = leaderboardReplySchema.safeParse(data)
 * ```
 */
export const leaderboardReplySchema = z
  .object({
    week: z.int().check(z.nonnegative()),
    startsAt: instant,
    endsAt: instant,
    entries: z.array(leaderboardEntrySchema).check(z.maxLength(50)),
    you: z.object({
      /** On the board at all (a verified human); `false` for everyone else. */
      ranked: z.boolean(),
      /** The caller's rank, even outside the top 50; `null` before their first points. */
      rank: z.nullable(z.int().check(z.positive())),
      points: z.int().check(z.nonnegative()),
    }),
  })
  .check(z.refine((reply) => reply.endsAt > reply.startsAt, 'a week ends after it starts'))

/** A validated `getLeaderboard` reply. */
export type LeaderboardReply = z.infer<typeof leaderboardReplySchema>

/** One validated row of {@link LeaderboardReply}. */
export type LeaderboardEntry = LeaderboardReply['entries'][number]
