// The move records a switch leaves behind, removed once it is over (issue 35,
// point 3): real moves by movePlayer on database stand-ins, then the clean-up
// with the promoted table, with a table that was not promoted, and over more
// entries than one page.
import { createDatabaseRouter, databasePaths } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { movePath, movePlayer } from '../database/movePlayer.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { cleanMoves } from './cleanMoves.js'

const NOW = Date.UTC(2026, 11, 9, 0, 30)
let main: TestDatabase
let p1: TestDatabase
let p2: TestDatabase
const open = (url: string) => [main, p1, p2].find((instance) => instance.url === url)?.database as Database
const read = async (database: Database, path: string) => (await database.ref(path).once('value')).val() as unknown

beforeAll(async () => {
  ;[main, p1, p2] = await Promise.all([startTestDatabase(), startTestDatabase(), startTestDatabase()])
})
afterAll(() => Promise.all([main, p1, p2].map((instance) => instance?.close())))

/** Players the two-instance table sends to p2, each with a profile on p1, moved there by movePlayer. */
async function movedPlayers(count: number, prefix: string): Promise<string[]> {
  const next = createDatabaseRouter(main.url, { players: [p1.url, p2.url] })
  const uids: string[] = []
  for (let index = 0; uids.length < count; index++) {
    const uid = `${prefix}${index.toString(16).padStart(8, '0')}`
    if (next.instanceOfPlayer(uid) === p2.url) uids.push(uid)
  }
  await p1.database.ref().update(Object.fromEntries(uids.map((uid) => [databasePaths.profile(uid), { publicId: `p-${uid}` }])))
  for (const uid of uids) expect((await movePlayer(p1.database, p2.database, uid, NOW)).outcome).toBe('moved')
  return uids
}

describe('cleanMoves', () => {
  test('default: after a finished switch, with the promoted table, every marker and tombstone goes and no record moves', async () => {
    const uids = await movedPlayers(12, 'a')
    expect(await read(p1.database, movePath(uids[0] as string))).toMatchObject({ state: 'gone' })
    expect(await read(p2.database, movePath(uids[0] as string))).toMatchObject({ state: 'arrived' })

    const report = await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url, p2.url] }), open)

    expect(report).toEqual({ deleted: 24, kept: [] })
    for (const uid of uids) {
      expect(await read(p1.database, movePath(uid))).toBeNull()
      expect(await read(p2.database, movePath(uid))).toBeNull()
      expect(await read(p2.database, databasePaths.profile(uid))).toEqual({ publicId: `p-${uid}` })
      expect(await read(p1.database, databasePaths.profile(uid))).toBeNull()
    }
    // Nothing left to do: a second clean-up deletes nothing.
    expect(await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url, p2.url] }), open)).toEqual({
      deleted: 0,
      kept: [],
    })
  })

  test('bad input: a table that was not promoted keeps every entry that disagrees with it, and says where', async () => {
    const uids = await movedPlayers(3, 'b')
    // The switch's old table: it sends the moved players back to p1, where only their tombstones are (p2, not in
    // that table, is not visited).
    const report = await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url] }), open)

    expect(report).toEqual({ deleted: 0, kept: uids.map((uid) => ({ instance: p1.url, uid, reason: 'gone from its home' })) })
    // The table the tombstones point to: p2 also holds the leaderboard, the moved players' home is still p1.
    const wrong = await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url], leaderboards: [p2.url] }), open)
    expect(wrong.deleted).toBe(0)
    expect(wrong.kept).toEqual(
      expect.arrayContaining(uids.map((uid) => ({ instance: p2.url, uid, reason: 'arrived off its home' }))),
    )
    for (const uid of uids) expect(await read(p2.database, movePath(uid))).toMatchObject({ state: 'arrived' })
    await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url, p2.url] }), open)
  })

  test('edge: an unfinished move and an unreadable entry are kept; the rest of the page goes', async () => {
    const [uid] = await movedPlayers(1, 'c')
    await p2.database.ref().update({
      [movePath('c-held')]: { state: 'copying', by: 'run-1', until: NOW + 60_000 },
      [movePath('c-junk')]: 'not a move',
    })

    const report = await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url, p2.url] }), open)

    expect(report.deleted).toBe(2)
    expect(report.kept).toEqual([
      { instance: p2.url, uid: 'c-held', reason: 'move unfinished' },
      { instance: p2.url, uid: 'c-junk', reason: 'unreadable' },
    ])
    expect(await read(p2.database, movePath(uid as string))).toBeNull()
    await p2.database.ref('moves').remove()
  })

  test('scale: 1,100 entries on one instance (three pages) are all deleted, kept ones between pages included', async () => {
    const entries: Record<string, unknown> = {}
    for (let index = 0; index < 1_100; index++) {
      entries[`d${index.toString().padStart(5, '0')}`] = { state: 'gone', at: NOW }
    }
    // p2 holds the leaderboard and nobody's records in this table: every tombstone there may go, but unfinished moves.
    entries.d00500 = { state: 'copying', by: 'run-2', until: NOW }
    entries.d01000 = { state: 'copying', by: 'run-3', until: NOW }
    await p2.database.ref('moves').set(entries)

    const report = await cleanMoves(createDatabaseRouter(main.url, { players: [p1.url], leaderboards: [p2.url] }), open)

    expect(report.deleted).toBe(1_098)
    expect(report.kept.map((kept) => kept.uid)).toEqual(['d00500', 'd01000'])
    expect(Object.keys((await read(p2.database, 'moves')) as Record<string, unknown>)).toEqual(['d00500', 'd01000'])
  })
})
