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
 *
 * @param {import('firebase-admin/database').Database} database
 * @param {{ uid: string, dropId: string, itemId: string }[]} successes
 * @example
 * ```js
 * const { doubleAwards, lostItems } = await auditAwards(database, stats.successes)
 * ```
 */
export async function auditAwards(database, successes) {
  const read = async (path) => (await database.ref(path).once('value')).val() ?? {}
  const [inventories, profiles, claimsByWindow] = await Promise.all([read('inventories'), read('profiles'), read('claims')])

  /** @type {{ window: string, dropId: string, uid: string }[]} */
  const claims = []
  for (const [window, dropClaims] of Object.entries(claimsByWindow)) {
    for (const [dropId, claim] of Object.entries(dropClaims ?? {})) claims.push({ window, dropId, uid: claim?.uid })
  }

  const owners = new Map()
  let items = 0
  for (const inventory of Object.values(inventories)) {
    for (const dropId of Object.keys(inventory ?? {})) {
      items += 1
      owners.set(dropId, (owners.get(dropId) ?? 0) + 1)
    }
  }
  const inInventory = (uid, dropId) => Boolean(inventories[uid]?.[dropId])

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
  const repliesAgainstClaims = successes.filter(
    (success) => claimOwner.has(success.dropId) && claimOwner.get(success.dropId) !== success.uid,
  ).length

  return {
    claims: claims.length,
    inventoryItems: items,
    duplicateItems,
    overCounted,
    underCounted,
    undeliveredClaims,
    missingReplies,
    /** Successful replies for a drop whose claim names someone else (a double award by another route). */
    repliesAgainstClaims,
    doubleAwards: duplicateItems + overCounted + repliesAgainstClaims,
    lostItems: undeliveredClaims + missingReplies,
  }
}
