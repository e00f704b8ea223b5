import { describe, expect, it, vi } from 'vitest'
import { board } from './leaderboardFixtures.js'

const emptyBoard = board({ entries: [] })

import { leaderboardLoaderFor } from './leaderboardLoaderFor.js'

const user = { uid: '0xabc', username: 'ana', profilePictureUrl: null }

describe('leaderboardLoaderFor', () => {
  it('publishes the card once, then only fetches the board', async () => {
    const store = { read: vi.fn(async () => 'pub_1'), update: vi.fn(async () => {}) }
    const fetchBoard = vi.fn(async () => emptyBoard)
    const load = leaderboardLoaderFor(user, fetchBoard, store)
    await expect(load()).resolves.toBe(emptyBoard)
    await load()
    expect(store.update).toHaveBeenCalledTimes(1)
    expect(fetchBoard).toHaveBeenCalledTimes(2)
  })

  it('still loads the board when the card cannot be written, and tries the card again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const store = { read: vi.fn(async () => 'pub_1'), update: vi.fn().mockRejectedValueOnce(new Error('offline')) }
    const load = leaderboardLoaderFor(user, async () => emptyBoard, store)
    await expect(load()).resolves.toBe(emptyBoard)
    await load()
    expect(store.update).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('tries the card again on the next fetch while the player has not verified (no public id yet)', async () => {
    // Unverified on the first fetch; verified (the server set a public id) before the second.
    const read = vi.fn<() => Promise<unknown>>().mockResolvedValueOnce(null).mockResolvedValue('pub_1')
    const store = { read, update: vi.fn(async () => {}) }
    const load = leaderboardLoaderFor(user, async () => emptyBoard, store)
    await load()
    expect(store.update).not.toHaveBeenCalled()
    await load()
    await load()
    expect(store.update).toHaveBeenCalledTimes(1)
    expect(store.update).toHaveBeenCalledWith('publicProfiles/pub_1', { username: 'ana' })
  })

  it('gives the same player the same loader on every mount', () => {
    expect(leaderboardLoaderFor(user)).toBe(leaderboardLoaderFor(user))
    expect(leaderboardLoaderFor({ ...user, username: 'bo' })).not.toBe(leaderboardLoaderFor(user))
  })
})
