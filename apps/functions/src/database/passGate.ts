import { checkTravel, type PositionReport, QUOTAS, type TokenBucket, takeToken } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { z } from 'zod'
import { ImpossibleTravelError } from '../refusals/ImpossibleTravelError.js'
import { RateLimitedError } from '../refusals/RateLimitedError.js'

/** What a player is asking to do: spawn the area around it, or collect a drop. */
export type GateAction = 'spawn' | 'collect'

/** One request through the gate. */
export interface GateRequest {
  uid: string
  action: GateAction
  /** The position the request reports (validated by the caller). */
  lat: number
  lng: number
  /** Server time, ms. */
  now: number
  /** A verified human gets the larger spawn quota. */
  verified: boolean
  /**
   * Whether the request takes a token from its quota. `false` for a spawn
   * request whose area exists already this window: it still passes the
   * travel check and records the position, but costs nothing, so opening
   * home or the map in one place any number of times is never refused.
   * @default true
   */
  spend?: boolean
}

const bucketSchema = z.object({
  tokens: z.number().finite(),
  at: z.number().finite(),
  // A spawn bucket filled under the verified allowance; one without it was filled under the unverified one.
  verified: z.literal(true).optional(),
})
/** `/players/{uid}`: server-only. Malformed parts count as missing (a fresh player), never as a crash. */
const playerSchema = z.object({
  last: z
    .object({
      lat: z.number().finite(),
      lng: z.number().finite(),
      at: z.number().finite(),
      // The travel slack left (m); state stored before the budget existed has none and counts as full.
      slack: z.number().finite().optional(),
    })
    .optional()
    .catch(undefined),
  spawn: bucketSchema.optional().catch(undefined),
  collect: bucketSchema.optional().catch(undefined),
})
type Player = z.infer<typeof playerSchema>

/**
 * The stored bucket the request takes from. A player who has just verified
 * starts the verified spawn allowance full, at once: the bucket they emptied
 * under the unverified one (3, then one per 20 minutes) would otherwise hold
 * them at its level. Only once: the new bucket is marked verified.
 */
function bucketFor(player: Player, { action, verified }: GateRequest): TokenBucket | undefined {
  const stored = player[action]
  if (action === 'spawn' && verified && stored?.verified !== true) return undefined
  return stored ? { tokens: stored.tokens, at: stored.at } : undefined
}

/**
 * The anti-cheat gate: one transaction on `/players/{uid}` checks that the
 * move from the player's last reported position is humanly possible
 * (`checkTravel`: 30 m/s plus a 100 m slack budget stored with the last
 * report, so the slack is granted once, not per hop) and takes a token from the action's quota (`QUOTAS`)
 * unless the request spends nothing (`spend: false`), then records the new position and bucket. Because it is a transaction on
 * the player's own node, a player's requests are serialised: two parallel
 * "teleports" cannot both pass. A refused request changes nothing, so
 * waiting `retryAfterMs` always helps.
 *
 * @throws {ImpossibleTravelError} the move is faster than 30 m/s beyond the slack.
 * @throws {RateLimitedError} the quota is used up.
 *
 * @example
 * ```ts
 * await passGate(db, { uid, action: 'collect', lat, lng, now: Date.now(), verified: true })
 * ```
 */
export async function passGate(database: Database, request: GateRequest): Promise<void> {
  const { uid, action, lat, lng, now } = request
  const policy = action === 'collect' ? QUOTAS.collect : request.verified ? QUOTAS.spawnVerified : QUOTAS.spawnUnverified
  const outcome: { error?: Error } = {}
  await database.ref(`players/${uid}`).transaction(
    (current: unknown) => {
      outcome.error = undefined
      const parsed = playerSchema.safeParse(current ?? {})
      const player: Player = parsed.success ? parsed.data : {}
      const travel = checkTravel(player.last ?? null, { lat, lng, at: now })
      if (travel.waitMs > 0) {
        outcome.error = new ImpossibleTravelError({ retryAfterMs: travel.waitMs })
        // Never abort on what may be a guess (not cached yet): write it back
        // unchanged so the server confirms it, or reruns this with the truth.
        return current
      }
      const next: Record<string, unknown> = { last: { lat, lng, at: now, slack: travel.slack } satisfies PositionReport }
      if (request.spend === false) {
        if (player[action]) next[action] = player[action]
      } else {
        const { bucket, waitMs } = takeToken(bucketFor(player, request), now, policy)
        if (waitMs > 0) {
          outcome.error = new RateLimitedError({ quota: action, retryAfterMs: waitMs })
          return current
        }
        next[action] = action === 'spawn' && request.verified ? { ...bucket, verified: true } : bucket
      }
      const other = action === 'collect' ? 'spawn' : 'collect'
      if (player[other]) next[other] = player[other]
      return next
    },
    undefined,
    false,
  )
  if (outcome.error) throw outcome.error
}
