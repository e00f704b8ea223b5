/**
 * The Realtime Database layout, in one place for the functions, the app,
 * the rules tests and the load run (see docs/data-model.md). Every key is
 * validated before it gets here.
 *
 * @example
 * ```ts
 * onValue(ref(db, databasePaths.dropsCell(window, 'w21z73')), render)
 * ```
 */
export const databasePaths = {
  /** Public: the live drops of one watch cell in one spawn window. */
  dropsCell: (window: number, watchCell: string) => `drops/${window}/${watchCell}`,
  /** Public: one drop's record (deleted when collected). */
  drop: (window: number, watchCell: string, dropId: string) => `drops/${window}/${watchCell}/${dropId}`,
  /** Server only: the spawn cells of a window already spawned (`{cell: at}`). */
  spawnedCell: (window: number, cell: string) => `spawned/${window}/${cell}`,
  /** Server only: who collected a drop, with the item (the "once, ever" record). */
  claim: (window: number, dropId: string) => `claims/${window}/${dropId}`,
  /** Owner only: collected items. */
  inventory: (uid: string) => `inventories/${uid}`,
  inventoryItem: (uid: string, dropId: string) => `inventories/${uid}/${dropId}`,
  /** Owner only: verification, public id, server-kept stats. */
  profile: (uid: string) => `profiles/${uid}`,
  /** Signed-in players: what a leaderboard shows (username, avatar, verified). */
  publicProfile: (publicId: string) => `publicProfiles/${publicId}`,
  /** Server only: anti-cheat state (last position report, quota buckets). */
  player: (uid: string) => `players/${uid}`,
} as const
