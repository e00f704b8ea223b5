import { databasePaths, spawnWindowOf } from '@worldmap/game'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/**
 * Which of `watchCells` have no spawn marker yet in the window of `now`:
 * the cells a spawn there would write. Read before anything is spent, so a
 * player who opens home or the map again in one place costs no spawn token,
 * no crowd count and no write (`ensureDropsNear`). Each marker is read on its
 * region's instance. A cell another player spawns between this read and the
 * spawn is still spawned once (the spawn's create-only transaction decides).
 *
 * @example
 * ```ts
 * const unspawned = await readUnspawnedCells(databases, area.spawnWatchCells, Date.now())
 * if (unspawned.length === 0) return // nothing to spawn: nothing to spend
 * ```
 */
export async function readUnspawnedCells(databases: Databases, watchCells: readonly string[], now: number): Promise<string[]> {
  const { ofCell } = gameDatabasesOf(databases)
  const window = spawnWindowOf(now).index
  const markers = await Promise.all(
    watchCells.map(async (cell) =>
      (await ofCell(cell, window).ref(databasePaths.spawnedCell(window, cell)).once('value')).exists(),
    ),
  )
  return watchCells.filter((_, index) => !markers[index])
}
