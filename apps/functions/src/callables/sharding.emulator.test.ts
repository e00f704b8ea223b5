import { databasePaths, distanceInMeters, parseDropId, spawnWindowOf, travelWaitMs, watchCellOf } from '@worldmap/game'
import { onValue, ref } from 'firebase/database'
import { afterAll, describe, expect, test } from 'vitest'
import { awayFromWindowEnd, randomUid, signIn } from '../../test/emulatorPlayers.js'
import { createAdmin, readOnce } from '../../test/testStack.js'

// Issue 22, point 7: regional data on its region's database instance, through the deployed functions. The test
// stack runs two instances and routes Singapore (`w21`) to the second; Paris stays on the main one.
const admin = createAdmin()
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  await Promise.all(closers.map((close) => close()))
  await admin.close()
})

type Player = Awaited<ReturnType<typeof signIn>>
type Cell = Record<string, { lat: number; lng: number }>

async function verifiedPlayer(): Promise<Player> {
  const uid = randomUid()
  await admin.databases.ofPlayer(uid).ref(`profiles/${uid}/verifiedLevel`).set('orb')
  const player = await signIn(admin, uid)
  closers.push(player.close)
  return player
}

/** A watch cell as the player's app reads it: on the instance the app routes the cell to. */
function readCell(player: Player, window: number, cell: string): Promise<Cell | null> {
  return new Promise((resolve, reject) =>
    onValue(
      ref(player.client.databaseOfCell(cell), databasePaths.dropsCell(window, cell)),
      (snapshot) => resolve(snapshot.val() as Cell | null),
      reject,
      { onlyOnce: true },
    ),
  )
}

describe('sharding over database instances (issue 22, point 7)', () => {
  test('behavior: a spawn and a collect in Singapore write drops, markers and claim on the region instance, the item on the player instance', async () => {
    const [region, main] = [admin.databases.ofCell('w21z73', spawnWindowOf(Date.now()).index), admin.database]
    expect(region).not.toBe(main)
    const player = await verifiedPlayer()
    const here = { lat: 1.2834 + Math.random() / 200, lng: 103.8507 + Math.random() / 100 }
    await awayFromWindowEnd()
    const { data: area } = await player.ensureDropsNear(here)
    expect(area.spawned).toBeGreaterThan(0)
    const window = area.window

    // Everything regional is on the region instance, none of it on main.
    for (const cell of area.cells) {
      expect(cell.startsWith('w21')).toBe(true)
      expect(await readOnce(main, databasePaths.dropsCell(window, cell))).toBeNull()
    }
    // The spawn unit is the watch cell: its marker is on the region instance too (whoever spawned it this window).
    const watchCell = watchCellOf(here.lat, here.lng)
    expect(await readOnce(region, databasePaths.spawnedCell(window, watchCell))).toEqual(expect.any(Number))
    expect(await readOnce(main, databasePaths.spawnedCell(window, watchCell))).toBeNull()

    // The player's app reads its cells where the functions wrote them.
    const cells = await Promise.all(area.cells.map((cell) => readCell(player, window, cell)))
    const drops = cells.flatMap((cell) => Object.entries(cell ?? {}).map(([id, drop]) => ({ id, ...drop })))
    expect(drops.length).toBeGreaterThan(0)
    // The nearest drop, reached at a human pace: reporting its spot at once would be a jump the travel gate refuses.
    const target = drops.reduce((best, drop) => (distanceInMeters(here, drop) < distanceInMeters(here, best) ? drop : best))
    await new Promise((resolve) =>
      setTimeout(resolve, travelWaitMs({ ...here, at: 0 }, { lat: target.lat, lng: target.lng, at: 0 }) + 500),
    )
    const { data: collected } = await player.collectDrop({ dropId: target.id, lat: target.lat, lng: target.lng, accuracy: 5 })
    expect(collected.itemId).toBe(target.id)
    // The stack gives players an instance of their own (issue 35): none of their records on main or the region.
    const home = admin.databases.ofPlayer(player.uid)
    expect(home).not.toBe(main)
    expect(home).not.toBe(region)

    const targetCell = (parseDropId(target.id) as { watchCell: string }).watchCell
    expect(await readOnce(region, databasePaths.claim(window, target.id))).toMatchObject({ uid: player.uid, delivered: true })
    expect(await readOnce(main, databasePaths.claim(window, target.id))).toBeNull()
    expect(await readOnce(region, databasePaths.drop(window, targetCell, target.id))).toBeNull()
    expect(await readOnce(home, databasePaths.inventoryItem(player.uid, target.id))).toMatchObject({ dropId: target.id })
    for (const other of [region, main]) {
      expect(await readOnce(other, `inventories/${player.uid}`)).toBeNull()
      expect(await readOnce(other, `players/${player.uid}`)).toBeNull()
    }
    expect(await readOnce(home, `profiles/${player.uid}/stats/collected`)).toBe(1)
    // The player's own gate state is on their instance only.
    expect(await readOnce(home, `players/${player.uid}`)).not.toBeNull()
    // A second tap answers the same item: the claim on the region decides.
    const { data: again } = await player.collectDrop({ dropId: target.id, lat: target.lat, lng: target.lng, accuracy: 5 })
    expect(again.itemId).toBe(target.id)
    expect(await readOnce(home, `profiles/${player.uid}/stats/collected`)).toBe(1)
  }, 60_000)

  test('behavior: a spawn in Paris stays on the main instance', async () => {
    const player = await verifiedPlayer()
    const here = { lat: 48.8566 + Math.random() / 100, lng: 2.3522 + Math.random() / 100 }
    await awayFromWindowEnd()
    const { data: area } = await player.ensureDropsNear(here)
    expect(area.spawned).toBeGreaterThan(0)
    const cell = watchCellOf(here.lat, here.lng)
    expect(admin.databases.ofCell(cell, area.window)).toBe(admin.database)
    expect(await readOnce(admin.database, databasePaths.spawnedCell(area.window, cell))).toEqual(expect.any(Number))
    const region = admin.databases.ofCell('w21z73', area.window)
    expect(await readOnce(region, databasePaths.spawnedCell(area.window, cell))).toBeNull()
    const cells = await Promise.all(area.cells.map((watchCell) => readCell(player, area.window, watchCell)))
    expect(cells.some((drops) => drops !== null)).toBe(true)
    for (const watchCell of area.cells) expect(await readOnce(region, databasePaths.dropsCell(area.window, watchCell))).toBeNull()
  }, 60_000)
})
