import type { LeaderboardEntry, LeaderboardReply } from '@worldmap/game/contract'

// Test data shared by the leaderboard's tests (not shipped: only tests import it).

/** Monday Nov 23, 2026 00:00 UTC, and the next Monday. */
export const WEEK_START = Date.UTC(2026, 10, 23)
export const WEEK_END = Date.UTC(2026, 10, 30)
/** Friday evening of that week: the board resets "in 2 days". */
export const FRIDAY = Date.UTC(2026, 10, 27, 18)

export const entry = (rank: number, username: string | null, points: number, you = false): LeaderboardEntry => ({
  rank,
  username,
  profilePictureUrl: username ? `https://example.test/${username}.png` : null,
  verified: true,
  points,
  you,
})

export const board = (overrides: Partial<LeaderboardReply> = {}): LeaderboardReply => ({
  week: 2916,
  startsAt: WEEK_START,
  endsAt: WEEK_END,
  entries: [entry(1, 'alice', 40), entry(2, 'bob', 25), entry(2, null, 25), entry(4, 'carol', 3, true)],
  you: { ranked: true, rank: 4, points: 3 },
  ...overrides,
})

/** A full top 50, the caller outside it. */
export const topFifty = (): LeaderboardEntry[] =>
  Array.from({ length: 50 }, (_, i) => entry(i + 1, `player${i + 1}`, 500 - i * 5))
