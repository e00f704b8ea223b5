import type { Database } from 'firebase-admin/database'
import type { InventoryItem } from '../game/planCollect.js'

/**
 * Put a claimed drop into `/inventories/{uid}/{itemId}` exactly once and,
 * only for the call that created it, add one to `/profiles/{uid}/collected`.
 * Resolves `true` when this call created the item.
 *
 * Why not one multi-path `update` (item + `ServerValue.increment`): after a
 * crash between the claim and the delivery, or when the same player taps
 * Collect twice, several calls deliver the same item. Writing the item is
 * idempotent (same key, same value) but an unconditional increment is not.
 * A create-only transaction on the item elects exactly one of them to count
 * it. The counter is its own transaction (firebase-server, our local
 * database, does not implement `ServerValue.increment`). The inventory is
 * the source of truth; the counter can only fall behind by one if the
 * process dies between these two writes.
 *
 * @example
 * ```ts
 * await deliverInventoryItem(db, uid, plan.itemId, plan.item)
 * ```
 */
export async function deliverInventoryItem(
  database: Database,
  uid: string,
  itemId: string,
  item: InventoryItem,
): Promise<boolean> {
  const last = { created: false }
  await database.ref(`inventories/${uid}/${itemId}`).transaction(
    (current: unknown) => {
      // Never abort on what may be a guess (not cached yet, or another
      // in-flight transaction's value): propose the item, or write the
      // existing one back unchanged, and let the server confirm either.
      last.created = current === null
      return current === null ? item : current
    },
    undefined,
    false,
  )
  if (!last.created) return false
  await database
    .ref(`profiles/${uid}/collected`)
    .transaction((count: unknown) => (typeof count === 'number' ? count : 0) + 1, undefined, false)
  return true
}
