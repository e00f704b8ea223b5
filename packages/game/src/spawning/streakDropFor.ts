import { DROP_KINDS } from '../drops/dropKinds.js'
import { RARITIES, type Rarity } from '../drops/rarities.js'
import { spawnWindowOf } from '../drops/spawnWindow.js'
import { formatStreakDropId, STREAK_DROP_MAX_METERS, STREAK_DROP_MIN_METERS, type StreakDrop } from '../drops/streakDrop.js'
import { EARTH_RADIUS_METERS, type LatLng } from '../geo/distanceInMeters.js'
import { endOfLocalDay } from './endOfLocalDay.js'
import { spawnHash, unitOf } from './spawnHash.js'
import { SPOT_RARITY_WEIGHTS } from './spawnRule.js'
import type { StreakRewardDue } from './streakRewardFor.js'

/** What {@link streakDropFor} needs. */
export interface StreakDropInput {
  /** Server secret (`WORLDMAP_DROP_SEED`). */
  seed: string
  uid: string
  /** Where the player asked from. */
  origin: LatLng
  /** The reward due (`streakRewardFor`). */
  due: StreakRewardDue
  /** Server time, ms. */
  now: number
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180
const toDegrees = (radians: number) => (radians * 180) / Math.PI

/** The point `meters` from `origin` on initial bearing `bearing` (radians), on the sphere `distanceInMeters` uses. */
function destination(origin: LatLng, meters: number, bearing: number): LatLng {
  const angle = meters / EARTH_RADIUS_METERS
  const lat1 = toRadians(origin.lat)
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing))
  const lng2 =
    toRadians(origin.lng) +
    Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2))
  // Wrap into [-180, 180).
  return { lat: toDegrees(lat2), lng: ((((toDegrees(lng2) + 180) % 360) + 360) % 360) - 180 }
}

/** A rarity of at least `atLeast`, weighted as a rich spot's are from there up. */
function rarityFrom(atLeast: Rarity, roll: number): Rarity {
  const eligible = RARITIES.slice(RARITIES.indexOf(atLeast))
  const total = eligible.reduce((sum, rarity) => sum + SPOT_RARITY_WEIGHTS.rich[rarity], 0)
  let threshold = 0
  for (const rarity of eligible) {
    threshold += SPOT_RARITY_WEIGHTS.rich[rarity] / total
    if (roll < threshold) return rarity
  }
  return atLeast
}

/**
 * A player's streak reward drop: 100–250 m from where they asked
 * (`STREAK_DROP_MIN_METERS`…`MAX`), never in reach standing still; of the
 * reward's least rarity or better; alive until the end of the player's
 * local day. Its id (`streak_{window}_{token}`) names the last spawn window
 * of its life, under which its claim is kept, and a token from the seed, the
 * player and the day. Pure and deterministic.
 *
 * @throws {InvalidTimeError} `now` is not a timestamp between 1970 and 9999.
 *
 * @example
 * ```ts
 * const due = streakRewardFor(progress, now)
 * if (due) { const { id, drop } = streakDropFor({ seed, uid, origin: { lat, lng }, due, now }) }
 * ```
 */
export function streakDropFor({ seed, uid, origin, due, now }: StreakDropInput): { id: string; drop: StreakDrop } {
  const hash = spawnHash(seed, 'streak', uid, due.day)
  const meters = STREAK_DROP_MIN_METERS + unitOf(hash, 0) * (STREAK_DROP_MAX_METERS - STREAK_DROP_MIN_METERS)
  const { lat, lng } = destination(origin, meters, unitOf(hash, 4) * 2 * Math.PI)
  const expiresAt = endOfLocalDay(now, due.timeZone)
  return {
    id: formatStreakDropId({ window: spawnWindowOf(expiresAt - 1).index, token: hash.subarray(20, 26).toString('hex') }),
    drop: {
      lat,
      lng,
      kind: DROP_KINDS[hash.readUInt32BE(8) % DROP_KINDS.length] ?? 'coin',
      rarity: rarityFrom(due.atLeast, unitOf(hash, 12)),
      expiresAt,
      streakDay: due.streakDay,
    },
  }
}
