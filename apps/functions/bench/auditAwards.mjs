import { parseDropId } from '@worldmap/game'

/**
 * Read every award back through the Admin SDK and check the "collected
 * once, ever" promise (docs/data-model.md):
 *
 * - `doubleAwards`: extra copies of drop ids found in more than one
 *   inventory, plus drops counted more than once (`profiles/{uid}/stats/collected`
 *   above the inventory's size);
 * - `lostItems`: claims (`/claims/{window}/{dropId}`) whose uid's inventory
 *   lacks the drop, plus successful `collectDrop` replies whose item is not
 *   in the caller's inventory.
 *
 * Claims are regional: they are read from every instance, and one found on
 * an instance the region router does not name for its drop counts as
 * `misroutedClaims` (as do spawn markers, `/spawned/{window}/{watchCell}`, on
 * the wrong instance: `misroutedSpawnMarkers`). Inventories and profiles are
 * players' records: they are read from every instance too, and a player's
 * found on an instance other than the one the router names for the uid
 * (`instanceOfPlayer`) counts as `misroutedPlayerRecords`; the award checks
 * use every copy found, so a record on the wrong instance is reported as
 * misrouted, not as lost.
 *
 * @param {Pick<import('./openBenchDatabases.mjs').BenchDatabases, 'instances' | 'instanceOfCell' | 'instanceOfPlayer'>} databases
 * @param {{ uid: string, dropId: string, itemId: string }[]} successes
 * @example
 * ```js
 * const { doubleAwards, lostItems } = await auditAwards(databases, stats.successes)
 * ```
 */
export async function auditAwards(databases, successes) {
  /** @param {import('firebase-admin/database').Database} database @param {string} path */
  const read = async (database, path) => (await database.ref(path).once('value')).val() ?? {}
  const regional = await Promise.all(
    databases.instances.map(async ({ url, database }) => ({
      url,
      claims: await read(database, 'claims'),
      spawned: await read(database, 'spawned'),
      inventories: await read(database, 'inventories'),
      profiles: await read(database, 'profiles'),
    })),
  )
  const { inventories, profiles, playerRecordsByInstance, misroutedPlayerRecords } = mergePlayerRecords(
    regional,
    databases.instanceOfPlayer,
  )
  /** @type {{ window: string, dropId: string, uid: string }[]} */
  const claims = []
  /** Claims per instance (its URL), and those the router puts elsewhere. */
  const claimsByInstance = /** @type {Record<string, number>} */ ({})
  let misroutedClaims = 0
  let misroutedSpawnMarkers = 0
  for (const { url, claims: claimsByWindow, spawned } of regional) {
    claimsByInstance[url] = 0
    for (const [window, dropClaims] of Object.entries(claimsByWindow)) {
      for (const [dropId, claim] of Object.entries(dropClaims ?? {})) {
        claims.push({ window, dropId, uid: claim?.uid })
        claimsByInstance[url] += 1
        const cell = parseDropId(dropId)?.cell
        if (!cell || databases.instanceOfCell(cell) !== url) misroutedClaims += 1
      }
    }
    for (const cells of Object.values(spawned)) {
      for (const cell of Object.keys(cells ?? {})) if (databases.instanceOfCell(cell) !== url) misroutedSpawnMarkers += 1
    }
  }

  const owners = new Map()
  let items = 0
  for (const inventory of Object.values(inventories)) {
    for (const dropId of Object.keys(inventory ?? {})) {
      items += 1
      owners.set(dropId, (owners.get(dropId) ?? 0) + 1)
    }
  }
  const inInventory = (/** @type {string} */ uid, /** @type {string} */ dropId) => Boolean(inventories[uid]?.[dropId])

  let duplicateItems = 0
  for (const count of owners.values()) if (count > 1) duplicateItems += count - 1

  let overCounted = 0
  let underCounted = 0
  for (const [uid, profile] of Object.entries(profiles)) {
    const counted = profile?.stats?.collected ?? 0
    const size = Object.keys(inventories[uid] ?? {}).length
    if (counted > size) overCounted += counted - size
    if (counted < size) underCounted += size - counted
  }

  const undeliveredClaims = claims.filter((claim) => !inInventory(claim.uid, claim.dropId)).length
  const missingReplies = successes.filter((success) => !inInventory(success.uid, success.itemId)).length
  const claimOwner = new Map(claims.map((claim) => [claim.dropId, claim.uid]))
  /** The same drop claimed on two instances: two "collected once" records, so a second award was possible. */
  const claimedTwice = claims.length - claimOwner.size
  const repliesAgainstClaims = successes.filter(
    (success) => claimOwner.has(success.dropId) && claimOwner.get(success.dropId) !== success.uid,
  ).length

  return {
    claims: claims.length,
    claimsByInstance,
    playerRecordsByInstance,
    misroutedPlayerRecords,
    misroutedClaims,
    misroutedSpawnMarkers,
    claimedTwice,
    inventoryItems: items,
    duplicateItems,
    overCounted,
    underCounted,
    undeliveredClaims,
    missingReplies,
    /** Successful replies for a drop whose claim names someone else (a double award by another route). */
    repliesAgainstClaims,
    doubleAwards: duplicateItems + overCounted + repliesAgainstClaims + claimedTwice,
    lostItems: undeliveredClaims + missingReplies,
  }
}

/**
 * Every player's inventory and profile, from whichever instance holds them (merged, items by drop id), with the
 * count of players' records per instance and of those on an instance the router does not name for the uid.
 *
 * @param {{ url: string, inventories: Record<string, any>, profiles: Record<string, any> }[]} regional
 * @param {(uid: string) => string} instanceOfPlayer
 */
function mergePlayerRecords(regional, instanceOfPlayer) {
  /** Every player's inventory and profile, from whichever instance holds them (merged, items by drop id). */
  const inventories = /** @type {Record<string, Record<string, unknown>>} */ ({})
  const profiles = /** @type {Record<string, { stats?: { collected?: number } }>} */ ({})
  /** Players' records per instance, and those the router puts elsewhere. */
  const playerRecordsByInstance = /** @type {Record<string, number>} */ ({})
  let misroutedPlayerRecords = 0
  for (const { url, inventories: instanceInventories, profiles: instanceProfiles } of regional) {
    playerRecordsByInstance[url] = 0
    for (const [kind, records] of /** @type {const} */ ([
      ['inventories', instanceInventories],
      ['profiles', instanceProfiles],
    ])) {
      for (const [uid, record] of Object.entries(records)) {
        playerRecordsByInstance[url] += 1
        if (instanceOfPlayer(uid) !== url) misroutedPlayerRecords += 1
        if (kind === 'inventories') inventories[uid] = { ...inventories[uid], ...record }
        else profiles[uid] = { ...profiles[uid], ...record }
      }
    }
  }

  return { inventories, profiles, playerRecordsByInstance, misroutedPlayerRecords }
}
