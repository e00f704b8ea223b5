import { databasePaths, generatedNameOf, weekOf } from '@worldmap/game'
import { ref, set } from 'firebase/database'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { awayFromWindowEnd, type Player, placeDrop, removeFromLeaderboard, signIn, verify } from '../../test/emulatorPlayers.js'
import { createAdmin, readTestStack } from '../../test/testStack.js'

// Issue 22, points 2 and 3, through the real callables and rules on the emulators: a
// public card's name and avatar are the server's (World's usernames service), never
// the client's, and a name or avatar that got into a card anyway never reaches the board.
const admin = createAdmin()
const tag = Math.random().toString(36).slice(2, 8)
const players: Player[] = []
const onBoard: string[] = []
let ana: Player
let anaPublicId: string
let mallory: Player
let malloryPublicId: string

/** A card write by the player's own client; `'denied'` when the rules refuse it. */
const clientWrite = (player: Player, publicId: string, field: string, value: string) =>
  set(ref(player.client.database, `${databasePaths.publicProfile(publicId)}/${field}`), value).then(
    () => 'written',
    () => 'denied',
  )

/** `player`'s view of `of`'s row on this week's board. */
async function rowOf(player: Player, publicId: string, you: boolean) {
  const { data } = await player.getLeaderboard({})
  return { entries: data.entries, row: you ? data.entries.find((entry) => entry.you) : undefined, publicId }
}

beforeAll(async () => {
  ana = await signIn(admin)
  mallory = await signIn(admin)
  players.push(ana, mallory)
  anaPublicId = await verify(admin, ana, 'orb', { username: `ana-${tag}` })
  // Mallory has no World username: her card starts without a name.
  malloryPublicId = await verify(admin, mallory, 'orb', {})
  onBoard.push(anaPublicId, malloryPublicId)
  await awayFromWindowEnd()
  for (const player of [ana, mallory]) await player.collectDrop((await placeDrop(admin.databases)).request)
}, 60_000)

afterAll(async () => {
  await removeFromLeaderboard(admin.databases, weekOf(Date.now()).index, onBoard)
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

describe('public cards on the emulators (issue 22)', () => {
  test("error: a second player cannot take another's name: the write is refused and the board shows one row by that name", async () => {
    expect(await clientWrite(mallory, malloryPublicId, 'username', `ana-${tag}`)).toBe('denied')
    const { entries, row } = await rowOf(mallory, malloryPublicId, true)
    expect(entries.filter((entry) => entry.username === `ana-${tag}`)).toHaveLength(1)
    // Without a World username: the neutral name made from her public id.
    expect(row?.username).toBe(generatedNameOf(malloryPublicId))
  })

  test('error: a name with a bidi override or zero-width character never reaches the board', async () => {
    for (const name of [`\u202E${tag}-ana`, `ana-${tag}\u200B`]) {
      expect(await clientWrite(mallory, malloryPublicId, 'username', name)).toBe('denied')
      // A card that holds one anyway (written before these rules): the board shows the generated name.
      await admin.database.ref(`${databasePaths.publicProfile(malloryPublicId)}/username`).set(name)
      const { entries, row } = await rowOf(mallory, malloryPublicId, true)
      expect(row?.username).toBe(generatedNameOf(malloryPublicId))
      expect(entries.some((entry) => /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/.test(entry.username))).toBe(false)
    }
  })

  test('error: a name of only blank or default-ignorable characters never reaches the board, nor does its avatar (issue 33)', async () => {
    // From an allowed origin: only the refused name takes it away.
    const avatar = `${readTestStack().appOrigins[0]}/avatars/${tag}.png`
    for (const name of ['\u3164', '\u2800\u2800', '\u00AD', '\u{E0041}\u{E0042}', '\u2061\u2062', '\u180E', `\u202E${tag}-ana`]) {
      await admin.database.ref(databasePaths.publicProfile(malloryPublicId)).update({ username: name, profilePictureUrl: avatar })
      const { entries, row } = await rowOf(mallory, malloryPublicId, true)
      expect(row, JSON.stringify(name)).toMatchObject({ username: generatedNameOf(malloryPublicId), profilePictureUrl: null })
      expect(entries.some((entry) => entry.username === name)).toBe(false)
    }
  })

  test('error: an avatar from a host not on the allowlist never reaches the board', async () => {
    const pixel = `https://tracker-${tag}.test/pixel.gif`
    expect(await clientWrite(mallory, malloryPublicId, 'profilePictureUrl', pixel)).toBe('denied')
    await admin.database.ref(`${databasePaths.publicProfile(malloryPublicId)}/profilePictureUrl`).set(pixel)
    const { entries, row } = await rowOf(mallory, malloryPublicId, true)
    expect(row?.profilePictureUrl).toBeNull()
    expect(JSON.stringify(entries)).not.toContain('tracker-')
  })
})
