import { type Database, onValue, ref, serverTimestamp, set, update } from 'firebase/database'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAdmin, createClient, readOnce } from '../../test/testStack.js'

// database.rules.json, enforced by the local database stand-in for user
// connections (the Admin SDK bypasses rules, as in production).
const admin = createAdmin()
const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
let aliceClient: Awaited<ReturnType<typeof createClient>>
let anonymousClient: Awaited<ReturnType<typeof createClient>>

const window = 997459
const cell = 'w21z74'
const dropId = 'w21z74n_997459_0'
const drop = { lat: 1.3521, lng: 103.8198, kind: 'gem', rarity: 'rare', expiresAt: 2 }
const item = { kind: 'gem', rarity: 'rare', dropId, lat: 1.3521, lng: 103.8198, collectedAt: 3 }
const profile = (publicId: string) => ({
  publicId,
  verifiedLevel: 'orb',
  createdAt: 1,
  stats: { collected: 1 },
  progress: { timeZone: 'Asia/Singapore', day: '2026-11-24', today: 2, streak: 4, best: 6, updatedAt: 3, timeZoneSince: 1 },
  collection: { gem: { rare: { count: 1, firstAt: 3 } } },
  week: { week: 2968, points: 5 },
})
const alicePublicId = 'paaaaaaaaaaaaaaaaaaaaaaaa'
const bobPublicId = 'pbbbbbbbbbbbbbbbbbbbbbbbb'
const card = { username: 'someone', verified: true }
const claim = { uid: bob, watchCell: cell, window, item, at: 3, delivered: true }
const streakId = 'streak_997470_0123456789ab'
const streakDrop = { ...drop, rarity: 'epic', streakDay: 7 }

beforeAll(async () => {
  await admin.database.ref().update({
    [`drops/${window}/${cell}/${dropId}`]: drop,
    [`spawned/${window}/w21z74n`]: 1,
    [`claims/${window}/w21z74n_997459_1`]: claim,
    [`inventories/${alice}/${dropId}`]: item,
    [`inventories/${bob}/d2`]: { ...item, dropId: 'd2' },
    [`profiles/${alice}`]: profile(alicePublicId),
    [`profiles/${bob}`]: profile(bobPublicId),
    [`publicProfiles/${alicePublicId}`]: card,
    [`publicProfiles/${bobPublicId}`]: card,
    [`players/${bob}`]: { last: { lat: 1.3521, lng: 103.8198, at: 3 } },
    [`streakDrops/${alice}/${streakId}`]: streakDrop,
    [`streakDrops/${bob}/${streakId}`]: streakDrop,
    [`streakRewards/20416/${bob}`]: { dropId: streakId, at: 3 },
    [`spotFinds/20416/${bob}/w21z74n_0`]: dropId,
    [`spotFinds/20416/${alice}/w21z74n_0`]: dropId,
    'nonces/n0nce123': { spentAt: 1 },
    [`leaderboards/1000/scores/bb/${bobPublicId}`]: { points: 5, at: 3, counted: 5 },
    'leaderboards/1000/histogram/5': { n: 1 },
    [`leaderboards/1000/top/${bobPublicId}`]: { points: 5, at: 3 },
  })
  aliceClient = await createClient(await admin.mintCustomToken(alice))
  anonymousClient = await createClient()
})

afterAll(async () => {
  await aliceClient.close()
  await anonymousClient.close()
  await admin.close()
})

/** Read once through a value listener; resolves 'denied' when the rules cancel it. */
function read(database: Database, path: string): Promise<unknown> {
  return new Promise((resolve) => {
    onValue(
      path ? ref(database, path) : ref(database),
      (snapshot) => resolve(snapshot.val()),
      (error) => resolve(/permission_denied/i.test(error.message) ? 'denied' : error),
      { onlyOnce: true },
    )
  })
}

const denied = (write: Promise<void>) => expect(write).rejects.toThrow(/permission_denied/i)

describe('database rules', () => {
  test('behavior: a signed-in user reads one watch cell, its own inventory and profile, and public cards', async () => {
    expect(await read(aliceClient.database, `drops/${window}/${cell}`)).toEqual({ [dropId]: drop })
    expect(await read(aliceClient.database, `drops/${window}/${cell}/${dropId}`)).toEqual(drop)
    expect(await read(aliceClient.database, `inventories/${alice}`)).toEqual({ [dropId]: item })
    expect(await read(aliceClient.database, `profiles/${alice}`)).toEqual(profile(alicePublicId))
    expect(await read(aliceClient.database, `profiles/${alice}/progress`)).toEqual(profile(alicePublicId).progress)
    expect(await read(aliceClient.database, `profiles/${alice}/collection`)).toEqual(profile(alicePublicId).collection)
    expect(await read(aliceClient.database, `profiles/${alice}/week`)).toEqual(profile(alicePublicId).week)
    expect(await read(aliceClient.database, `publicProfiles/${bobPublicId}`)).toEqual(card)
    // Its own streak reward (issue 24): the map listens to this node.
    expect(await read(aliceClient.database, `streakDrops/${alice}`)).toEqual({ [streakId]: streakDrop })
    // The spots it found that day: the map hides their later windows' drops.
    expect(await read(aliceClient.database, `spotFinds/20416/${alice}`)).toEqual({ w21z74n_0: dropId })
  })

  test('behavior: a user edits its own private display fields', async () => {
    const profileRef = (field: string) => ref(aliceClient.database, `profiles/${alice}/${field}`)
    await set(profileRef('username'), 'alice')
    await set(profileRef('profilePictureUrl'), 'https://example.com/alice.png')
    await set(profileRef('lastSeenAt'), serverTimestamp())
    const stored = (await readOnce<Record<string, unknown>>(admin.database, `profiles/${alice}`)) ?? {}
    expect(stored).toMatchObject({ username: 'alice', profilePictureUrl: 'https://example.com/alice.png' })
    expect(stored.lastSeenAt).toEqual(expect.any(Number))
  })

  test.each([
    ['every drop in the world', 'drops'],
    ['a whole spawn window', `drops/${window}`],
    ['a path that is not a watch cell', `drops/${window}/w21z74n`],
    ['the claims (who collected what)', 'claims'],
    ['one window of claims', `claims/${window}`],
    ['a claim', `claims/${window}/w21z74n_997459_1`],
    ['the spawn markers', `spawned/${window}`],
    ["another user's inventory", `inventories/${bob}`],
    ['every inventory', 'inventories'],
    ["another user's profile (wallet, stats)", `profiles/${bob}`],
    ["another user's stats", `profiles/${bob}/stats`],
    ['the list of profiles (every wallet)', 'profiles'],
    ['the list of public cards', 'publicProfiles'],
    ["another user's last position", `players/${bob}`],
    ['the anti-cheat state', 'players'],
    ['the spent nonces', 'nonces'],
    ['a spent nonce', 'nonces/n0nce123'],
    ['the World ID nullifiers', 'nullifiers'],
    ['the purge bookmark', 'meta'],
    ['the crowd limits (issue 22)', 'crowd'],
    ["a network's unverified spawn count", 'crowd/1000/spawn/abcd'],
    ["another user's streak and daily progress", `profiles/${bob}/progress`],
    ["another user's collection", `profiles/${bob}/collection`],
    ["another user's weekly points", `profiles/${bob}/week`],
    ['the leaderboards', 'leaderboards'],
    ["a week's leaderboard", 'leaderboards/1000'],
    ['the top of a week', 'leaderboards/1000/top'],
    ['a score', `leaderboards/1000/scores/bb/${bobPublicId}`],
    ['the points histogram', 'leaderboards/1000/histogram'],
    ["another user's streak reward (where it lies)", `streakDrops/${bob}`],
    ['every streak reward', 'streakDrops'],
    ['who got a streak reward', 'streakRewards/20416'],
    ['which spots another player found today', `spotFinds/20416/${bob}`],
    ["one of another player's spot finds", `spotFinds/20416/${bob}/w21z74n_0`],
    ["a day's spot finds (every player's)", 'spotFinds/20416'],
    ['the spot finds', 'spotFinds'],
    ['the whole database', ''],
  ])('error: reading %s is denied', async (_name, path) => {
    expect(await read(aliceClient.database, path)).toBe('denied')
  })

  test.each([
    ['a watch cell', `drops/${window}/${cell}`],
    ['a public card', `publicProfiles/${bobPublicId}`],
    ['a profile', `profiles/${bob}`],
  ])('error: signed-out reads of %s are denied', async (_name, path) => {
    expect(await read(anonymousClient.database, path)).toBe('denied')
  })

  test.each<[string, string, unknown]>([
    ['forging a drop', `drops/${window}/${cell}/forged`, drop],
    ['moving a drop', `drops/${window}/${cell}/${dropId}/lat`, 0],
    ['deleting a drop', `drops/${window}/${cell}/${dropId}`, null],
    ['forging a claim', `claims/${window}/${dropId}`, { ...claim, uid: alice }],
    ['marking a cell spawned', `spawned/${window}/w21z74p`, 1],
    ['forging its own streak reward', `streakDrops/${alice}/streak_997470_ffffffffffff`, streakDrop],
    ['making its own streak reward legendary', `streakDrops/${alice}/${streakId}/rarity`, 'legendary'],
    ["deleting another user's streak reward", `streakDrops/${bob}/${streakId}`, null],
    ['granting itself a streak reward', `streakRewards/20416/${alice}`, { dropId: streakId, at: 1 }],
    ['forgetting a spot it found', `spotFinds/20416/${alice}/w21z74n_0`, null],
    ['adding to its own inventory', `inventories/${alice}/free`, item],
    ["writing another user's inventory", `inventories/${bob}/d2`, null],
    ["editing another user's username", `profiles/${bob}/username`, 'mallory'],
    ["replacing another user's profile", `profiles/${bob}`, profile(alicePublicId)],
    ['setting its own verification level', `profiles/${alice}/verifiedLevel`, 'orb'],
    ['setting its own stats', `profiles/${alice}/stats/collected`, 999],
    ['setting its own streak', `profiles/${alice}/progress/streak`, 365],
    ['setting its own daily count', `profiles/${alice}/progress/today`, 3],
    ['replacing its own progress', `profiles/${alice}/progress`, { timeZone: 'UTC', day: '2026-11-24', today: 9 }],
    ['moving its own time zone', `profiles/${alice}/progress/timeZone`, 'Pacific/Kiritimati'],
    ['adding to its own collection', `profiles/${alice}/collection/relic/legendary`, { count: 1, firstAt: 1 }],
    ['setting its own weekly points', `profiles/${alice}/week/points`, 9999],
    ['replacing its own week', `profiles/${alice}/week`, { week: 2968, points: 9999 }],
    ["writing another user's streak", `profiles/${bob}/progress/streak`, 0],
    ['putting itself on the board', `leaderboards/1000/scores/aa/${alicePublicId}`, { points: 9999, at: 1, counted: 9999 }],
    ['putting itself in the top', `leaderboards/1000/top/${alicePublicId}`, { points: 9999, at: 1 }],
    ['changing the points histogram', 'leaderboards/1000/histogram/9999', { n: 1 }],
    ["changing another player's score", `leaderboards/1000/scores/bb/${bobPublicId}/points`, 0],
    ['erasing a week', 'leaderboards/1000', null],
    ['changing its own public id', `profiles/${alice}/publicId`, bobPublicId],
    ['changing its own creation date', `profiles/${alice}/createdAt`, 0],
    ['adding an unknown profile field', `profiles/${alice}/isAdmin`, true],
    ['an empty username', `profiles/${alice}/username`, ''],
    ['a username over 64 characters', `profiles/${alice}/username`, 'x'.repeat(65)],
    ['a picture that is not https', `profiles/${alice}/profilePictureUrl`, 'http://example.com/a.png'],
    ['a lastSeenAt that is not the server time', `profiles/${alice}/lastSeenAt`, 1],
    ["editing another user's public card", `publicProfiles/${bobPublicId}/username`, 'mallory'],
    // Issue 22: names and avatars come from World's usernames service, written by the server.
    ['naming its own public card', `publicProfiles/${alicePublicId}/username`, 'alice'],
    [
      'putting an avatar on its own public card',
      `publicProfiles/${alicePublicId}/profilePictureUrl`,
      'https://tracker.test/p.gif',
    ],
    ['verifying its own public card', `publicProfiles/${alicePublicId}/verified`, true],
    ['creating a public card for an id it does not own', 'publicProfiles/pcccccccccccccccccccccccc/username', 'alice'],
    ['adding an unknown public card field', `publicProfiles/${alicePublicId}/walletAddress`, alice],
    ['resetting its anti-cheat state', `players/${alice}`, null],
    ['spending a nonce', 'nonces/fresh1234', { spentAt: 1 }],
    ['erasing a spent nonce', 'nonces/n0nce123', null],
    ['linking a World ID nullifier', 'nullifiers/abc', alice],
    ['moving the purge bookmark', 'meta/purge/drops', 0],
    ["resetting a network's spawn count in a region", 'crowd/1000/spawnRegion/w21z/abcd', { window: 1000, n: 0 }],
    ['resetting its own verify count', `crowd/1000/verify/accounts/${alice}`, null],
    ['resetting a verify lane', 'crowd/1000/verify/fresh', { window: 1000, n: 0 }],
    ['resetting a sign-in count', 'crowd/1000/signIn/abcd', { window: 1000, n: 0 }],
    ['writing the root', '', { hacked: true }],
  ])('error: %s is denied', async (_name, path, value) => {
    await denied(set(path ? ref(aliceClient.database, path) : ref(aliceClient.database), value))
  })

  test('error: a multi-path update touching one forbidden path is denied as a whole', async () => {
    await denied(
      update(ref(aliceClient.database), {
        [`profiles/${alice}/username`]: 'alice2',
        [`profiles/${alice}/verifiedLevel`]: 'orb',
      }),
    )
    expect(await readOnce(admin.database, `profiles/${alice}/username`)).toBe('alice')
  })

  test('error: signed-out writes are denied', async () => {
    await denied(set(ref(anonymousClient.database, `profiles/${alice}/username`), 'anon'))
  })

  test('default: nothing a denied write tried reached the data', async () => {
    // Other test files share this database: look only at what these tests touched.
    expect(await readOnce(admin.database, `drops/${window}/${cell}`)).toEqual({ [dropId]: drop })
    expect(await readOnce(admin.database, `claims/${window}/${dropId}`)).toBeNull()
    expect(await readOnce(admin.database, `inventories/${alice}/free`)).toBeNull()
    expect(await readOnce(admin.database, 'nullifiers/abc')).toBeNull()
    expect(await readOnce(admin.database, `inventories/${alice}`)).toEqual({ [dropId]: item })
    expect(await readOnce(admin.database, `profiles/${bob}`)).toEqual(profile(bobPublicId))
    expect(await readOnce(admin.database, `publicProfiles/${bobPublicId}`)).toEqual(card)
    expect(await readOnce(admin.database, `players/${bob}`)).toEqual({ last: { lat: 1.3521, lng: 103.8198, at: 3 } })
    expect(await readOnce(admin.database, 'nonces/n0nce123')).toEqual({ spentAt: 1 })
    expect(await readOnce(admin.database, 'leaderboards/1000')).toEqual({
      scores: { bb: { [bobPublicId]: { points: 5, at: 3, counted: 5 } } },
      histogram: { 5: { n: 1 } },
      top: { [bobPublicId]: { points: 5, at: 3 } },
    })
    expect(await readOnce(admin.database, 'hacked')).toBeNull()
  })
})

// Every instance gets the same rules (one database.rules.json, deployed to each target): what the region instance
// holds for Singapore, its drops, spawn markers and claims, is guarded there exactly as on the main instance.
describe('database rules on the region instance', () => {
  const regionWindow = window + 1
  const region = () => admin.databases.ofCell(cell, regionWindow)
  const regionClient = (client: Awaited<ReturnType<typeof createClient>>) => client.databaseOfCell(cell)

  beforeAll(async () => {
    // The stack runs two instances and routes Singapore to the second one.
    expect(admin.databases.regional.length).toBeGreaterThanOrEqual(2)
    expect(region()).not.toBe(admin.database)
    expect(regionClient(aliceClient)).not.toBe(aliceClient.database)
    await region()
      .ref()
      .update({
        [`drops/${regionWindow}/${cell}/${dropId}`]: drop,
        [`spawned/${regionWindow}/w21z74n`]: 1,
        [`claims/${regionWindow}/w21z74n_997459_1`]: claim,
      })
  })
  afterAll(async () => {
    await region()
      .ref()
      .update({ [`drops/${regionWindow}`]: null, [`spawned/${regionWindow}`]: null, [`claims/${regionWindow}`]: null })
  })

  test('behavior: a signed-in user reads one watch cell there', async () => {
    expect(await read(regionClient(aliceClient), `drops/${regionWindow}/${cell}`)).toEqual({ [dropId]: drop })
    // The main instance does not have it: the data lives on one instance only.
    expect(await read(aliceClient.database, `drops/${regionWindow}/${cell}`)).toBeNull()
  })

  test.each([
    ['every drop in the region', 'drops'],
    ['a whole spawn window', `drops/${regionWindow}`],
    ['a path that is not a watch cell', `drops/${regionWindow}/w21z74n`],
    ['the claims', 'claims'],
    ['a claim', `claims/${regionWindow}/w21z74n_997459_1`],
    ['the spawn markers', `spawned/${regionWindow}`],
    ['the purge bookmark', 'meta'],
    ['the whole instance', ''],
  ])('error: reading %s there is denied', async (_name, path) => {
    expect(await read(regionClient(aliceClient), path)).toBe('denied')
  })

  test('error: signed out, the watch cell there is denied', async () => {
    expect(await read(regionClient(anonymousClient), `drops/${regionWindow}/${cell}`)).toBe('denied')
  })

  test.each<[string, string, unknown]>([
    ['forging a drop', `drops/${regionWindow}/${cell}/forged`, drop],
    ['moving a drop', `drops/${regionWindow}/${cell}/${dropId}/lat`, 0],
    ['claiming a drop', `claims/${regionWindow}/${dropId}`, claim],
    ['writing a spawn marker', `spawned/${regionWindow}/w21z74p`, 1],
  ])('error: %s there is denied, and nothing reaches the data', async (_name, path, value) => {
    await denied(set(ref(regionClient(aliceClient), path), value))
    expect(await readOnce(region(), `drops/${regionWindow}/${cell}`)).toEqual({ [dropId]: drop })
    expect(await readOnce(region(), `claims/${regionWindow}/${dropId}`)).toBeNull()
    expect(await readOnce(region(), `spawned/${regionWindow}/w21z74p`)).toBeNull()
  })
})
