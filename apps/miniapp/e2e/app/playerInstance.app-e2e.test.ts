// A player's records live on a player instance (issue 35, point 1): the
// test stack puts every player on an instance of their own (neither main nor
// Singapore's region), and the app must read them there. Records written
// there through the Admin SDK, as the functions write them, show on home and
// the profile; the same records written on main (decoys) show nowhere. The
// page opens one socket per instance it reads, never two to the same one.
import { databasePaths, type Progress } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { sharedBrowserAndDatabase, stackDatabaseRouter, stackDatabaseUrls } from './chaos/chaos.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'

const TEST_TIMEOUT_MS = 120_000
const MARINA_BAY = { lat: 1.2834, lng: 103.8607 }

const shared = sharedBrowserAndDatabase()

/** Today's progress as collectDrop writes it, in Singapore's day. */
function progressOf(today: number): Progress {
  const timeZone = 'Asia/Singapore'
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  return { timeZone, day, today, streak: 1, best: 1, updatedAt: Date.now(), timeZoneSince: Date.now() }
}

/** `count` items as collectDrop writes them into `/inventories/{uid}`. */
const itemsOf = (count: number, tag: string) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `${tag}${index}`,
      { kind: 'gem', rarity: 'common', collectedAt: Date.now() - index * 60_000, dropId: `${tag}-drop-${index}`, ...MARINA_BAY },
    ]),
  )

describe('player instances', () => {
  test(
    "behavior: the app reads a player's progress, inventory and verified level on the player's instance, not main's copies",
    async () => {
      const session = await openSession(shared.browser, {
        simulator: { privateKey: randomPrivateKey(), identity: { seed: `players-${Date.now()}-${Math.random()}` } },
        username: `players-${Date.now().toString(36)}`,
      })
      const { page } = session
      const sockets: string[] = []
      page.on('websocket', (socket) => sockets.push(new URL(socket.url()).host))
      const [main] = stackDatabaseUrls()
      let uid: string | undefined
      try {
        await page.goto(appUrl('/'))
        await homeGreeting(page).waitFor()
        uid = await simulatorAddress(page)
        const players = stackDatabaseRouter().instanceOfPlayer(uid)
        // The stack's default layout: players on an instance of their own.
        expect(players).not.toBe(main)
        const records = shared.playerAdmin(uid)

        // Decoys on main: what a reader of main would show. Then the player's real records, on their instance.
        await shared.admin.database.ref(databasePaths.progress(uid)).set(progressOf(1))
        await shared.admin.database.ref(databasePaths.inventory(uid)).set(itemsOf(5, 'decoy'))
        await shared.admin.database.ref(databasePaths.verifiedLevel(uid)).set('orb')
        await records.database.ref(databasePaths.progress(uid)).set(progressOf(2))
        await records.database.ref(databasePaths.inventory(uid)).set(itemsOf(3, 'seed'))

        await page.getByTestId('progress-goal').filter({ hasText: '2 of 3 finds today' }).waitFor({ timeout: 30_000 })
        const finds = page.getByRole('region', { name: 'Your finds' })
        await expect.poll(() => finds.locator('dd').allTextContents(), { timeout: 30_000 }).toEqual(['3', '3'])
        await screenshot(page, 'home-player-instance')

        // Verified on main only: the profile still offers World ID; once the player's instance says orb, it does not.
        await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
        const worldId = page.getByRole('region', { name: 'World ID' })
        await worldId.getByRole('button', { name: 'Verify' }).waitFor({ timeout: 30_000 })
        await records.database.ref(databasePaths.verifiedLevel(uid)).set('orb')
        await expect.poll(() => worldId.getByRole('button', { name: 'Verify' }).count(), { timeout: 30_000 }).toBe(0)

        // One socket per instance read: main (clock, connection state) and the player's, each once.
        const hosts = new Set(sockets)
        expect(hosts).toContain(new URL(players).host)
        expect(hosts).toContain(new URL(main ?? '').host)
        expect(sockets.length).toBe(hosts.size)
        expect(session.pageErrors).toEqual([])
      } finally {
        await session.close()
        if (uid) {
          await shared.admin.database.ref(databasePaths.profile(uid)).remove()
          await shared.admin.database.ref(databasePaths.inventory(uid)).remove()
        }
      }
    },
    TEST_TIMEOUT_MS,
  )
})
