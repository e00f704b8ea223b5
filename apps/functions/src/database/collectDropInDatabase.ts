import type { Database } from 'firebase-admin/database'
import type { Drop } from '../game/dropSchema.js'
import { distanceInMeters } from '../game/geo/distanceInMeters.js'
import { type InventoryItem, planCollect } from '../game/planCollect.js'
import { deliverInventoryItem } from './deliverInventoryItem.js'
import { StoredDataError } from './errors/StoredDataError.js'
import { readVerifiedLevel } from './readVerifiedLevel.js'
import { storedDropSchema } from './storedDropSchema.js'

/** A collect request: `uid` from the callable's auth, the rest from its data. */
export interface CollectDropInput {
  uid: string
  /** A valid database key (checked by the callable). */
  dropId: string
  lat: number
  lng: number
  /** Reported GPS accuracy, metres. */
  accuracy: number
}

/** A granted collection, as the callable returns it. */
export interface CollectDropResult {
  /** The inventory key: the drop id. */
  itemId: string
  item: InventoryItem
  /** Distance from the player to the drop, metres. */
  distance: number
}

/** What the last run of the transaction's update function decided. */
type Decision =
  | { type: 'claim'; itemId: string; item: InventoryItem; distance: number }
  | { type: 'own'; drop: Drop; collectedAt: number }
  | { type: 'reject'; error: unknown }

/**
 * Collect a drop: ONE transaction on `/drops/{dropId}` runs `planCollect`
 * on the drop's current value and claims it (`collectedBy`, `collectedAt`)
 * only if the plan passes and nobody claimed it before; then the item is
 * delivered to `/inventories/{uid}/{dropId}` (see {@link deliverInventoryItem}).
 * The claim is the single "collected once, ever" step: of any number of
 * concurrent calls, exactly one commits it.
 *
 * Crash-consistency: the claim and the delivery are two writes. If the
 * delivery fails after the claim, the drop is claimed but not yet in the
 * inventory; the player's next `collectDrop` on it (the app retries)
 * finds its own claim and completes the delivery instead of failing with
 * `AlreadyCollectedError`. Delivery is keyed by the drop id and counted
 * once, so repeats (double taps, retries) resolve with the same item and
 * never duplicate it. Nothing the claim passed (reach, expiry) is checked
 * again on that path.
 *
 * @throws {GameError} the typed `planCollect` errors (`NotVerifiedError`,
 * `DropNotFoundError`, `AlreadyCollectedError`, `DropExpiredError`,
 * `LocationTooInaccurateError`, `OutOfReachError`, `InvalidLocationError`).
 * @throws {StoredDataError} the stored drop is malformed.
 *
 * @example
 * ```ts
 * const { itemId, item, distance } = await collectDropInDatabase(db, { uid, dropId, lat, lng, accuracy }, Date.now())
 * ```
 */
export async function collectDropInDatabase(
  database: Database,
  input: CollectDropInput,
  now: number,
): Promise<CollectDropResult> {
  const { uid, dropId } = input
  const verifiedLevel = await readVerifiedLevel(database, uid)
  // A holder, not a `let`: TypeScript does not see assignments made inside the callback.
  const last: { decision?: Decision } = {}

  await database.ref(`drops/${dropId}`).transaction(
    (current: unknown) => {
      const decision = decide(input, current, { now, verifiedLevel })
      last.decision = decision
      if (decision.type === 'claim') return { ...(current as object), collectedBy: uid, collectedAt: now }
      // Never abort: `current` may be a guess (null when not cached yet, or
      // the claim of another transaction of this instance still in flight).
      // Writing it back unchanged makes the server confirm it, or reject the
      // write and run this again with the real drop; only then is the
      // decision final.
      return current
    },
    undefined,
    // A local event for a claim that may still lose the race would be a lie.
    false,
  )

  const decision = last.decision as Decision
  if (decision.type === 'reject') throw decision.error
  if (decision.type === 'claim') {
    const { itemId, item, distance } = decision
    await deliverInventoryItem(database, uid, itemId, item)
    return { itemId, item, distance }
  }
  // Our own earlier claim: finish (or repeat, harmlessly) its delivery.
  const { drop, collectedAt } = decision
  const item: InventoryItem = { kind: drop.kind, rarity: drop.rarity, dropId, lat: drop.lat, lng: drop.lng, collectedAt }
  await deliverInventoryItem(database, uid, dropId, item)
  return { itemId: dropId, item, distance: distanceInMeters(input, drop) }
}

function decide(input: CollectDropInput, current: unknown, context: { now: number; verifiedLevel: string | null }): Decision {
  let drop: Drop | null = null
  let collectedBy: string | null = null
  if (current !== null) {
    const stored = storedDropSchema.safeParse(current)
    if (!stored.success) return { type: 'reject', error: new StoredDataError(`drops/${input.dropId}`) }
    const { collectedBy: by, collectedAt, ...fields } = stored.data
    drop = { id: input.dropId, ...fields }
    collectedBy = by ?? null
    if (by === input.uid && collectedAt !== undefined) return { type: 'own', drop, collectedAt }
  }
  try {
    const plan = planCollect(input, { ...context, drop, alreadyCollectedBy: collectedBy })
    return { type: 'claim', itemId: plan.itemId, item: plan.item, distance: plan.distance }
  } catch (error) {
    return { type: 'reject', error }
  }
}
