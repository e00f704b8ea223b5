import { expect, test, vi } from 'vitest'
import { getLeaderboard } from './getLeaderboard.js'
import { LeaderboardError } from './LeaderboardError.js'
import { board, entry, topFifty } from './leaderboardFixtures.js'

test('default: asks the getLeaderboard callable with an empty body and returns its board', async () => {
  const call = vi.fn(async () => board())
  await expect(getLeaderboard(call)).resolves.toEqual(board())
  expect(call).toHaveBeenCalledWith('getLeaderboard', {})
})

test('behavior: fields the contract does not name never reach the screen', async () => {
  const reply = {
    ...board(),
    uid: '0xabc',
    entries: [{ ...entry(1, 'alice', 4, true), uid: '0xabc', walletAddress: '0xabc' }],
    you: { ranked: true, rank: 1, points: 4, uid: '0xabc' },
  }
  const result = await getLeaderboard(async () => reply)
  expect(JSON.stringify(result)).not.toContain('0xabc')
  expect(result.entries[0]).toEqual(entry(1, 'alice', 4, true))
})

test('behavior: a picture that is not a web address falls back to the icon, not an error', async () => {
  const reply = board({ entries: [{ ...entry(1, 'alice', 4), profilePictureUrl: 'javascript:alert(1)' }] })
  expect((await getLeaderboard(async () => reply)).entries[0]?.profilePictureUrl).toBeNull()
})

test('behavior: a rank outside the top 50, and no rank before any points', async () => {
  const outside = board({ entries: topFifty(), you: { ranked: true, rank: 213, points: 12 } })
  await expect(getLeaderboard(async () => outside)).resolves.toEqual(outside)
  const unscored = board({ you: { ranked: true, rank: null, points: 0 } })
  await expect(getLeaderboard(async () => unscored)).resolves.toEqual(unscored)
})

test.each([
  ['nothing', undefined],
  ['a string', 'leaderboard'],
  ['no you', { ...board(), you: undefined }],
  ['an unverified entry', board({ entries: [{ ...entry(1, 'a', 1), verified: false as true }] })],
  ['rank 0', board({ entries: [entry(0, 'a', 1)] })],
  ['negative points', board({ entries: [entry(1, 'a', -1)] })],
  ['fractional points', board({ you: { ranked: true, rank: 3, points: 1.5 } })],
  ['more than 50 entries', board({ entries: [...topFifty(), entry(51, 'late', 1)] })],
  ['a week that ends before it starts', board({ endsAt: board().startsAt })],
  ['a username that is a number', board({ entries: [{ ...entry(1, 'a', 1), username: 7 as unknown as string }] })],
])('error: a reply with %s is malformed', async (_, reply) => {
  const failure = await getLeaderboard(async () => reply).catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(LeaderboardError)
  expect(failure).toMatchObject({
    name: 'LeaderboardError',
    code: 'malformed_reply',
    message: 'The leaderboard could not be read. Try again in a moment.',
  })
})

test('error: a refused session and a failed call, in words', async () => {
  const refused = Object.assign(new Error('unauthenticated'), { code: 'functions/unauthenticated' })
  await expect(getLeaderboard(() => Promise.reject(refused))).rejects.toMatchObject({
    name: 'LeaderboardError',
    code: 'unauthenticated',
    message: 'Sign in again to see the leaderboard.',
    cause: refused,
  })
  const offline = Object.assign(new Error('internal'), { code: 'functions/internal' })
  await expect(getLeaderboard(() => Promise.reject(offline))).rejects.toMatchObject({
    code: 'unavailable',
    message: 'The leaderboard could not load. Check your connection and try again.',
    cause: offline,
  })
})
