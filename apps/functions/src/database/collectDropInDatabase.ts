import {
  databasePaths,
  distanceInMeters,
  type InventoryItem,
  type ProgressView,
  parseDropId,
  publicDropSchema,
  viewProgress,
} from '@worldmap/game'
import type { CollectDropSent } from '@worldmap/game/contract'
import type { Database } from 'firebase-admin/database'
import { planCollect } from '../collecting/planCollect.js'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { NotVerifiedError } from '../refusals/NotVerifiedError.js'
import { awardClaim } from './awardClaim.js'
import { type AwardOutcome, awardOutcomeOf } from './awardOutcomeOf.js'
import { type Claim, claimSchema } from './claimSchema.js'
import { StoredDataError } from './errors/StoredDataError.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'
import { passGate } from './passGate.js'
import { profileRecordOf } from './profileRecord.js'
import { readVerifiedLevel } from './readVerifiedLevel.js'

/** A collect request: `uid` from the callable's auth, the rest from its data. */
export interface CollectDropInput {
  uid: string
  /** A drop id (`{cell}_{window}_{index}`), checked again here. */
  dropId: string
  lat: number
  lng: number
  /** Reported GPS accuracy, metres. */
  accuracy: number
  /** The device's IANA time zone (validated by the callable): asks to count days in it (see `recordFind`). */
  timeZone?: string
}

/**
 * A granted collection, as the callable returns it: `collectDropContract`'s
 * reply with every field (the whole inventory item, of which the app reads
 * the kind and rarity; `points` is 0 when the player is not ranked; the
 * progress is in the player's stored time zone).
 */
export type CollectDropResult = CollectDropSent & { item: InventoryItem; progress: ProgressView }

/** Test seams: run something between the steps (to prove a crash there loses nothing). */
export interface CollectDropHooks {
  /** Runs after the claim is won and before the award. */
  afterClaim?: () => void | Promise<void>
}

/**
 * Collect a drop (see docs/data-model.md, "Collect, step by step"):
 *
 * 1. the caller must be verified; a claim that already exists decides at
 *    once — the caller's own resumes its award (a retry or double tap gets
 *    the same item), anyone else's is `AlreadyCollectedError`;
 * 2. the public record must exist, be live, and be within reach;
 * 3. the anti-cheat gate (`passGate`): travel and the collect quota;
 * 4. the claim: a create-only transaction on `/claims/{window}/{dropId}`,
 *    the single "collected once, ever" step;
 * 5. the award (`awardClaim`): inventory, public record removed, counted
 *    once (stats, daily progress, collection, weekly points and the
 *    leaderboard), claim marked delivered — idempotent, so a crash after
 *    step 4 is finished by the player's next call or by the purge.
 *
 * The drop and its claim live on the region's instance (from the drop id),
 * the player's data on the main one (`GameDatabases`).
 *
 * @throws {GameError} `NotVerifiedError`, `DropNotFoundError`,
 * `AlreadyCollectedError`, `DropExpiredError`, `LocationTooInaccurateError`,
 * `OutOfReachError`, `InvalidLocationError`, `ImpossibleTravelError`,
 * `RateLimitedError`.
 * @throws {StoredDataError} a stored drop or claim is malformed.
 *
 * @example
 * ```ts
 * const { itemId, item, distance } = await collectDropInDatabase(db, { uid, dropId, lat, lng, accuracy }, Date.now())
 * ```
 */
export async function collectDropInDatabase(
  databases: Databases,
  input: CollectDropInput,
  now: number,
  hooks: CollectDropHooks = {},
): Promise<CollectDropResult> {
  const { uid, dropId } = input
  const address = parseDropId(dropId)
  if (!address) throw new DropNotFoundError({ details: 'malformed drop id' })
  const { main: database, ofCell } = gameDatabasesOf(databases)
  const region = ofCell(address.cell)
  const claimPath = databasePaths.claim(address.window, dropId)
  const dropPath = databasePaths.drop(address.window, address.watchCell, dropId)

  const [verifiedLevel, storedClaim, storedDrop] = await Promise.all([
    readVerifiedLevel(database, uid),
    readValue(region, claimPath),
    readValue(region, dropPath),
  ])
  if (!verifiedLevel) throw new NotVerifiedError()
  if (storedClaim !== null) return resume(databases, input, parseClaim(claimPath, storedClaim), now)

  let drop = null
  if (storedDrop !== null) {
    const parsed = publicDropSchema.safeParse(storedDrop)
    if (!parsed.success) throw new StoredDataError(dropPath)
    drop = { id: dropId, ...parsed.data }
  }
  const plan = planCollect(input, { now, drop, verifiedLevel })

  await passGate(database, { uid, action: 'collect', lat: input.lat, lng: input.lng, now, verified: true })

  const claim: Claim = {
    uid,
    watchCell: address.watchCell,
    window: address.window,
    item: plan.item,
    at: now,
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  }
  const won: { claim?: unknown } = {}
  await region.ref(claimPath).transaction(
    (current: unknown) => {
      // Never abort on a guess: propose the claim, or write the existing one back
      // unchanged so the server confirms who really holds it.
      won.claim = current === null ? claim : current
      return won.claim
    },
    undefined,
    false,
  )
  if (won.claim !== claim) return resume(databases, input, parseClaim(claimPath, won.claim), now)

  await hooks.afterClaim?.()
  const outcome = await awardClaim(databases, dropId, claim, now)
  return { itemId: dropId, item: plan.item, distance: plan.distance, ...replyOf(outcome, now) }
}

/**
 * A claim that exists already: the caller's own is finished (idempotently)
 * and answered as the first call was; anyone else's is a refusal.
 */
async function resume(databases: Databases, input: CollectDropInput, claim: Claim, now: number): Promise<CollectDropResult> {
  if (claim.uid !== input.uid) throw new AlreadyCollectedError()
  const outcome = claim.delivered
    ? awardOutcomeOf(profileRecordOf(await readValue(gameDatabasesOf(databases).main, databasePaths.profile(input.uid))), claim)
    : await awardClaim(databases, input.dropId, claim, now)
  return { itemId: input.dropId, item: claim.item, distance: distanceInMeters(input, claim.item), ...replyOf(outcome, now) }
}

function replyOf({ firstFind, count, points, progress }: AwardOutcome, now: number) {
  // The stored zone decides the day (viewProgress falls back to UTC only without progress).
  return { firstFind, count, points, progress: viewProgress(progress, now, progress?.timeZone ?? 'UTC') }
}

function parseClaim(path: string, value: unknown): Claim {
  const parsed = claimSchema.safeParse(value)
  if (!parsed.success) throw new StoredDataError(path)
  return parsed.data
}

/** A value listener, not `get()`: it works on the real database and on firebase-server, whose `get()` never answers. */
async function readValue(database: Database, path: string): Promise<unknown> {
  return (await database.ref(path).once('value')).val() as unknown
}
