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

const drop = { lat: 1.3521, lng: 103.8198, geohash: 'w21z74nz1', kind: 'gem', rarity: 'rare', spawnedAt: 1, expiresAt: 2 }
const item = { kind: 'gem', rarity: 'rare', dropId: 'd1', lat: 1.3521, lng: 103.8198, collectedAt: 3 }
const profile = (uid: string) => ({ walletAddress: uid, username: 'someone', verifiedLevel: 'orb', collected: 1, createdAt: 1 })

beforeAll(async () => {
  await admin.database.ref().update({
    'drops/d1': drop,
    [`inventories/${alice}/d1`]: item,
    [`inventories/${bob}/d2`]: { ...item, dropId: 'd2' },
    [`profiles/${alice}`]: profile(alice),
    [`profiles/${bob}`]: profile(bob),
    'nonces/n0nce123': { spentAt: 1 },
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
  test('behavior: a signed-in user reads drops, its own inventory and any profile', async () => {
    expect(await read(aliceClient.database, 'drops/d1')).toEqual(drop)
    expect(await read(aliceClient.database, `inventories/${alice}`)).toEqual({ d1: item })
    expect(await read(aliceClient.database, `profiles/${bob}`)).toEqual(profile(bob))
  })

  test('behavior: a user edits its own display fields', async () => {
    const profileRef = (field: string) => ref(aliceClient.database, `profiles/${alice}/${field}`)
    await set(profileRef('username'), 'alice')
    await set(profileRef('profilePictureUrl'), 'https://example.com/alice.png')
    await set(profileRef('lastSeenAt'), serverTimestamp())
    const stored = (await readOnce<Record<string, unknown>>(admin.database, `profiles/${alice}`)) ?? {}
    expect(stored).toMatchObject({ username: 'alice', profilePictureUrl: 'https://example.com/alice.png' })
    expect(stored.lastSeenAt).toEqual(expect.any(Number))
  })

  test.each([
    ["another user's inventory", `inventories/${bob}`],
    ['every inventory', 'inventories'],
    ['the spent nonces', 'nonces'],
    ['a spent nonce', 'nonces/n0nce123'],
    ['the World ID nullifiers', 'nullifiers'],
    ['the whole database', ''],
  ])('error: reading %s is denied', async (_name, path) => {
    expect(await read(aliceClient.database, path)).toBe('denied')
  })

  test.each([
    ['drops', 'drops/d1'],
    ['profiles', `profiles/${bob}`],
  ])('error: signed-out reads of %s are denied', async (_name, path) => {
    expect(await read(anonymousClient.database, path)).toBe('denied')
  })

  test.each<[string, string, unknown]>([
    ['forging a drop', 'drops/forged', drop],
    ['moving a drop', 'drops/d1/lat', 0],
    ['claiming a drop', 'drops/d1/collectedBy', alice],
    ['adding to its own inventory', `inventories/${alice}/free`, item],
    ["writing another user's inventory", `inventories/${bob}/d2`, null],
    ["editing another user's username", `profiles/${bob}/username`, 'mallory'],
    ["replacing another user's profile", `profiles/${bob}`, profile(alice)],
    ['setting its own verification level', `profiles/${alice}/verifiedLevel`, 'orb'],
    ['setting its own collected count', `profiles/${alice}/collected`, 999],
    ['changing its own wallet address', `profiles/${alice}/walletAddress`, bob],
    ['changing its own creation date', `profiles/${alice}/createdAt`, 0],
    ['adding an unknown profile field', `profiles/${alice}/isAdmin`, true],
    ['an empty username', `profiles/${alice}/username`, ''],
    ['a username over 64 characters', `profiles/${alice}/username`, 'x'.repeat(65)],
    ['a picture that is not https', `profiles/${alice}/profilePictureUrl`, 'http://example.com/a.png'],
    ['a lastSeenAt that is not the server time', `profiles/${alice}/lastSeenAt`, 1],
    ['spending a nonce', 'nonces/fresh1234', { spentAt: 1 }],
    ['erasing a spent nonce', 'nonces/n0nce123', null],
    ['linking a World ID nullifier', 'nullifiers/abc', alice],
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
    expect(await readOnce(admin.database, 'drops/d1')).toEqual(drop)
    expect(await readOnce(admin.database, 'drops/forged')).toBeNull()
    expect(await readOnce(admin.database, `inventories/${alice}/free`)).toBeNull()
    expect(await readOnce(admin.database, 'nullifiers/abc')).toBeNull()
    expect(await readOnce(admin.database, `inventories/${alice}`)).toEqual({ d1: item })
    expect(await readOnce(admin.database, `profiles/${bob}`)).toEqual(profile(bob))
    expect(await readOnce(admin.database, 'nonces/n0nce123')).toEqual({ spentAt: 1 })
    expect(await readOnce(admin.database, 'hacked')).toBeNull()
  })
})
