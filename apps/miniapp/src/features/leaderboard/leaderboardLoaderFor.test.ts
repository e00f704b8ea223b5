import { describe, expect, it, vi } from 'vitest'
import { board } from './leaderboardFixtures.js'
import { leaderboardLoaderFor } from './leaderboardLoaderFor.js'

const emptyBoard = board({ entries: [] })
const user = { uid: '0xabc' }

describe('leaderboardLoaderFor', () => {
  it('only fetches the board: the card is the server’s to write', async () => {
    const fetchBoard = vi.fn(async () => emptyBoard)
    const load = leaderboardLoaderFor(user, fetchBoard)
    await expect(load()).resolves.toBe(emptyBoard)
    expect(fetchBoard).toHaveBeenCalledOnce()
  })

  it('gives the same player the same loader on every mount', () => {
    expect(leaderboardLoaderFor(user)).toBe(leaderboardLoaderFor(user))
    expect(leaderboardLoaderFor({ uid: '0xdef' })).not.toBe(leaderboardLoaderFor(user))
  })
})
