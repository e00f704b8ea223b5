import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDatabaseRouter, instanceListMiniSchema, LEADERBOARD_COUNTER_SHARDS } from './databaseRouter.js'
import { instanceListSchema } from './regionTableSchema.js'

const MAIN = 'https://wm-main.asia-southeast1.firebasedatabase.app'
const player = (n: number) => `https://wm-p${n}.asia-southeast1.firebasedatabase.app`
const board = (n: number) => `https://wm-lb${n}.asia-southeast1.firebasedatabase.app`
const SEA = 'https://wm-sea-1.asia-southeast1.firebasedatabase.app'

const hexUid = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)
/** Wallet-like uids, deterministic: what the spread is measured on. */
const uids = Array.from({ length: 4_000 }, (_, index) => `0x${(index * 2_654_435_761).toString(16).padStart(40, '0')}`)

describe('createDatabaseRouter', () => {
  it('with an empty table, main holds everything', () => {
    const router = createDatabaseRouter(MAIN)
    expect(router.instanceOfPlayer('0xabc')).toBe(MAIN)
    expect(router.instanceOfCounterShard(5)).toBe(MAIN)
    expect(router.leaderboardHome).toBe(MAIN)
    expect(router.instanceOfCell('w21z73')).toBe(MAIN)
    expect(router.all).toEqual([MAIN])
  })

  it('keeps regions, players and the leaderboard apart, main first in `all`', () => {
    const router = createDatabaseRouter(MAIN, {
      regions: { w21: SEA },
      players: [player(1), player(2)],
      leaderboards: [board(1), board(2)],
    })
    expect(router.instanceOfCell('w21z73')).toBe(SEA)
    expect(router.playerInstances).toEqual([player(1), player(2)])
    expect([player(1), player(2)]).toContain(router.instanceOfPlayer(uids[0] as string))
    expect(router.instanceOfCounterShard(0)).toBe(board(1))
    expect(router.instanceOfCounterShard(1)).toBe(board(2))
    expect(router.instanceOfCounterShard(7)).toBe(board(2))
    expect(router.leaderboardHome).toBe(board(1))
    expect(router.all).toEqual([MAIN, SEA, player(1), player(2), board(1), board(2)])
  })

  it('sends a player to the same instance every time, whatever order the list is in (property)', () => {
    fc.assert(
      fc.property(hexUid, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 1_000 }), (uid, count, seed) => {
        const listed = Array.from({ length: count }, (_, index) => player(index))
        const shuffled = [...listed].sort((a, b) => ((a.length * seed) % 7) - ((b.length * seed) % 7) || b.localeCompare(a))
        const home = createDatabaseRouter(MAIN, { players: listed }).instanceOfPlayer(uid)
        expect(createDatabaseRouter(MAIN, { players: shuffled }).instanceOfPlayer(uid)).toBe(home)
        expect(listed).toContain(home)
      }),
    )
  })

  it('spreads players evenly: each of 4 instances within 10 % of a quarter', () => {
    const router = createDatabaseRouter(MAIN, { players: [1, 2, 3, 4].map(player) })
    const counts = new Map<string, number>()
    for (const uid of uids) counts.set(router.instanceOfPlayer(uid), (counts.get(router.instanceOfPlayer(uid)) ?? 0) + 1)
    for (const count of counts.values()) expect(Math.abs(count - uids.length / 4)).toBeLessThan(uids.length / 40)
  })

  it('adding an instance moves only the players it takes: about 1/(n + 1), none between the old ones', () => {
    const before = createDatabaseRouter(MAIN, { players: [1, 2, 3].map(player) })
    const after = createDatabaseRouter(MAIN, { players: [1, 2, 3, 4].map(player) })
    const moved = uids.filter((uid) => before.instanceOfPlayer(uid) !== after.instanceOfPlayer(uid))
    for (const uid of moved) expect(after.instanceOfPlayer(uid)).toBe(player(4))
    expect(Math.abs(moved.length - uids.length / 4)).toBeLessThan(uids.length / 40)
  })

  it('routes every counter shard to a leaderboard instance, each instance taking its share', () => {
    const router = createDatabaseRouter(MAIN, { leaderboards: [board(1), board(2), board(3)] })
    const homes = Array.from({ length: LEADERBOARD_COUNTER_SHARDS }, (_, shard) => router.instanceOfCounterShard(shard))
    expect(new Set(homes)).toEqual(new Set([board(1), board(2), board(3)]))
  })
})

describe('instanceListMiniSchema', () => {
  it('reads a comma-separated list, blanks ignored', () => {
    expect(instanceListMiniSchema.parse(` ${player(1)}, ,${player(2)} `)).toEqual([player(1), player(2)])
    expect(instanceListMiniSchema.parse('')).toEqual([])
    expect(instanceListSchema.parse('http://127.0.0.1:9178/?ns=demo-worldmap-p1')).toEqual([
      'http://127.0.0.1:9178/?ns=demo-worldmap-p1',
    ])
  })

  it.each([
    ['plain http to a remote host', 'http://wm-p1.example.com'],
    ['credentials', 'https://user:pw@wm-p1.firebasedatabase.app'],
    ['not a URL', 'wm-p1'],
    ['an instance twice', `${player(1)},${player(1)}`],
    ['more than 32 instances', Array.from({ length: 33 }, (_, index) => player(index)).join(',')],
  ])('refuses %s, in both schemas', (_, value) => {
    expect(instanceListMiniSchema.safeParse(value).success).toBe(false)
    expect(instanceListSchema.safeParse(value).success).toBe(false)
  })
})
