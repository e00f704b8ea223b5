import {
  databasePaths,
  distanceInMeters,
  type InventoryItem,
  type ProgressView,
  parseDropId,
  publicDropSchema,
  viewProgress,
  watchCellOf,
} from '@worldmap/game'
import type { CollectDropSent } from '@worldmap/game/contract'
import type { Database } from 'firebase-admin/database'
import { planCollect } from '../collecting/planCollect.js'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { NotVerifiedError } from '../refusals/NotVerifiedError.js'
import { SpotAlreadyFoundError } from '../refusals/SpotAlreadyFoundError.js'
import { type AwardStep, awardClaim } from './awardClaim.js'
import { type AwardOutcome, awardOutcomeOf } from './awardOutcomeOf.js'
import { type Claim, claimSchema } from './claimSchema.js'
import { dropHomeOf } from './dropHomeOf.js'
import { StoredDataError } from './errors/StoredDataError.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'
import { passGate } from './passGate.js'
import { profileRecordOf } from './profileRecord.js'
import { readVerifiedLevel } from './readVerifiedLevel.js'
import { releaseSpot, takeSpot } from './spotFinds.js'

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

/** A step of a collect a test seam can stop after: the gate, the spot, the claim, then the award's steps. */
export type CollectStep = 'gate' | 'spot' | 'claim' | AwardStep

/** Test seams: run something between the steps (a throw there is a crash at that point, to prove it loses nothing). */
export interface CollectDropHooks {
  /** Runs after the claim is won and before the award. */
  afterClaim?: () => void | Promise<void>
  /** Runs after each step, on whichever instance it wrote (`awardClaim`'s and the leaderboard's steps included). */
  afterStep?: (step: CollectStep) => void | Promise<void>
}

/**
 * Collect a drop (see docs/data-model.md, "Collect, step by step"):
 *
 * 1. the caller must be verified; a claim that already exists decides at
 *    once — the caller's own resumes its award (a retry or double tap gets
 *    the same item), anyone else's is `AlreadyCollectedError`;
 * 2. the public record must exist, be live, and be within reach;
 * 3. the anti-cheat gate (`passGate`): travel and the collect quota;
 * 4. the spot (public drops): `takeSpot` on `/spotFinds/{day}/{uid}/{spot}`,
 *    one find per spot per UTC day (its drop renews every window; standing
 *    still must not farm it), given back if step 5 goes to someone else;
 * 5. the claim: a create-only transaction on `/claims/{window}/{dropId}`,
 *    the single "collected once, ever" step;
 * 6. the award (`awardClaim`): inventory, record removed, counted
 *    once (stats, daily progress, collection, weekly points and the
 *    leaderboard), claim marked delivered — idempotent, so a crash after
 *    step 5 is finished by the player's next call or by the purge.
 *
 * A public drop and its claim live on the region's instance (from the drop
 * id); a streak reward (`streak_{window}_{token}`) under the caller's own
 * `/streakDrops/{uid}` on the player's instance, with its claim there, so
 * only its player can collect it (`dropHomeOf`); the player's records (the
 * verified level, the gate, the spot finds, the inventory and the profile)
 * on the player's instance (`ofPlayer(uid)`), and the points on the
 * leaderboard instances (`syncLeaderboardScore`). No step spans two
 * instances: each is one idempotent write or transaction on one of them.
 *
 * @throws {GameError} `NotVerifiedError`, `DropNotFoundError`,
 * `AlreadyCollectedError`, `SpotAlreadyFoundError`, `DropExpiredError`, `LocationTooInaccurateError`,
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
  const home = dropHomeOf(databases, dropId, uid)
  if (!home) throw new DropNotFoundError({ details: 'malformed drop id' })
  const database = gameDatabasesOf(databases).ofPlayer(uid)
  const spotPath = home.spot && databasePaths.spotFind(home.spot.day, uid, home.spot.key)

  const [verifiedLevel, storedClaim, storedDrop, spotFind] = await Promise.all([
    readVerifiedLevel(database, uid),
    readValue(home.database, home.claimPath),
    readValue(home.database, home.recordPath),
    spotPath === null ? null : readValue(database, spotPath),
  ])
  if (!verifiedLevel) throw new NotVerifiedError()
  if (storedClaim !== null) {
    const claim = parseClaim(home.claimPath, storedClaim)
    // Another player's streak reward does not exist for the caller, collected or not.
    if (home.spot === null && claim.uid !== uid) throw new DropNotFoundError()
    return resume(databases, input, claim, now, hooks)
  }
  // Only an early answer, before the gate spends a token: `takeSpot` decides, atomically.
  if (spotFind !== null && spotFind !== dropId) throw new SpotAlreadyFoundError()

  let drop = null
  if (storedDrop !== null) {
    const parsed = publicDropSchema.safeParse(storedDrop)
    if (!parsed.success) throw new StoredDataError(home.recordPath)
    drop = { id: dropId, ...parsed.data }
  }
  const plan = planCollect(input, { now, drop, verifiedLevel })

  await passGate(database, { uid, action: 'collect', lat: input.lat, lng: input.lng, now, verified: true })
  await hooks.afterStep?.('gate')
  if (spotPath !== null) {
    await takeSpot(database, spotPath, dropId)
    await hooks.afterStep?.('spot')
  }

  const claim: Claim = {
    uid,
    watchCell: parseDropId(dropId)?.watchCell ?? watchCellOf(plan.item.lat, plan.item.lng),
    window: home.window,
    item: plan.item,
    at: now,
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  }
  const won: { claim?: unknown } = {}
  await home.database.ref(home.claimPath).transaction(
    (current: unknown) => {
      // Never abort on a guess: propose the claim, or write the existing one back
      // unchanged so the server confirms who really holds it.
      won.claim = current === null ? claim : current
      return won.claim
    },
    undefined,
    false,
  )
  if (won.claim !== claim) {
    const holder = parseClaim(home.claimPath, won.claim)
    // Someone else's find: the spot's next drop is still this player's to find today.
    if (spotPath !== null && holder.uid !== uid) await releaseSpot(database, spotPath, dropId)
    return resume(databases, input, holder, now, hooks)
  }

  await hooks.afterClaim?.()
  await hooks.afterStep?.('claim')
  const outcome = await awardClaim(databases, dropId, claim, now, hooks.afterStep ? { afterStep: hooks.afterStep } : {})
  return { itemId: dropId, item: plan.item, distance: plan.distance, ...replyOf(outcome, now) }
}

/**
 * A claim that exists already: the caller's own is finished (idempotently)
 * and answered as the first call was; anyone else's is a refusal.
 */
async function resume(
  databases: Databases,
  input: CollectDropInput,
  claim: Claim,
  now: number,
  hooks: CollectDropHooks,
): Promise<CollectDropResult> {
  if (claim.uid !== input.uid) throw new AlreadyCollectedError()
  const outcome = claim.delivered
    ? awardOutcomeOf(
        profileRecordOf(await readValue(gameDatabasesOf(databases).ofPlayer(input.uid), databasePaths.profile(input.uid))),
        claim,
      )
    : await awardClaim(databases, input.dropId, claim, now, hooks.afterStep ? { afterStep: hooks.afterStep } : {})
  return { itemId: input.dropId, item: claim.item, distance: distanceInMeters(input, claim.item), ...replyOf(outcome, now) }
}

function replyOf(
  { firstFind, count, points, progress }: AwardOutcome,
  now: number,
): Pick<CollectDropSent, 'firstFind' | 'count' | 'points' | 'progress' | 'serverTime'> {
  // The stored zone decides the day (viewProgress falls back to UTC only without progress).
  return {
    firstFind,
    count,
    points,
    progress: viewProgress(progress, now, progress?.timeZone ?? 'UTC'),
    serverTime: Math.floor(now),
  }
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
