import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { UsernamesUnavailableError } from './errors/UsernamesUnavailableError.js'
import type { WorldUsername } from './lookUpWorldUsername.js'
import { writePublicCard } from './writePublicCard.js'

const address = '0x00000000000000000000000000000000000A11cE'
const publicId = 'p0123456789abcdef01234567'
const cdn = 'https://cdn.world.test'
const world = (reply: WorldUsername) => vi.fn(async (_address: string) => reply)

let db: TestDatabase
beforeAll(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

describe('writePublicCard', () => {
  test("default: the card holds World's name and avatar for the player's own wallet", async () => {
    const lookUp = world({ username: 'ana', profilePictureUrl: `${cdn}/ana.png` })
    await db.database.ref(`publicProfiles/${publicId}/verified`).set(true)
    await writePublicCard(db.database, { address, publicId }, { lookUp, avatarOrigins: [cdn] })
    expect(lookUp).toHaveBeenCalledWith(address)
    expect(await db.read(`publicProfiles/${publicId}`)).toEqual({
      verified: true,
      username: 'ana',
      profilePictureUrl: `${cdn}/ana.png`,
    })
  })

  test('behavior: a refused name and an off-allowlist avatar are not stored, and replace what was there', async () => {
    await db.database
      .ref(`publicProfiles/${publicId}`)
      .set({ verified: true, username: 'old', profilePictureUrl: `${cdn}/o.png` })
    const lookUp = world({ username: 'ana\u202E', profilePictureUrl: 'https://tracker.test/p.gif' })
    expect(await writePublicCard(db.database, { address, publicId }, { lookUp, avatarOrigins: [cdn] })).toEqual({
      username: null,
      profilePictureUrl: null,
    })
    expect(await db.read(`publicProfiles/${publicId}`)).toEqual({ verified: true })
  })

  test.each([
    ['a bidi override', '\u202Eana'],
    ['only a Hangul filler', '\u3164'],
    ['only a braille blank', '\u2800\u2800'],
    ['tag characters', 'ana\u{E0041}\u{E0042}'],
  ])(
    'behavior: a name refused for %s drops the avatar of the same lookup, even one from an allowed origin',
    async (_name, username) => {
      await db.database
        .ref(`publicProfiles/${publicId}`)
        .set({ verified: true, username: 'old', profilePictureUrl: `${cdn}/o.png` })
      const lookUp = world({ username, profilePictureUrl: `${cdn}/ana.png` })
      expect(await writePublicCard(db.database, { address, publicId }, { lookUp, avatarOrigins: [cdn] })).toEqual({
        username: null,
        profilePictureUrl: null,
      })
      expect(await db.read(`publicProfiles/${publicId}`)).toEqual({ verified: true })
    },
  )

  test('behavior: without a usernames service the card has no name (the board shows the generated one)', async () => {
    await writePublicCard(db.database, { address, publicId }, { lookUp: null, avatarOrigins: [cdn] })
    expect(await db.read(`publicProfiles/${publicId}`)).toBeNull()
  })

  test('error: a failed lookup writes nothing', async () => {
    await db.database.ref(`publicProfiles/${publicId}`).set({ verified: true, username: 'ana' })
    const lookUp = vi.fn(async () => Promise.reject(new UsernamesUnavailableError()))
    await expect(writePublicCard(db.database, { address, publicId }, { lookUp, avatarOrigins: [] })).rejects.toBeInstanceOf(
      UsernamesUnavailableError,
    )
    expect(await db.read(`publicProfiles/${publicId}`)).toEqual({ verified: true, username: 'ana' })
  })
})
